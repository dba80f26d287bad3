import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type ContributionHandle, type PluginContext, type PluginDefinition } from '@portico/contracts/plugin'
import type { Kernel, KernelOptions } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, TEST_ADDRESS, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import type { AccountTab, WalletFeature } from '../extensionPoints.js'
import { account } from '../plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A plugin whose setup contributes to the Account view's extension points. */
function contributor(name: string, setup: (ctx: PluginContext) => void, views: PluginDefinition['views'] = {}): PluginDefinition {
  return definePlugin({ name, version: '0.0.0', contracts: '^1.0.0', views, setup })
}

const tab = (id: string, label: string, text: string): AccountTab => ({ id, label, load: async () => ({ default: () => <p>{text}</p> }) })

async function setup(options: KernelOptions & { extra?: PluginDefinition[]; connected?: boolean } = {}) {
  const { extra = [], connected = true, ...rest } = options
  const wallet = scriptedWalletPlugin()
  const kernel = createTestKernel({ ...rest, plugins: [account(), viewsPlugin({ Connect: testView('Connect') }), wallet.plugin, ...extra] })
  kernels.push(kernel)
  await kernel.ready
  if (connected) {
    await kernel.connect('test-wallet')
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.balance).toBeDefined())
  }
  render(withKernel(kernel))
  await act(() => kernel.open('Account'))
  const view = await screen.findByTestId('view-Account')
  return { kernel, wallet: wallet.wallet, view }
}

describe('Account view', () => {
  it('behavior: shows the truncated address, the floored balance and the network, titled by the network name', async () => {
    const { view } = await setup()
    expect(within(view).getByTestId('account-address').textContent).toBe('0x12...345678')
    expect(within(view).getByTestId('account-balance').textContent).toBe('12.345 ETH')
    expect(within(view).getByTestId('account-network').textContent).toContain('Anvil')
    expect(screen.getByTestId('header-title').textContent).toBe('Anvil')
    expect(within(view).getByRole('img', { name: '0x12...345678' })).toBeTruthy()
  })

  it('behavior: a balance that could not be read says so (never 0.000) and "Try again" reads it again', async () => {
    const wallet = scriptedWalletPlugin()
    wallet.wallet.balanceDown = true
    const kernel = createTestKernel({ plugins: [account(), viewsPlugin({ Connect: testView('Connect') }), wallet.plugin] })
    kernels.push(kernel)
    await kernel.ready
    await kernel.connect('test-wallet')
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.balanceError).toBe(true))
    render(withKernel(kernel))
    await act(() => kernel.open('Account'))
    const view = await screen.findByTestId('view-Account')
    expect(within(view).getByTestId('account-balance').textContent).toBe('Balance unavailable')
    expect(within(view).getByTestId('account-balance').textContent).not.toContain('0.000')

    wallet.wallet.balanceDown = false
    await act(async () => fireEvent.click(within(view).getByTestId('account-balance-retry')))
    await waitFor(() => expect(within(view).getByTestId('account-balance').textContent).toBe('12.345 ETH'))
    expect(within(view).queryByTestId('account-balance-retry')).toBeNull()
    expect(kernel.getState().chains.accounts.eip155?.balanceError).toBeUndefined()
  })

  it('behavior: a click on the address copies it and toasts "Address copied"', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const { view } = await setup()
    await act(async () => fireEvent.click(within(view).getByTestId('account-address')))
    expect(writeText).toHaveBeenCalledWith(TEST_ADDRESS)
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('success')
    expect(toast.textContent).toBe('Address copied')
  })

  it('error: without a clipboard the copy fails with an error toast', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    const { view } = await setup()
    await act(async () => fireEvent.click(within(view).getByTestId('account-address')))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    expect(toast.textContent).toContain('Could not copy the address.')
  })

  it('a11y: the network button is named with its visible text and its icon is not read; the dialog is named after the account', async () => {
    const { view } = await setup()
    const button = within(view).getByTestId('account-network')
    const visible = Array.from(button.childNodes)
      .filter((n) => !(n instanceof Element && n.closest('[aria-hidden="true"]')))
      .map((n) => n.textContent ?? '')
      .join('')
      .trim()
    expect(visible).toBe('Anvil')
    expect(within(view).getByRole('button', { name: 'Anvil' })).toBe(button)
    expect(button.hasAttribute('aria-label')).toBe(false)
    expect(within(button).queryAllByRole('img')).toHaveLength(0)
    expect(screen.getAllByRole('dialog', { name: '0x12...345678' })).toHaveLength(1)
    expect(screen.getByTestId('header-title').textContent).toBe('Anvil')
  })

  it('behavior: with an eoa and a smart account, a tag names the one in use; a wallet with one account shows none', async () => {
    const { kernel, view } = await setup()
    expect(within(view).queryByTestId('account-type')).toBeNull()
    const other = '0x5a5A5a5a5A5a5a5a5a5A5a5A5A5a5a5A5A5A5A5A'
    const allAccounts = [
      { address: TEST_ADDRESS, type: 'eoa' },
      { address: other, type: 'smartAccount' },
    ]
    act(() => void kernel.store.dispatch({ type: 'chains/accountDetailsReported', payload: { namespace: 'eip155', details: { allAccounts, preferredAccountType: 'eoa' } } }))
    expect((await within(view).findByTestId('account-type')).textContent).toBe('EOA')
    act(() => void kernel.store.dispatch({ type: 'chains/accountDetailsReported', payload: { namespace: 'eip155', details: { preferredAccountType: 'smartAccount' } } }))
    await waitFor(() => expect(within(view).getByTestId('account-type').textContent).toBe('Smart account'))
    expect(within(view).getByTestId('account-type').getAttribute('title')).toBe('Account in use: Smart account')
  })

  it('behavior: the network button opens Networks', async () => {
    const { kernel, view } = await setup({ extra: [] })
    fireEvent.click(within(view).getByTestId('account-network'))
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account', 'Networks'])
    expect(await screen.findByTestId('view-Networks')).toBeTruthy()
  })

  it('behavior: wallet features show only when contributed, ordered onramp, swaps, receive, send', async () => {
    const features = definePlugin({
      name: 'fake-features',
      version: '0.0.0',
      contracts: '^1.0.0',
      views: { Send: testView('Send') },
      setup({ extensions }) {
        extensions.contribute('account/features', {
          items: [
            { id: 'send', label: 'account.feature.send', view: 'Send' },
            { id: 'onramp', label: 'account.feature.onramp', view: 'Onramp' },
          ],
        })
      },
    })
    const { kernel, view } = await setup({ extra: [features] })
    const tiles = within(view).getByRole('group', { name: 'Wallet actions' })
    expect(within(tiles).getAllByRole('button').map((b) => b.textContent)).toEqual(['Buy', 'Send'])
    fireEvent.click(within(view).getByTestId('account-feature-send'))
    expect(kernel.getState().router.history.at(-1)?.view).toBe('Send')
  })

  it('behavior: account actions show as named rows above Disconnect, with their detail, and open their view', async () => {
    const extra = [
      contributor(
        'settings',
        (ctx) => void ctx.extensions.contribute('account/actions', { items: [{ id: 'update-email', label: 'Update email', view: 'Settings', detail: 'a@b.test' }] }),
        { Settings: { load: async () => ({ default: () => <p data-testid="view-Settings">settings</p> }) } },
      ),
    ]
    const { view } = await setup({ extra })
    const row = within(view).getByTestId('account-update-email')
    expect(row.textContent).toContain('Update email')
    expect(row.textContent).toContain('a@b.test')
    expect(within(view).getByRole('group', { name: 'Account settings' }).contains(row)).toBe(true)
    // placed before Disconnect in reading order
    expect(row.compareDocumentPosition(within(view).getByTestId('account-disconnect')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await act(async () => fireEvent.click(row))
    await screen.findByTestId('view-Settings')
  })

  it('behavior: with no account actions there is no settings group', async () => {
    const { view } = await setup()
    expect(within(view).queryByRole('group', { name: 'Account settings' })).toBeNull()
  })

  it('behavior: with no features there is no feature row', async () => {
    const { view } = await setup()
    expect(within(view).queryByRole('group', { name: 'Wallet actions' })).toBeNull()
  })

  it('behavior: Tokens, NFTs and Activity tabs say why they are empty; the chosen tab is kept in the account state', async () => {
    const { kernel, view } = await setup()
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect((await within(view).findByTestId('account-empty-tokens')).textContent).toContain('No tokens yet')
    fireEvent.click(within(view).getByRole('tab', { name: 'NFTs' }))
    expect((await within(view).findByTestId('account-empty-nfts')).textContent).toContain('No NFTs yet')
    expect(kernel.getState().chains.accounts.eip155?.currentTab).toBe(1)
    fireEvent.keyDown(within(view).getByRole('tab', { name: 'NFTs' }), { key: 'ArrowRight' })
    expect((await within(view).findByTestId('account-empty-activity')).textContent).toContain('No activity yet')
    expect(within(view).getByRole('tabpanel', { name: 'Activity' })).toBeTruthy()
  })

  it('behavior: a plugin tab replaces the default with its id and new tabs are appended', async () => {
    const history = definePlugin({
      name: 'fake-history',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        extensions.contribute('account/tabs', { items: [tab('activity', 'Activity', '3 transactions'), tab('names', 'Names', 'alice.id')] })
      },
    })
    const { view } = await setup({ extra: [history] })
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity', 'Names'])
    fireEvent.click(within(view).getByRole('tab', { name: 'Activity' }))
    expect(await within(view).findByText('3 transactions')).toBeTruthy()
    expect(within(view).queryByTestId('account-empty-activity')).toBeNull()
  })

  it('behavior: a contribution updated after the view rendered shows in it without a remount', async () => {
    let tabs: ContributionHandle<AccountTab> | undefined
    let features: ContributionHandle<WalletFeature> | undefined
    const late = contributor('late-contributor', ({ extensions }) => {
      tabs = extensions.contribute('account/tabs', { items: [] })
      features = extensions.contribute('account/features', { items: [] })
    })
    const { view } = await setup({ extra: [late] })
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect(within(view).queryByRole('group', { name: 'Wallet actions' })).toBeNull()
    // the empty Tokens tab offers no action while no Receive or Buy feature is contributed
    expect(within(await within(view).findByTestId('account-empty-tokens')).queryByRole('button')).toBeNull()

    act(() => tabs!.update({ items: [tab('names', 'Names', 'alice.id')] }))
    act(() => features!.update({ items: [{ id: 'receive', label: 'account.feature.receive', view: 'Receive' }] }))
    expect(screen.getByTestId('view-Account')).toBe(view)
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity', 'Names'])
    expect(within(view).getByTestId('account-feature-receive').textContent).toBe('Receive')
    expect(within(within(view).getByTestId('account-empty-tokens')).getByRole('button').textContent).toBe('Receive')

    act(() => tabs!.withdraw())
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
  })

  it('behavior: a contribution selected from the store follows the state while the view shows', async () => {
    // memoised: the same array for the same network, so the view does not re-render on every store change
    const bridge = [tab('bridge', 'Bridge', 'bridge to Anvil')]
    const none: AccountTab[] = []
    const selected = (network: string | undefined) => (network === 'eip155:31338' ? bridge : none)
    const networkTabs = contributor('network-tabs', ({ extensions }) => {
      extensions.contribute('account/tabs', { select: (state) => selected(state.chains.activeCaipNetworkId) })
    })
    const { kernel, view } = await setup({ extra: [networkTabs] })
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])

    await act(() => kernel.switchNetwork('eip155:31338'))
    expect(screen.getByTestId('view-Account')).toBe(view)
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity', 'Bridge'])
    fireEvent.click(within(view).getByRole('tab', { name: 'Bridge' }))
    expect((await within(view).findByText('bridge to Anvil')).textContent).toBe('bridge to Anvil')
    expect(kernel.getState().chains.accounts.eip155?.currentTab).toBe(3)

    await act(() => kernel.switchNetwork('eip155:31337'))
    expect(within(view).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    // the kept index points past the list: the last tab shows
    expect(within(view).getByRole('tab', { selected: true }).textContent).toBe('Activity')
  })

  it('behavior: Disconnect disconnects the wallet and the modal shows Connect', async () => {
    const { kernel, wallet, view } = await setup()
    await act(async () => fireEvent.click(within(view).getByTestId('account-disconnect')))
    expect(wallet.calls).toContain('disconnect')
    expect(await screen.findByTestId('view-Connect')).toBeTruthy()
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Connect'])
    expect(kernel.getState().chains.accounts.eip155?.address).toBeUndefined()
  })

  it('error: a failed disconnect toasts "Failed to disconnect" and the button can be used again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { wallet, view } = await setup()
    wallet.mode = 'fail'
    const button = within(view).getByTestId('account-disconnect') as HTMLButtonElement
    await act(async () => fireEvent.click(button))
    expect((await screen.findByTestId('toast')).textContent).toBe('Failed to disconnect')
    await waitFor(() => expect(button.disabled).toBe(false))
    expect(screen.getByTestId('view-Account')).toBeTruthy()
  })

  it('behavior: without a connected account the view offers to connect', async () => {
    const { kernel, view } = await setup({ connected: false })
    expect(view.textContent).toContain('No wallet connected')
    fireEvent.click(within(view).getByRole('button', { name: 'Connect Wallet' }))
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Connect'])
  })
})
