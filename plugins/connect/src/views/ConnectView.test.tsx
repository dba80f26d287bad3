import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type ComponentModule, type PluginDefinition } from '@portico/contracts/plugin'
import { connectionSlice, connectorsSlice, type ConnectorInfo, type Kernel, type KernelOptions } from '@portico/kernel'
import { createTestKernel, testView, viewsPlugin, withKernel } from '../../../../kernel/src/react/testing.js'
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
    setup({ hooks }) {
      hooks.resolveConnectMethods.tap((methods) => [...methods, ...ids.map((id) => ({ id, load: async () => section(id) }))])
    },
  })
}

const connector = (id: string, type: ConnectorInfo['type'], name = id): ConnectorInfo => ({ id, name, type, chains: ['eip155'] })

async function renderConnect(options: KernelOptions = {}, setupState?: (k: Kernel) => void) {
  const { plugins = [], ...rest } = options
  const kernel = createTestKernel({
    ...rest,
    plugins: [
      connect(),
      viewsPlugin({ ConnectingExternal: testView('ConnectingExternal'), ConnectingWalletConnect: testView('ConnectingWalletConnect') }),
      ...(plugins as PluginDefinition[]),
    ],
  })
  kernels.push(kernel)
  await kernel.ready
  setupState?.(kernel)
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
      setup({ hooks }) {
        hooks.resolveWalletListItems.tap((items) => [
          ...items,
          { id: 'trust', name: 'Trust Wallet', group: 'recommended', view: 'ConnectingWalletConnect' },
          { id: 'rainbow', name: 'Rainbow', group: 'featured', view: 'ConnectingWalletConnect', viewData: { walletId: 'rainbow' } },
        ])
      },
    })
    const { view } = await renderConnect({ plugins: [registryWallets] }, (k) => {
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('safe', 'EXTERNAL', 'Safe')))
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('io.metamask', 'ANNOUNCED', 'MetaMask')))
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('io.rabby', 'ANNOUNCED', 'Rabby')))
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('walletconnect', 'WALLET_CONNECT', 'WalletConnect')))
      k.store.dispatch(connectionSlice.actions.recentWalletAdded({ id: 'io.rabby', name: 'Rabby', connectorId: 'io.rabby' }))
    })
    const list = await within(view).findByTestId('wallet-list')
    const groups = Array.from(list.querySelectorAll('[data-group]')).map((g) => g.getAttribute('data-group'))
    expect(groups).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'external', 'recommended'])
    const ids = Array.from(list.querySelectorAll('[data-list-item]')).map((el) => el.getAttribute('data-testid'))
    expect(ids).toEqual(['connector-walletconnect', 'connector-io.rabby', 'connector-io.metamask', 'wallet-rainbow', 'connector-safe', 'wallet-trust'])
    expect(screen.getByTestId('connector-walletconnect').textContent).toContain('QR code')
    expect(screen.getByTestId('connector-io.rabby').textContent).toContain('recent')
    expect(screen.getByTestId('connector-io.metamask').textContent).toContain('installed')
  })

  it('behavior: a connector pushes ConnectingExternal with its id; WalletConnect and registry wallets push their views', async () => {
    const { kernel, view } = await renderConnect({}, (k) => {
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('io.metamask', 'ANNOUNCED', 'MetaMask')))
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('walletconnect', 'WALLET_CONNECT', 'WalletConnect')))
    })
    fireEvent.click(await within(view).findByTestId('connector-io.metamask'))
    expect(kernel.getState().router.history.at(-1)).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } })
    await screen.findByTestId('view-ConnectingExternal')
    act(() => kernel.router.goBack())
    fireEvent.click(await screen.findByTestId('connector-walletconnect'))
    expect(kernel.getState().router.history.at(-1)?.view).toBe('ConnectingWalletConnect')
  })

  it('behavior: arrow keys move between wallet items across groups', async () => {
    const { view } = await renderConnect({}, (k) => {
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('walletconnect', 'WALLET_CONNECT')))
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('io.metamask', 'ANNOUNCED')))
    })
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
    const { kernel, view } = await renderConnect({ plugins: [wallets] }, (k) => {
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('io.metamask', 'ANNOUNCED')))
    })
    const all = await within(view).findByTestId('all-wallets')
    await waitFor(() => expect(all.textContent).toContain('430+'))
    expect(all.textContent).toContain('All wallets')
    fireEvent.click(all)
    expect(kernel.getState().router.history.at(-1)?.view).toBe('AllWallets')
  })

  it('behavior: switching the wallets feature off hides "All wallets"', async () => {
    const wallets = viewsPlugin({ AllWallets: testView('AllWallets') }, 'other-wallets')
    const { view } = await renderConnect({ features: { wallets: false }, plugins: [wallets] }, (k) => {
      k.store.dispatch(connectorsSlice.actions.connectorAdded(connector('io.metamask', 'ANNOUNCED')))
    })
    await within(view).findByTestId('connector-io.metamask')
    expect(within(view).queryByTestId('all-wallets')).toBeNull()
  })

  it('error: a method that cannot be loaded offers a retry and the other methods still show', async () => {
    let tries = 0
    const flaky = definePlugin({
      name: 'flaky',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ hooks }) {
        hooks.resolveConnectMethods.tap((m) => [
          ...m,
          {
            id: 'email',
            load: async () => {
              tries += 1
              if (tries === 1) throw new Error('chunk')
              return section('email')
            },
          },
        ])
      },
    })
    const { view } = await renderConnect({ plugins: [flaky] })
    const failed = await within(view).findByRole('alert')
    expect(failed.textContent).toContain('This way to connect could not be loaded.')
    expect(await within(view).findByTestId('connect-empty')).toBeTruthy()
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
})
