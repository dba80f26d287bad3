import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  defineConnector,
  definePlugin,
  type ComponentModule,
  type ConnectorType,
  type ContributionHandle,
  type PluginDefinition,
  type PorticoState,
  type RecentWallet,
} from '@portico/contracts/plugin'
import { createMemoryStorage, createSlice, type Kernel, type KernelOptions, type PayloadAction } from '@portico/kernel'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import type { ConnectMethod, WalletListItem } from '../extensionPoints.js'
import { connect } from '../plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

const section = (id: string, text = id): ComponentModule => ({ default: () => <p>{text} method</p> })

/** A plugin contributing connect methods, the way email and socials do. */
function methodsPlugin(ids: string[]): PluginDefinition {
  return definePlugin({
    name: 'fake-methods',
    version: '0.0.0',
    contracts: '^1.0.0',
    setup({ extensions }) {
      extensions.contribute('connect/methods', { items: ids.map((id) => ({ id, load: async () => section(id) })) })
    },
  })
}

type Wallet = { id: string; type: ConnectorType; name?: string }

/** A plugin registering connectors, the way the injected and walletconnect plugins do. */
function connectorsPlugin(wallets: Wallet[]): PluginDefinition {
  return definePlugin({
    name: 'fake-connectors',
    version: '0.0.0',
    contracts: '^1.0.0',
    setup(ctx) {
      for (const w of wallets)
        ctx.registerConnector(defineConnector({ id: w.id, name: w.name ?? w.id, type: w.type, chains: ['eip155'], getProvider: async () => ({}) }))
    },
  })
}

/** Renders the Connect view with `connectors` registered and `recent` wallets stored by an earlier visit. */
async function renderConnect(options: KernelOptions = {}, { connectors = [], recent = [] }: { connectors?: Wallet[]; recent?: RecentWallet[] } = {}) {
  const { plugins = [], ...rest } = options
  const storage = createMemoryStorage()
  if (recent.length) await storage.setItem('recentWallets', recent)
  const kernel = createTestKernel({
    storage,
    ...rest,
    plugins: [
      connect(),
      viewsPlugin({ ConnectingExternal: testView('ConnectingExternal'), ConnectingWalletConnect: testView('ConnectingWalletConnect') }),
      ...(connectors.length ? [connectorsPlugin(connectors)] : []),
      ...(plugins as PluginDefinition[]),
    ],
  })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.open('Connect'))
  return { kernel, view: await screen.findByTestId('view-Connect') }
}

const methodOrder = (view: HTMLElement) => Array.from(view.querySelectorAll('[data-method]')).map((el) => el.getAttribute('data-method'))

describe('Connect view', () => {
  it('behavior: methods follow the default order email, social, wallet whatever the hook order, with dividers between', async () => {
    const { view } = await renderConnect({ plugins: [methodsPlugin(['social', 'email'])] })
    await within(view).findByText('email method')
    expect(methodOrder(view)).toEqual(['email', 'social', 'wallet'])
    expect(within(view).getAllByRole('separator')).toHaveLength(2)
    expect(screen.getByTestId('header-title').textContent).toBe('Connect Wallet')
  })

  it("behavior: the host's connectMethodsOrder reorders the methods", async () => {
    const { view } = await renderConnect({ connectMethodsOrder: ['wallet', 'email'], plugins: [methodsPlugin(['social', 'email'])] })
    await within(view).findByText('email method')
    expect(methodOrder(view)).toEqual(['wallet', 'email', 'social'])
  })

  it('behavior: connectors are grouped walletConnect, recent, injected, featured, external, recommended with their tags', async () => {
    const registryWallets = definePlugin({
      name: 'fake-wallets',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        extensions.contribute('connect/walletItems', {
          items: [
            { id: 'trust', name: 'Trust Wallet', group: 'recommended', view: 'ConnectingWalletConnect' },
            { id: 'rainbow', name: 'Rainbow', group: 'featured', view: 'ConnectingWalletConnect', viewData: { walletId: 'rainbow' } },
          ],
        })
      },
    })
    const { view } = await renderConnect(
      { plugins: [registryWallets] },
      {
        connectors: [
          { id: 'safe', type: 'EXTERNAL', name: 'Safe' },
          { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask' },
          { id: 'io.rabby', type: 'ANNOUNCED', name: 'Rabby' },
          { id: 'walletconnect', type: 'WALLET_CONNECT', name: 'WalletConnect' },
        ],
        recent: [{ id: 'io.rabby', name: 'Rabby', connectorId: 'io.rabby' }],
      },
    )
    const list = await within(view).findByTestId('wallet-list')
    const groups = Array.from(list.querySelectorAll('[data-group]')).map((g) => g.getAttribute('data-group'))
    expect(groups).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'external', 'recommended'])
    const ids = Array.from(list.querySelectorAll('[data-list-item]')).map((el) => el.getAttribute('data-testid'))
    expect(ids).toEqual(['connector-walletconnect', 'connector-io.rabby', 'connector-io.metamask', 'wallet-rainbow', 'connector-safe', 'wallet-trust'])
    expect(screen.getByTestId('connector-walletconnect').textContent).toContain('QR code')
    expect(screen.getByTestId('connector-io.rabby').textContent).toContain('recent')
    expect(screen.getByTestId('connector-io.metamask').textContent).toContain('installed')
  })

  it('behavior: placeholder items are skeleton rows in their group, announced as loading and never focusable', async () => {
    const loadingWallets = definePlugin({
      name: 'fake-wallets',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        extensions.contribute('connect/walletItems', {
          items: [0, 1, 2].map((i) => ({ id: `p${i}`, name: '', group: 'featured' as const, placeholder: true })),
        })
      },
    })
    const { view } = await renderConnect({ plugins: [loadingWallets] }, { connectors: [{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask' }] })
    const skeleton = await within(view).findByTestId('wallet-placeholders-featured')
    expect(skeleton.getAttribute('role')).toBe('status')
    expect(skeleton.getAttribute('aria-label')).toBe('Loading wallets')
    expect(skeleton.querySelectorAll('.portico-skeleton-row')).toHaveLength(3)
    expect(skeleton.closest('[data-group]')?.getAttribute('data-group')).toBe('featured')
    const ids = Array.from(within(view).getByTestId('wallet-list').querySelectorAll('[data-list-item]')).map((el) => el.getAttribute('data-testid'))
    expect(ids).toEqual(['connector-io.metamask'])
  })

  it('behavior: a connector pushes ConnectingExternal with its id; WalletConnect and registry wallets push their views', async () => {
    const { kernel, view } = await renderConnect(
      {},
      {
        connectors: [
          { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask' },
          { id: 'walletconnect', type: 'WALLET_CONNECT', name: 'WalletConnect' },
        ],
      },
    )
    fireEvent.click(await within(view).findByTestId('connector-io.metamask'))
    expect(kernel.getState().router.history.at(-1)).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } })
    await screen.findByTestId('view-ConnectingExternal')
    act(() => kernel.router.goBack())
    fireEvent.click(await screen.findByTestId('connector-walletconnect'))
    expect(kernel.getState().router.history.at(-1)?.view).toBe('ConnectingWalletConnect')
  })

  it('behavior: arrow keys move between wallet items across groups', async () => {
    const { view } = await renderConnect(
      {},
      {
        connectors: [
          { id: 'walletconnect', type: 'WALLET_CONNECT' },
          { id: 'io.metamask', type: 'ANNOUNCED' },
        ],
      },
    )
    const wc = await within(view).findByTestId('connector-walletconnect')
    wc.focus()
    fireEvent.keyDown(wc, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(screen.getByTestId('connector-io.metamask'))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(wc)
  })

  it('behavior: with no connectors at all the view says no wallets were found and why', async () => {
    const { view } = await renderConnect()
    const empty = await within(view).findByTestId('connect-empty')
    expect(empty.textContent).toContain('No wallets found')
    expect(empty.textContent).toContain('No browser wallet was detected')
    expect(within(view).queryByTestId('wallet-list')).toBeNull()
    // no plugin provides AllWallets here, so nothing offers it
    expect(within(empty).queryByRole('button')).toBeNull()
  })

  it('behavior: "All wallets" shows with the registry count when a plugin provides AllWallets, and opens it', async () => {
    const wallets = definePlugin({
      name: 'wallets',
      version: '0.0.0',
      contracts: '^1.0.0',
      views: { AllWallets: testView('AllWallets') },
      setup({ store }) {
        store.inject({ name: 'wallets', reducer: (s = { count: 437 }) => s })
      },
    })
    const { kernel, view } = await renderConnect({ plugins: [wallets] }, { connectors: [{ id: 'io.metamask', type: 'ANNOUNCED' }] })
    const all = await within(view).findByTestId('all-wallets')
    await waitFor(() => expect(all.textContent).toContain('430+'))
    expect(all.textContent).toContain('All wallets')
    fireEvent.click(all)
    expect(kernel.getState().router.history.at(-1)?.view).toBe('AllWallets')
  })

  it('behavior: switching the wallets feature off hides "All wallets"', async () => {
    const wallets = viewsPlugin({ AllWallets: testView('AllWallets') }, 'other-wallets')
    const { view } = await renderConnect({ features: { wallets: false }, plugins: [wallets] }, { connectors: [{ id: 'io.metamask', type: 'ANNOUNCED' }] })
    await within(view).findByTestId('connector-io.metamask')
    expect(within(view).queryByTestId('all-wallets')).toBeNull()
  })

  it('error: a method that cannot be loaded offers a retry and the other methods still show', async () => {
    // fails until the visitor retries (the connect plugin's preload and the section's own load both fail)
    let failing = true
    const flaky = definePlugin({
      name: 'flaky',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        extensions.contribute('connect/methods', {
          items: [
            {
              id: 'email',
              load: async () => {
                if (failing) throw new Error('chunk')
                return section('email')
              },
            },
          ],
        })
      },
    })
    const { view } = await renderConnect({ plugins: [flaky] })
    const failed = await within(view).findByRole('alert')
    expect(failed.textContent).toContain('This way to connect could not be loaded.')
    expect(await within(view).findByTestId('connect-empty')).toBeTruthy()
    failing = false
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }))
    expect(await within(view).findByText('email method')).toBeTruthy()
  })

  it('behavior: connect({ wallets: false }) leaves the wallet list out', async () => {
    const kernel = createTestKernel({ plugins: [connect({ wallets: false }), methodsPlugin(['email'])] })
    kernels.push(kernel)
    await kernel.ready
    render(withKernel(kernel))
    await act(() => kernel.open('Connect'))
    const view = await screen.findByTestId('view-Connect')
    await within(view).findByText('email method')
    expect(methodOrder(view)).toEqual(['email'])
  })

  it('behavior: a method contributed or withdrawn while the view shows appears or goes at once', async () => {
    let handle: ContributionHandle<ConnectMethod> | undefined
    const later = definePlugin({
      name: 'fake-later',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        handle = extensions.contribute('connect/methods', { items: [] })
      },
    })
    const { view } = await renderConnect({ plugins: [later] })
    await within(view).findByTestId('connect-empty')
    expect(methodOrder(view)).toEqual(['wallet'])
    act(() => handle!.update({ items: [{ id: 'email', load: async () => section('email') }] }))
    await within(view).findByText('email method')
    expect(methodOrder(view)).toEqual(['email', 'wallet'])
    act(() => handle!.withdraw())
    expect(methodOrder(view)).toEqual(['wallet'])
  })
})

describe('Connect view: wallet items selected from a plugin\'s state', () => {
  type FoundState = { items: WalletListItem[] }
  const found = createSlice({
    name: 'fake-found',
    initialState: { items: [] } as FoundState,
    reducers: {
      walletFound(state, action: PayloadAction<WalletListItem>) {
        state.items.push(action.payload)
      },
    },
  })
  const NONE: WalletListItem[] = []
  // the slice's own array: the same until the slice changes
  const selectFound = (state: PorticoState) => (state as unknown as { 'fake-found'?: FoundState })['fake-found']?.items ?? NONE
  const finder = definePlugin({
    name: 'fake-found',
    version: '0.0.0',
    contracts: '^1.0.0',
    setup(ctx) {
      ctx.store.inject(found)
      ctx.extensions.contribute('connect/walletItems', { select: selectFound })
    },
  })

  it('behavior: the view re-renders with a new item as soon as the state its contributor selects from changes, with no other store event', async () => {
    const { kernel, view } = await renderConnect({ plugins: [finder] }, { connectors: [{ id: 'io.metamask', type: 'ANNOUNCED' }] })
    await within(view).findByTestId('connector-io.metamask')
    expect(within(view).queryByTestId('wallet-zerion')).toBeNull()
    const before = { plugins: kernel.getState().plugins, connectors: kernel.getState().connectors, connection: kernel.getState().connection }

    act(() => void kernel.store.dispatch(found.actions.walletFound({ id: 'zerion', name: 'Zerion', group: 'featured' })))
    // rendered within the same act: nothing else had to happen for the view to see it
    const zerion = within(view).getByTestId('wallet-zerion')
    expect(zerion.closest('[data-group]')?.getAttribute('data-group')).toBe('featured')
    // and no plugin restated anything to make the view rebuild its list
    expect(kernel.getState().plugins).toBe(before.plugins)
    expect(kernel.getState().connectors).toBe(before.connectors)
    expect(kernel.getState().connection).toBe(before.connection)

    act(() => void kernel.store.dispatch(found.actions.walletFound({ id: 'safe', name: 'Safe', group: 'custom' })))
    const ids = Array.from(view.querySelectorAll('[data-list-item]')).map((el) => el.getAttribute('data-testid'))
    expect(ids).toEqual(['connector-io.metamask', 'wallet-zerion', 'wallet-safe'])
  })
})
