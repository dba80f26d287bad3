import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { configureStore } from '@reduxjs/toolkit'
import { Provider, useSelector } from 'react-redux'
import type React from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kernel } from '../kernel/types.js'
import { chainsSlice, connectionSlice, connectorsSlice } from '../store/index.js'
import { ConnectButton } from './ConnectButton.js'
import { useAccount, useConnection, useExtension, useKernel, useModal, useNetwork, usePorticoSelector } from './hooks.js'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import { definePlugin, type ContributionHandle, type PorticoState } from '@portico/contracts/plugin'

declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    'test/items': { id: string }
  }
}

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

async function makeKernel(options: Parameters<typeof createTestKernel>[0] = {}) {
  const kernel = createTestKernel({ plugins: [viewsPlugin({ Connect: testView('Connect'), Account: testView('Account') })], ...options })
  kernels.push(kernel)
  await kernel.ready
  return kernel
}

/** The events the kernel's connect dispatches, so the hooks see a connected eip155 account. */
function connect(kernel: Kernel, balance?: { balance: string; symbol: string }) {
  act(() => {
    kernel.store.dispatch(chainsSlice.actions.activeNetworkChanged({ caipNetworkId: 'eip155:31337' }))
    kernel.store.dispatch(
      chainsSlice.actions.accountConnected({
        namespace: 'eip155',
        address: ADDRESS,
        caipAddress: `eip155:31337:${ADDRESS}`,
        connectorId: 'test-wallet',
        allAccounts: [{ address: ADDRESS, type: 'eoa' }],
        walletInfo: { name: 'Test Wallet' },
      }),
    )
    kernel.store.dispatch(connectionSlice.actions.connectionEstablished({ namespace: 'eip155', connectorId: 'test-wallet', address: ADDRESS, chainId: 31337 }))
    if (balance) kernel.store.dispatch(chainsSlice.actions.balanceReceived({ namespace: 'eip155', ...balance }))
  })
}

const wrap = (kernel: Kernel) => ({ children }: { children: React.ReactNode }) => withKernel(kernel, children)

describe('hooks', () => {
  it('error: hooks outside a PorticoProvider say what is missing', () => {
    const spy = console.error
    console.error = () => {}
    try {
      expect(() => renderHook(() => useKernel())).toThrow('Portico hooks need a <PorticoProvider kernel={kernel}> above them.')
    } finally {
      console.error = spy
    }
  })

  it('behavior: useAccount follows the active namespace account', async () => {
    const kernel = await makeKernel()
    const { result } = renderHook(() => useAccount(), { wrapper: wrap(kernel) })
    expect(result.current).toMatchObject({ isConnected: false, status: 'disconnected', address: undefined })
    connect(kernel, { balance: '2.5', symbol: 'ETH' })
    expect(result.current).toMatchObject({
      isConnected: true,
      namespace: 'eip155',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
      balance: '2.5',
    })
  })

  it('behavior: useNetwork gives the active definition and says when it is unsupported', async () => {
    const kernel = await makeKernel()
    const { result } = renderHook(() => useNetwork(), { wrapper: wrap(kernel) })
    expect(result.current.caipNetworkId).toBe('eip155:31337')
    expect(result.current.network?.name).toBe('Anvil')
    expect(result.current.isSupported).toBe(true)
    expect(result.current.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337', 'eip155:31338'])
    act(() => void kernel.store.dispatch(chainsSlice.actions.activeNetworkChanged({ caipNetworkId: 'eip155:999' })))
    expect(result.current).toMatchObject({ caipNetworkId: 'eip155:999', network: undefined, isSupported: false })
  })

  it('behavior: useConnection lists status, connectors and recent wallets', async () => {
    const kernel = await makeKernel()
    const { result } = renderHook(() => useConnection(), { wrapper: wrap(kernel) })
    expect(result.current.connectors).toEqual([])
    act(() => {
      kernel.store.dispatch(connectorsSlice.actions.connectorAdded({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chains: ['eip155'] }))
      kernel.store.dispatch(connectionSlice.actions.recentWalletUsed({ id: 'io.metamask', name: 'MetaMask', connectorId: 'injected' }))
      kernel.store.dispatch(connectionSlice.actions.connectStarted())
    })
    expect(result.current.status).toBe('connecting')
    expect(result.current.connectors.map((c) => c.id)).toEqual(['injected'])
    expect(result.current.recentWallets.map((w) => w.id)).toEqual(['io.metamask'])
  })

  it('behavior: useModal opens and closes the modal and reports isOpen', async () => {
    const kernel = await makeKernel()
    const { result } = renderHook(() => useModal(), { wrapper: wrap(kernel) })
    expect(result.current.isOpen).toBe(false)
    await act(() => result.current.open('Account'))
    expect(result.current.isOpen).toBe(true)
    expect(kernel.getState().router.history.at(-1)?.view).toBe('Account')
    act(() => result.current.close())
    expect(result.current.isOpen).toBe(false)
  })

  it("behavior: the kernel store has its own context, so a host's react-redux store still reaches its components", async () => {
    const kernel = await makeKernel()
    const hostStore = configureStore({ reducer: { host: () => 'host state' } })
    function Probe() {
      const host = useSelector((s: { host: string }) => s.host)
      const theme = usePorticoSelector((s) => s.theme.themeMode)
      return <p data-testid="probe">{`${host}/${theme}`}</p>
    }
    render(<Provider store={hostStore}>{withKernel(kernel, <Probe />)}</Provider>)
    expect(screen.getByTestId('probe').textContent).toBe('host state/light')
  })
})

describe('useExtension', () => {
  type Item = { id: string }
  /** `select` memoised on the slice object, as the seam asks of contributors. */
  const memo = <S, R>(fn: (slice: S) => R) => {
    let last: { slice: S; result: R } | undefined
    return (slice: S) => (last?.slice === slice ? last.result : (last = { slice, result: fn(slice) }).result)
  }
  const fromConnectors = memo((list: PorticoState['connectors']['list']) => list.map((c): Item => ({ id: `connector:${c.id}` })))

  async function setup() {
    let handle: ContributionHandle<Item> | undefined
    const contributor = definePlugin({
      name: 'contributor',
      version: '1.0.0',
      contracts: '^1.0.0',
      setup(ctx) {
        handle = ctx.extensions.contribute('test/items', { items: [{ id: 'static' }] })
        ctx.extensions.contribute('test/items', { select: (state) => fromConnectors(state.connectors.list), stage: 1 })
      },
    })
    const kernel = await makeKernel({ plugins: [contributor] })
    const renders: string[][] = []
    function Items() {
      const items = useExtension('test/items')
      renders.push(items.map((i) => i.id))
      return <ul data-testid="items">{items.map((i) => <li key={i.id}>{i.id}</li>)}</ul>
    }
    render(withKernel(kernel, <Items />))
    return { kernel, handle: handle!, renders, text: () => screen.getByTestId('items').textContent }
  }

  it('behavior: a component re-renders when a contribution is updated or withdrawn', async () => {
    const { handle, renders, text } = await setup()
    expect(text()).toBe('static')
    act(() => handle.update({ items: [{ id: 'first' }, { id: 'second' }] }))
    expect(text()).toBe('firstsecond')
    expect(renders.at(-1)).toEqual(['first', 'second'])
    act(() => handle.withdraw())
    expect(text()).toBe('')
  })

  it('behavior: a component re-renders when state read by a select changes, and not for other state', async () => {
    const { kernel, renders, text } = await setup()
    act(() => void kernel.store.dispatch(connectorsSlice.actions.connectorAdded({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chains: ['eip155'] })))
    expect(text()).toBe('staticconnector:injected')
    const count = renders.length
    act(() => kernel.setThemeMode('dark'))
    expect(renders.length).toBe(count)
    act(() => void kernel.store.dispatch(connectorsSlice.actions.connectorRemoved('injected')))
    expect(text()).toBe('static')
  })

  it('behavior: reading the point outside React gives the same list', async () => {
    const { kernel } = await setup()
    expect(kernel.extensions.read('test/items')).toEqual([{ id: 'static' }])
    expect(kernel.extensions.read('test/items')).toBe(kernel.extensions.read('test/items'))
  })
})

describe('ConnectButton', () => {
  it('behavior: says Connect Wallet and opens the modal on click', async () => {
    const kernel = await makeKernel()
    render(withKernel(kernel, <ConnectButton />))
    const button = screen.getByTestId('connect-button')
    expect(button.tagName).toBe('BUTTON')
    expect(button.getAttribute('type')).toBe('button')
    expect(button.textContent).toBe('Connect Wallet')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await act(async () => fireEvent.click(button))
    expect(kernel.getState().modal.open).toBe(true)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    // the shell is a lazy chunk: it mounts once loaded, then traps focus
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    // closing gives focus back to the button that opened the modal
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(document.activeElement).toBe(button)
  })

  it('behavior: while connecting it shows a spinner and "Connecting…"', async () => {
    const kernel = await makeKernel()
    render(withKernel(kernel, <ConnectButton />))
    act(() => void kernel.store.dispatch(connectionSlice.actions.connectStarted()))
    const button = screen.getByTestId('connect-button')
    expect(button.textContent).toBe('Connecting…')
    expect(button.getAttribute('aria-busy')).toBe('true')
  })

  it('behavior: when connected it shows the floored balance and the truncated address', async () => {
    const kernel = await makeKernel()
    render(withKernel(kernel, <ConnectButton />))
    connect(kernel, { balance: '1.23456789', symbol: 'ETH' })
    const button = screen.getByTestId('connect-button')
    expect(button.textContent).toContain('1.234 ETH')
    expect(button.textContent).toContain('0x12...345678')
    // a name-service plugin reports the profile with the kernel's profileReported event
    act(() => void kernel.store.dispatch(chainsSlice.actions.profileReported({ namespace: 'eip155', name: 'vitalik.eth', image: null })))
    expect(screen.getByTestId('connect-button').textContent).toContain('vitalik.eth')
  })

  it('behavior: a custom label replaces the default text', async () => {
    const kernel = await makeKernel()
    render(withKernel(kernel, <ConnectButton label="Sign in" />))
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy()
  })
})
