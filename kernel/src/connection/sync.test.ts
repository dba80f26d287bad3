import { defineChainAdapter, defineConnector, definePlugin, type ConnectorEvents } from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../kernel/createKernel.js'
import type { Kernel } from '../kernel/types.js'
import { createMemoryStorage } from '../storage/createStorage.js'
import { createTabChannel, tabChannelName, tabStorageKey, type TabChannel, type TabEnvelope } from './channel.js'

/**
 * Two kernels on one BroadcastChannel name are two tabs of a site. The wallet is one object behind both (a browser
 * wallet is shared between tabs): each kernel gets its own plugin over it, and `calls` says which tab asked what.
 */
function sharedWallet(address: string) {
  const wallet = { authorised: false, chainId: 31337 as number | string, calls: [] as string[], watchers: new Map<ConnectorEvents, string>() }
  const pluginFor = (tab: string) => {
    const connector = defineConnector({ id: 'eip155-wallet', name: 'Wallet', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => wallet })
    const other = defineConnector({ id: 'eip155-other', name: 'Other', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => wallet })
    const adapter = defineChainAdapter({
      namespace: 'eip155',
      networks: [],
      capabilities: [],
      async connect() {
        wallet.calls.push(`${tab}:connect`)
        wallet.authorised = true
        return { address, accounts: [address], chainId: wallet.chainId }
      },
      async reconnect() {
        wallet.calls.push(`${tab}:reconnect`)
        return wallet.authorised ? { address, accounts: [address], chainId: wallet.chainId } : undefined
      },
      async disconnect() {
        wallet.calls.push(`${tab}:disconnect`)
        wallet.authorised = false
      },
      async switchNetwork({ network }) {
        wallet.calls.push(`${tab}:switch:${network.caipNetworkId}`)
        wallet.chainId = network.id
      },
      async getBalance({ network }) {
        return { balance: network.caipNetworkId === 'eip155:31338' ? '2.5' : '1.5', symbol: 'ETH' }
      },
      async signMessage() {
        return '0x'
      },
      async sendTransaction() {
        return '0x'
      },
      async watch({ connector, ...events }) {
        wallet.watchers.set(events, `${tab}:${connector.id}`)
        return () => wallet.watchers.delete(events)
      },
    })
    return definePlugin({
      name: 'eip155-test',
      version: '1.0.0',
      contracts: '^1.0.0',
      setup(ctx) {
        ctx.registerAdapter(adapter)
        ctx.registerConnector(connector)
        ctx.registerConnector(other)
      },
    })
  }
  return { wallet, pluginFor }
}

const net = (id: number, name: string) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155' as const,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let kernels: Kernel[] = []
let channels: BroadcastChannel[] = []
let project = 0
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  channels.forEach((c) => c.close())
  kernels = []
  channels = []
})

/** Two tabs of one site (same project id, same storage, same wallet), and an observer of what they tell each other. */
function twoTabs({ second = true } = {}) {
  const projectId = `sync-test-${++project}`
  const storage = createMemoryStorage()
  const { wallet, pluginFor } = sharedWallet(A)
  const tab = (name: string) => {
    const kernel = createKernel({ projectId, storage, networks: [net(31337, 'Anvil'), net(31338, 'Anvil 2')], plugins: [pluginFor(name)] })
    kernels.push(kernel)
    return kernel
  }
  const seen: TabEnvelope[] = []
  const observer = new BroadcastChannel(tabChannelName(projectId))
  observer.onmessage = (e: MessageEvent) => seen.push(e.data as TabEnvelope)
  channels.push(observer)
  const a = tab('a')
  return { projectId, storage, wallet, tab, seen, observer, a, b: second ? tab('b') : (undefined as never) }
}

const account = (k: Kernel) => k.getState().chains.accounts.eip155
/** Lets queued channel messages arrive and the tabs act on them. */
const settle = async (rounds = 10) => {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0))
}

describe('tabs in sync', () => {
  it('behavior: connecting in one tab connects a tab that never opened the modal, through reconnect (no prompt)', async () => {
    const { a, b, wallet } = twoTabs()
    await Promise.all([a.ready, b.ready])
    await a.connect('eip155-wallet')
    await vi.waitFor(() => expect(account(b)).toMatchObject({ status: 'connected', address: A, caipAddress: `eip155:31337:${A}`, balance: '1.5' }))
    expect(b.getState().connection.connections).toEqual([{ namespace: 'eip155', connectorId: 'eip155-wallet', address: A, chainId: 31337 }])
    expect(b.getState().chains.activeNamespace).toBe('eip155')
    expect(wallet.calls).toEqual(['a:connect', 'b:reconnect'])
    // opening the modal afterwards restores nothing again: the stored session is the one already followed
    await b.open()
    expect(b.getState().router.history.at(-1)?.view).toBe('Account')
    expect(wallet.calls).toEqual(['a:connect', 'b:reconnect'])
  })

  it('behavior: switching network in one tab is followed by the other without asking the wallet again', async () => {
    const { a, b, wallet } = twoTabs()
    await Promise.all([a.ready, b.ready])
    await a.connect('eip155-wallet')
    await vi.waitFor(() => expect(account(b)?.status).toBe('connected'))
    await a.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(b.getState().chains.activeCaipNetworkId).toBe('eip155:31338'))
    await vi.waitFor(() => expect(account(b)).toMatchObject({ caipAddress: `eip155:31338:${A}`, balance: '2.5' }))
    expect(b.getState().connection.connections[0]?.chainId).toBe(31338)
    expect(wallet.calls.filter((c) => c.includes('switch'))).toEqual(['a:switch:eip155:31338'])
  })

  it('behavior: a network chosen while disconnected is followed too', async () => {
    const { a, b } = twoTabs()
    await Promise.all([a.ready, b.ready])
    await a.open()
    await a.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(b.getState().chains.activeCaipNetworkId).toBe('eip155:31338'))
    expect(account(b)?.address).toBeUndefined()
  })

  it('behavior: disconnecting in one tab disconnects the other, which does not disconnect the wallet again', async () => {
    const { a, b, wallet } = twoTabs()
    await Promise.all([a.ready, b.ready])
    await a.connect('eip155-wallet')
    await vi.waitFor(() => expect(account(b)?.status).toBe('connected'))
    await a.disconnect()
    await vi.waitFor(() => expect(b.getState().connection.status).toBe('disconnected'))
    expect(account(b)?.address).toBeUndefined()
    expect(b.getState().connection.connections).toEqual([])
    expect(wallet.calls.filter((c) => c.endsWith('disconnect'))).toEqual(['a:disconnect'])
  })

  it('behavior: a tab that restored a stored session follows, and its changes reach the first tab', async () => {
    const { a, wallet, tab } = twoTabs({ second: false })
    await a.ready
    await a.connect('eip155-wallet')
    const b = tab('b') // opened after A connected: restores from the shared storage
    await b.ready
    await vi.waitFor(() => expect(account(b)?.status).toBe('connected'))
    await b.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(account(a)?.caipAddress).toBe(`eip155:31338:${A}`))
    await b.disconnect()
    await vi.waitFor(() => expect(a.getState().connection.status).toBe('disconnected'))
    expect(wallet.calls).toEqual(['a:connect', 'b:reconnect', 'b:switch:eip155:31338', 'b:disconnect'])
  })

  it('behavior: a tab showing the Connect view moves to the Account view when another tab connects', async () => {
    const { a, b } = twoTabs()
    await Promise.all([a.ready, b.ready])
    await b.open()
    expect(b.getState().router.history.at(-1)?.view).toBe('Connect')
    await a.connect('eip155-wallet')
    await vi.waitFor(() => expect(b.getState().router.history.at(-1)?.view).toBe('Account'))
    expect(b.getState().modal.open).toBe(true)
  })

  it('behavior: another wallet connected in the same namespace replaces this tab\'s, whose events are no longer followed', async () => {
    const { a, b, wallet } = twoTabs()
    await Promise.all([a.ready, b.ready])
    const watchedBy = (tab: string) => [...wallet.watchers.values()].filter((w) => w.startsWith(`${tab}:`))
    await b.connect('eip155-other')
    await vi.waitFor(() => expect(account(a)?.connectorId).toBe('eip155-other'))
    expect(watchedBy('b')).toEqual(['b:eip155-other'])
    // A connects another wallet: B follows it and stops watching the one it had
    await a.connect('eip155-wallet')
    await vi.waitFor(() => expect(account(b)?.connectorId).toBe('eip155-wallet'))
    await settle()
    expect(watchedBy('b')).toEqual(['b:eip155-wallet'])
    expect(b.getState().connection.connections).toEqual(a.getState().connection.connections)
  })

  it('behavior: a network this tab does not list is ignored while it has no account', async () => {
    const { b, observer } = twoTabs()
    await b.ready
    await b.open()
    const networks = new Set<string | undefined>()
    const views = new Set<string | undefined>()
    b.subscribe(() => (networks.add(b.getState().chains.activeCaipNetworkId), views.add(b.getState().router.history.at(-1)?.view)))
    observer.postMessage({ from: 'x', message: { type: 'network', caipNetworkId: 'eip155:999' } })
    observer.postMessage({ from: 'x', message: { type: 'network', caipNetworkId: 'eip155:31338' } })
    await vi.waitFor(() => expect(b.getState().chains.activeCaipNetworkId).toBe('eip155:31338'))
    expect([...networks]).toEqual(['eip155:31338'])
    expect([...views]).toEqual(['Connect'])
  })

  it('behavior: a change applied from another tab is not posted back (no echo)', async () => {
    const { a, b, seen } = twoTabs()
    await Promise.all([a.ready, b.ready])
    await a.connect('eip155-wallet')
    await vi.waitFor(() => expect(account(b)?.balance).toBe('1.5'))
    await a.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(account(b)?.balance).toBe('2.5'))
    await a.disconnect()
    await vi.waitFor(() => expect(b.getState().connection.status).toBe('disconnected'))
    await settle()
    const senders = new Set(seen.map((e) => e.from))
    expect(senders.size).toBe(1)
    expect(seen.map((e) => (e.message as { type: string }).type)).toEqual(['connected', 'network', 'disconnected'])
  })

  it('behavior: other sites (another project id) are not followed', async () => {
    const { a, wallet } = twoTabs()
    const other = createKernel({ projectId: 'another-site', storage: createMemoryStorage(), networks: [net(31337, 'Anvil')], plugins: [sharedWallet(A).pluginFor('c')] })
    kernels.push(other)
    await Promise.all([a.ready, other.ready])
    await a.connect('eip155-wallet')
    await settle(30)
    expect(account(other)?.address).toBeUndefined()
    expect(wallet.calls).toEqual(['a:connect', 'b:reconnect'])
  })

  it('error: malformed messages are ignored without breaking the tab, and a valid one after them is followed', async () => {
    const { b, observer, wallet } = twoTabs()
    await b.ready
    await b.open() // the connection chunk is loaded
    const before = b.getState().chains
    for (const bad of [
      null,
      'connected',
      { message: { type: 'network', caipNetworkId: 'eip155:31338' } },
      { from: 'x', message: { type: 'connected', namespace: 'nope', connectorId: 'eip155-wallet', address: A, chainId: 1 } },
      { from: 'x', message: { type: 'network', caipNetworkId: 42 } },
      { from: 'x', message: { type: 'reboot' } },
    ])
      observer.postMessage(bad)
    await settle(30)
    expect(b.getState().chains).toEqual(before)
    wallet.authorised = true
    observer.postMessage({ from: 'x', message: { type: 'connected', namespace: 'eip155', connectorId: 'eip155-wallet', address: A, chainId: 31337 } })
    await vi.waitFor(() => expect(account(b)?.status).toBe('connected'))
  })

  it('error: a connection the wallet no longer authorises is not followed', async () => {
    const { b, observer, wallet } = twoTabs()
    await b.ready
    observer.postMessage({ from: 'x', message: { type: 'connected', namespace: 'eip155', connectorId: 'eip155-wallet', address: A, chainId: 31337 } })
    await vi.waitFor(() => expect(wallet.calls.sort()).toEqual(['a:reconnect', 'b:reconnect']))
    await settle(30)
    expect(account(b)?.status).toBe('disconnected')
    expect(b.getState().connection.connections).toEqual([])
  })
})

describe('tab channel', () => {
  it('behavior: drops its own messages, keeps others until a listener subscribes and wakes the kernel', async () => {
    const name = `channel-test-${++project}`
    const wake = vi.fn()
    const one = createTabChannel(name, wake)
    const two = createTabChannel(name)
    try {
      one.post({ hello: 1 })
      two.post({ hello: 2 })
      await settle()
      expect(wake).toHaveBeenCalledTimes(1)
      const got: TabEnvelope[] = []
      one.subscribe((e) => got.push(e))
      expect(got).toEqual([{ from: two.tabId, message: { hello: 2 } }])
    } finally {
      one.close()
      two.close()
    }
  })

  it('behavior: without BroadcastChannel it falls back to storage events and leaves nothing stored', async () => {
    vi.stubGlobal('BroadcastChannel', undefined)
    const name = `fallback-test-${++project}`
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    try {
      const sender = createTabChannel(name)
      const receiver = createTabChannel(name)
      const got: TabEnvelope[] = []
      receiver.subscribe((e) => got.push(e))
      sender.post({ type: 'network', caipNetworkId: 'eip155:31338' })
      expect(localStorage.getItem(tabStorageKey(name))).toBeNull()
      const written = setItem.mock.calls.find(([key]) => key === tabStorageKey(name))?.[1]
      expect(written).toBeTypeOf('string')
      // another tab's write reaches this one as a storage event (jsdom does not send them between windows)
      window.dispatchEvent(new StorageEvent('storage', { key: tabStorageKey(name), newValue: written! }))
      window.dispatchEvent(new StorageEvent('storage', { key: tabStorageKey(name), newValue: '{not json' }))
      window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: written! }))
      expect(got).toEqual([{ from: sender.tabId, message: { type: 'network', caipNetworkId: 'eip155:31338' }, n: 1 }])
      sender.close()
      receiver.close()
    } finally {
      setItem.mockRestore()
      vi.unstubAllGlobals()
    }
  })

  it('behavior: on a server (no window) it is inert, so kernels rendered for different requests never hear each other', async () => {
    const name = `server-test-${++project}`
    vi.stubGlobal('window', undefined)
    let one: TabChannel, two: TabChannel
    try {
      one = createTabChannel(name)
      two = createTabChannel(name)
    } finally {
      vi.unstubAllGlobals()
    }
    const got: TabEnvelope[] = []
    two.subscribe((e) => got.push(e))
    one.post({ type: 'network', caipNetworkId: 'eip155:31338' })
    await settle()
    expect(got).toEqual([])
    one.close()
    two.close()
  })
})
