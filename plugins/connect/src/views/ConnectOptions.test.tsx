import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineConnector, definePlugin, type KeyValueStorage, type PluginDefinition } from '@portico/contracts/plugin'
import { createMemoryStorage, type Kernel, type KernelOptions } from '@portico/kernel'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import { connect, LEGAL_STORAGE_KEY, type ConnectParameters } from '../plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
})

const metamask = definePlugin({
  name: 'fake-connectors',
  version: '0.0.0',
  contracts: '^1.0.0',
  setup(ctx) {
    ctx.registerConnector(defineConnector({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => ({}) }))
    ctx.registerConnector(defineConnector({ id: 'safe', name: 'Safe', type: 'EXTERNAL', chains: ['eip155'], getProvider: async () => ({}) }))
  },
})

/** An email method with its own input and button, the way a contributed method renders. */
const emailMethod = definePlugin({
  name: 'fake-email',
  version: '0.0.0',
  contracts: '^1.0.0',
  setup({ extensions }) {
    extensions.contribute('connect/methods', {
      items: [{ id: 'email', load: async () => ({ default: () => <button data-testid="email-submit">Continue with email</button> }) }],
    })
  },
})

const featured = definePlugin({
  name: 'fake-wallets',
  version: '0.0.0',
  contracts: '^1.0.0',
  views: { AllWallets: testView('AllWallets') },
  setup({ extensions }) {
    extensions.contribute('connect/walletItems', { items: [{ id: 'rainbow', name: 'Rainbow', group: 'featured', view: 'ConnectingWalletConnect' }] })
  },
})

async function renderConnect(parameters: ConnectParameters, options: KernelOptions & { storage?: KeyValueStorage } = {}, extra: PluginDefinition[] = []) {
  const kernel = createTestKernel({
    ...options,
    plugins: [
      connect(parameters),
      viewsPlugin({ ConnectingExternal: testView('ConnectingExternal'), ConnectingWalletConnect: testView('ConnectingWalletConnect') }),
      metamask,
      emailMethod,
      featured,
      ...extra,
    ],
  })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.open('Connect'))
  const view = await screen.findByTestId('view-Connect')
  await within(view).findByTestId('email-submit')
  if (!parameters.collapseWallets) await within(view).findByTestId('connector-io.metamask')
  return { kernel, view }
}

const legal = { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' }

describe('Connect option: legal checkbox', () => {
  it('behavior: off by default: no checkbox and every method enabled', async () => {
    const { view } = await renderConnect({})
    expect(within(view).queryByTestId('legal-checkbox')).toBeNull()
    expect((within(view).getByTestId('connector-io.metamask') as HTMLButtonElement).matches(':disabled')).toBe(false)
  })

  it('behavior: every way to connect is disabled, with a hint, until the visitor agrees; then each works', async () => {
    const { kernel, view } = await renderConnect({ legal })
    const box = within(view).getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    expect(within(view).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(legal.termsUrl)
    expect(within(view).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(legal.privacyUrl)
    expect(within(view).getByRole('link', { name: 'Privacy Policy' }).getAttribute('target')).toBe('_blank')

    const methods = within(view).getByTestId('connect-methods')
    expect(methods.getAttribute('aria-disabled')).toBe('true')
    expect(within(view).getByTestId('legal-hint').textContent).toBe('Tick the box above to agree before you connect.')
    expect(methods.getAttribute('aria-describedby')).toBe(within(view).getByTestId('legal-hint').id)
    const metamaskRow = within(view).getByTestId('connector-io.metamask') as HTMLButtonElement
    for (const id of ['connector-io.metamask', 'connector-safe', 'wallet-rainbow', 'all-wallets']) {
      const row = within(view).getByTestId(id) as HTMLButtonElement
      expect(row.disabled, id).toBe(true)
      expect(row.getAttribute('aria-disabled'), id).toBe('true')
    }
    // a method another plugin contributed is disabled too (its controls sit in the disabled fieldset)
    expect(within(view).getByTestId('email-submit').matches(':disabled')).toBe(true)
    fireEvent.click(metamaskRow)
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Connect'])

    fireEvent.click(box)
    expect(box.checked).toBe(true)
    expect(methods.hasAttribute('aria-disabled')).toBe(false)
    expect(within(view).queryByTestId('legal-hint')).toBeNull()
    expect(within(view).getByTestId('email-submit').matches(':disabled')).toBe(false)
    expect(metamaskRow.disabled).toBe(false)
    fireEvent.click(metamaskRow)
    expect(kernel.getState().router.history.at(-1)).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } })
  })

  it('behavior: the agreement is kept in the plugin storage for the same documents; new documents ask again', async () => {
    const storage = createMemoryStorage()
    const first = await renderConnect({ legal }, { storage })
    fireEvent.click(within(first.view).getByTestId('legal-accept'))
    await waitFor(async () => expect(await storage.getItem(`plugin:connect:${LEGAL_STORAGE_KEY}`)).toEqual(legal))
    first.kernel.destroy()
    document.body.innerHTML = ''

    const again = await renderConnect({ legal }, { storage })
    await waitFor(() => expect((within(again.view).getByTestId('legal-accept') as HTMLInputElement).checked).toBe(true))
    expect((within(again.view).getByTestId('connector-io.metamask') as HTMLButtonElement).disabled).toBe(false)
    again.kernel.destroy()
    document.body.innerHTML = ''

    const changed = await renderConnect({ legal: { ...legal, termsUrl: 'https://example.com/terms-v2' } }, { storage })
    // give the stored agreement time to be read: it must not apply to other documents
    await act(() => new Promise((r) => setTimeout(r, 20)))
    expect((within(changed.view).getByTestId('legal-accept') as HTMLInputElement).checked).toBe(false)
    expect((within(changed.view).getByTestId('connector-io.metamask') as HTMLButtonElement).disabled).toBe(true)
  })

  it('behavior: with only a terms link the label names that document alone', async () => {
    const { view } = await renderConnect({ legal: { termsUrl: legal.termsUrl } })
    expect((within(view).getByRole('checkbox', { name: 'I agree to the Terms of Service' }) as HTMLInputElement).checked).toBe(false)
    expect(within(view).queryByRole('link', { name: 'Privacy Policy' })).toBeNull()
  })
})

describe('Connect option: collapse wallets', () => {
  it('behavior: the wallet list waits behind "Continue with a wallet", which opens it in place and focuses its first wallet', async () => {
    const kernel = createTestKernel({ plugins: [connect({ collapseWallets: true }), metamask, emailMethod] })
    kernels.push(kernel)
    await kernel.ready
    render(withKernel(kernel))
    await act(() => kernel.open('Connect'))
    const view = await screen.findByTestId('view-Connect')
    const button = await within(view).findByRole('button', { name: 'Continue with a wallet' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(within(view).queryByTestId('wallet-list')).toBeNull()
    expect(within(view).queryByTestId('connector-io.metamask')).toBeNull()
    expect(within(view).getAllByTestId('email-submit')).toHaveLength(1)
    fireEvent.click(button)
    const list = within(view).getByTestId('wallet-list')
    expect(button.getAttribute('aria-controls')).toBe(list.id)
    expect(within(view).queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(within(view).getByTestId('connector-io.metamask')))
  })

  it('behavior: with the legal checkbox unticked the button is disabled too', async () => {
    const { view } = await renderConnect({ collapseWallets: true, legal })
    const button = within(view).getByTestId('connect-continue-wallet') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.click(within(view).getByTestId('legal-accept'))
    expect(button.disabled).toBe(false)
  })
})

describe('Connect option: custom wallets', () => {
  const customWallets = [
    { id: 'acme', name: 'Acme Wallet', imageUrl: 'https://example.com/acme.png', deepLink: 'acme://', webappLink: 'https://web.acme.app' },
    { id: 'mobile-only', name: 'Pocket', deepLink: 'pocket://' },
  ]

  it("behavior: they are listed in the custom group, after featured and before external, as wallet-<id>", async () => {
    const { view } = await renderConnect({ customWallets })
    const list = within(view).getByTestId('wallet-list')
    const groups = Array.from(list.querySelectorAll('[data-group]')).map((g) => g.getAttribute('data-group'))
    expect(groups).toEqual(['injected', 'featured', 'custom', 'external'])
    const custom = list.querySelector('[data-group="custom"]')!
    expect(Array.from(custom.querySelectorAll('[data-list-item]')).map((el) => el.getAttribute('data-testid'))).toEqual(['wallet-acme', 'wallet-mobile-only'])
    expect(within(view).getByTestId('wallet-acme').querySelector('img')?.getAttribute('src')).toBe('https://example.com/acme.png')
    expect(custom.getAttribute('aria-label')).toBe('More wallets')
  })

  it('behavior: on desktop choosing one opens its web app in a new tab and says to finish there', async () => {
    const tab = { opener: {} as unknown }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as Window)
    const { kernel, view } = await renderConnect({ customWallets }, { isMobile: () => false })
    fireEvent.click(within(view).getByTestId('wallet-acme'))
    expect(open).toHaveBeenCalledWith('https://web.acme.app', '_blank')
    expect(tab.opener).toBeNull()
    const state = await screen.findByTestId('view-ConnectingCustom')
    expect(state.getAttribute('data-state')).toBe('opened')
    expect(state.textContent).toContain('Continue in Acme Wallet')
    expect(state.textContent).toContain('Acme Wallet opened in a new tab.')
    expect(screen.getByTestId('custom-wallet-open').getAttribute('href')).toBe('https://web.acme.app')
    expect(screen.getByTestId('header-title').textContent).toBe('Acme Wallet')
    expect(kernel.getState().router.history.at(-1)?.view).toBe('ConnectingCustom')
  })

  it('behavior: on mobile it opens the deep link; a blocked tab leaves a link to open it by hand', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { view } = await renderConnect({ customWallets }, { isMobile: () => true })
    fireEvent.click(within(view).getByTestId('wallet-acme'))
    expect(open).toHaveBeenCalledWith('acme://', '_blank')
    const state = await screen.findByTestId('view-ConnectingCustom')
    expect(state.getAttribute('data-state')).toBe('blocked')
    expect(state.textContent).toContain('Your browser did not open Acme Wallet.')
    const link = screen.getByRole('link', { name: 'Open Acme Wallet' })
    expect(link.getAttribute('href')).toBe('acme://')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('error: a wallet with no link for this device opens nothing and offers to go back', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { kernel, view } = await renderConnect({ customWallets }, { isMobile: () => false })
    fireEvent.click(within(view).getByTestId('wallet-mobile-only'))
    expect(open).not.toHaveBeenCalled()
    const state = await screen.findByTestId('view-ConnectingCustom')
    expect(state.getAttribute('data-state')).toBe('no-link')
    expect(state.textContent).toContain('Pocket has no link for this device.')
    fireEvent.click(within(state).getByRole('button', { name: 'Choose another wallet' }))
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Connect'])
  })

  it('behavior: with the legal checkbox unticked choosing one opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { view } = await renderConnect({ customWallets, legal })
    fireEvent.click(within(view).getByTestId('wallet-acme'))
    expect(open).not.toHaveBeenCalled()
    expect(screen.queryByTestId('view-ConnectingCustom')).toBeNull()
  })
})
