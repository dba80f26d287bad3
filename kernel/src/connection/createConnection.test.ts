import {
  defineChainAdapter,
  defineConnector,
  definePlugin,
  type ChainNamespace,
  type ConnectorEvents,
} from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../kernel/createKernel.js'
import { accountDetailsReported } from '../store/events.js'
import type { Kernel } from '../kernel/types.js'
import { createMemoryStorage } from '../storage/createStorage.js'

/**
 * A scripted wallet behind the real ChainAdapter interface: a test double for the kernel's lifecycle logic.
 * The real eip155 path (viem + anvil + dev wallet) is covered by plugins/evm and the e2e suite.
 */
function scriptedWallet(ns: ChainNamespace, address: string, chainId: number | string) {
  const wallet = {
    /** reject: the adapter maps the wallet's refusal to USER_REJECTED; reject-4001: a bare EIP-1193 code left unmapped. */
    mode: 'approve' as 'approve' | 'reject' | 'reject-4001' | 'reject-wrapped' | 'fail',
    authorised: true,
    chainId,
    events: undefined as ConnectorEvents | undefined,
    calls: [] as string[],
    balance: '10000.123456',
    /** Settles the pending transaction's `waitForTransaction`, as its block would. */
    mine: () => {},
  }
  const rejectOrFail = () => {
    if (wallet.mode === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 'USER_REJECTED' })
    if (wallet.mode === 'reject-4001') throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    if (wallet.mode === 'reject-wrapped')
      throw new Error('Request failed.', { cause: Object.assign(new Error('User rejected the request.'), { code: 'USER_REJECTED' }) })
    if (wallet.mode === 'fail') throw Object.assign(new Error('Internal error'), { code: -32603 })
  }
  const connector = defineConnector({ id: `${ns}-wallet`, name: `${ns} Wallet`, type: 'ANNOUNCED', chains: [ns], getProvider: async () => wallet })
  const adapter = defineChainAdapter({
    namespace: ns,
    networks: [],
    capabilities: [],
    async connect() {
      wallet.calls.push('connect')
      rejectOrFail()
      return { address, accounts: [address], chainId: wallet.chainId }
    },
    async reconnect() {
      wallet.calls.push('reconnect')
      return wallet.authorised ? { address, accounts: [address], chainId: wallet.chainId } : undefined
    },
    async disconnect() {
      wallet.calls.push('disconnect')
      rejectOrFail()
      // as real wallets do: the revocation comes back as a disconnect event
      wallet.events?.onDisconnect?.()
    },
    async switchNetwork({ network }) {
      wallet.calls.push(`switch:${network.caipNetworkId}`)
      rejectOrFail()
      wallet.chainId = network.id
    },
    async getBalance() {
      return { balance: wallet.balance, symbol: 'ETH' }
    },
    async signMessage({ message }) {
      rejectOrFail()
      return `0x${'ab'.repeat(65)}${message.length}`
    },
    async sendTransaction() {
      rejectOrFail()
      return `0x${'cd'.repeat(32)}`
    },
    waitForTransaction: () => new Promise<void>((resolve) => (wallet.mine = resolve)),
    async watch(events) {
      // like a real adapter, it reports chain ids in CAIP-2 reference form whatever form the wallet used
      const reference = (id: string | number) => (typeof id === 'string' && id.startsWith('0x') ? Number.parseInt(id, 16) : id)
      wallet.events = { ...events, onChainChanged: (id) => events.onChainChanged?.(reference(id)) }
      return () => (wallet.events = undefined)
    },
  })
  const plugin = definePlugin({
    name: `${ns}-test`,
    version: '1.0.0',
    contracts: '^1.0.0',
    setup(ctx) {
      ctx.registerAdapter(adapter)
      ctx.registerConnector(connector)
    },
  })
  return { wallet, plugin, connector }
}

const net = (ns: ChainNamespace, id: number | string, name: string) => ({
  id,
  caipNetworkId: `${ns}:${id}`,
  chainNamespace: ns,
  name,
  nativeCurrency: { name: 'X', symbol: ns === 'solana' ? 'SOL' : 'ETH', decimals: ns === 'solana' ? 9 : 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

let kernels: Kernel[] = []
function make(storage = createMemoryStorage(), extra: Parameters<typeof createKernel>[0] = {}) {
  const evm = scriptedWallet('eip155', A, 31337)
  const sol = scriptedWallet('solana', SOL, 'devnet')
  const kernel = createKernel({
    projectId: 'p',
    storage,
    networks: [net('eip155', 31337, 'Anvil'), net('eip155', 31338, 'Anvil 2'), net('solana', 'devnet', 'Solana Devnet')],
    plugins: [evm.plugin, sol.plugin],
    ...extra,
  })
  kernels.push(kernel)
  return { kernel, evm, sol, storage }
}
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})
const flush = () => new Promise((r) => setTimeout(r, 0))

describe('connect', () => {
  it('behavior: connecting fills the account, stores the session and recent wallet, fetches the balance and closes the modal', async () => {
    const { kernel, storage } = make()
    await kernel.ready
    await kernel.open()
    await kernel.connect('eip155-wallet')
    await flush()
    const s = kernel.getState()
    expect(s.chains.accounts.eip155).toMatchObject({
      address: A,
      caipAddress: `eip155:31337:${A}`,
      status: 'connected',
      balance: '10000.123456',
      balanceSymbol: 'ETH',
    })
    expect(s.connection.status).toBe('connected')
    expect(s.modal.open).toBe(false)
    expect(s.connection.recentWallets.map((w) => w.id)).toEqual(['eip155-wallet'])
    expect(await storage.getItem('connectionStatus')).toBe('connected')
    expect(await storage.getItem('connections')).toEqual([{ namespace: 'eip155', connectorId: 'eip155-wallet', address: A, chainId: 31337 }])
  })

  it('error: a declined connection is recorded for the view and leaves the visitor disconnected', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    evm.wallet.mode = 'reject'
    await expect(kernel.connect('eip155-wallet')).rejects.toThrow('User rejected')
    expect(kernel.getState().connection.connectError).toEqual({ connectorId: 'eip155-wallet', declined: true, message: 'Connection declined' })
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('disconnected')
  })

  it('error: a rejection wrapped as the cause of another error is still a declined connection', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    evm.wallet.mode = 'reject-wrapped'
    await expect(kernel.connect('eip155-wallet')).rejects.toThrow('Request failed.')
    expect(kernel.getState().connection.connectError).toEqual({ connectorId: 'eip155-wallet', declined: true, message: 'Connection declined' })
  })

  it("error: a bare wallet code 4001 is not a rejection to the kernel (the adapter maps wallets' codes)", async () => {
    const { kernel, evm } = make()
    await kernel.ready
    evm.wallet.mode = 'reject-4001'
    await expect(kernel.connect('eip155-wallet')).rejects.toThrow('User rejected')
    expect(kernel.getState().connection.connectError).toEqual({ connectorId: 'eip155-wallet', declined: false, message: 'User rejected the request.' })
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('error: an unknown connector is refused', async () => {
    const { kernel } = make()
    await kernel.ready
    await expect(kernel.connect('nope')).rejects.toThrow('Connector "nope" is not available.')
  })

  it('behavior: recent wallets keep the newest two, a reconnect moves a wallet to the front', async () => {
    const { kernel } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.connect('solana-wallet')
    expect(kernel.getState().connection.recentWallets.map((w) => w.id)).toEqual(['solana-wallet', 'eip155-wallet'])
    await kernel.connect('eip155-wallet', { namespace: 'eip155' })
    expect(kernel.getState().connection.recentWallets.map((w) => w.id)).toEqual(['eip155-wallet', 'solana-wallet'])
  })
})

describe('disconnect', () => {
  it('behavior: falls back to the next remaining connection and stores the last-used connector id', async () => {
    const { kernel, storage } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.connect('solana-wallet')
    expect(kernel.getState().chains.activeNamespace).toBe('solana')
    await kernel.disconnect()
    const s = kernel.getState()
    expect(s.chains.activeNamespace).toBe('eip155')
    expect(s.chains.activeCaipNetworkId).toBe('eip155:31337')
    expect(s.chains.accounts.solana?.address).toBeUndefined()
    expect(s.connection.status).toBe('connected')
    expect(await storage.getItem('lastConnectorId')).toBe('solana-wallet')
    await kernel.disconnect()
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(await storage.getItem('connectionStatus')).toBe('disconnected')
  })

  it('error: a wallet that fails to disconnect shows "Failed to disconnect" and keeps the connection', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    evm.wallet.mode = 'fail'
    await expect(kernel.disconnect()).rejects.toThrow()
    expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Failed to disconnect', variant: 'error' })
    expect(kernel.getState().chains.accounts.eip155?.address).toBe(A)
  })

  it('behavior: the wallet disconnecting or emptying its accounts disconnects locally', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    evm.wallet.events?.onAccountsChanged?.([])
    await flush()
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('behavior: a wallet that ends its connection is named in a toast; the other namespace stays connected and active', async () => {
    const { kernel, sol } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.connect('solana-wallet')
    sol.wallet.events?.onAccountsChanged?.([])
    await flush()
    const s = kernel.getState()
    expect(s.notifications.toast).toMatchObject({ open: true, message: 'solana Wallet ended the connection', variant: 'error' })
    expect(s.chains.accounts.solana?.status).not.toBe('connected')
    expect(s.chains.accounts.eip155).toMatchObject({ status: 'connected', address: A })
    expect(s.chains.activeNamespace).toBe('eip155')
  })

  it("behavior: the visitor's own disconnect, answered by the wallet's disconnect event, shows no toast and forgets once", async () => {
    const { kernel } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    const ended: string[] = []
    kernel.hooks.afterDisconnect.tap({ name: 'test' }, ({ namespace }: { namespace: string }) => void ended.push(namespace))
    await kernel.disconnect()
    await flush()
    expect(kernel.getState().notifications.toast.open).toBe(false)
    expect(ended).toEqual(['eip155'])
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('behavior: new accounts from a wallet whose namespace is not the active one keep that namespace\'s network', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.connect('solana-wallet')
    expect(kernel.getState().chains.activeNamespace).toBe('solana')
    evm.wallet.events?.onAccountsChanged?.(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    await flush()
    expect(kernel.getState().chains.accounts.eip155?.caipAddress).toBe('eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })
})

describe('networks', () => {
  it('behavior: the wallet moving to an unlisted chain makes it unsupported and shows UnsupportedChain; moving back returns to Account', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    evm.wallet.events?.onChainChanged?.('0x1a4') // 420, not configured
    await flush()
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:420')
    expect(kernel.getState().modal.open).toBe(true)
    expect(kernel.router.current()?.view).toBe('UnsupportedChain')
    evm.wallet.events?.onChainChanged?.('0x7a6a') // 31338
    await flush()
    expect(kernel.router.current()?.view).toBe('Account')
    expect(kernel.getState().chains.accounts.eip155?.caipAddress).toBe(`eip155:31338:${A}`)
  })

  it('behavior: with unsupported chains allowed, no UnsupportedChain view opens', async () => {
    const { kernel, evm } = make(undefined, { allowUnsupportedChain: true })
    await kernel.ready
    await kernel.connect('eip155-wallet')
    evm.wallet.events?.onChainChanged?.(420)
    await flush()
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('behavior: switching within the connected namespace asks the wallet; another namespace just sets the network', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.switchNetwork('eip155:31338')
    expect(evm.wallet.calls).toContain('switch:eip155:31338')
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338')
    await kernel.switchNetwork('solana:devnet')
    expect(kernel.getState().chains.activeNamespace).toBe('solana')
    expect(evm.wallet.calls.filter((c) => c.startsWith('switch'))).toHaveLength(1)
  })

  it("behavior: with two namespaces connected, a network of the other namespace on its account's network just activates it; another of its networks asks its wallet", async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.connect('solana-wallet')
    expect(kernel.getState().chains.activeNamespace).toBe('solana')
    await kernel.switchNetwork('eip155:31337')
    expect(kernel.getState().chains.activeNamespace).toBe('eip155')
    expect(evm.wallet.calls.filter((c) => c.startsWith('switch'))).toEqual([])
    await kernel.switchNetwork('solana:devnet')
    // the evm account is on 31337: choosing Anvil 2 from Solana moves the wallet too, not only the label
    await kernel.switchNetwork('eip155:31338')
    expect(evm.wallet.calls.filter((c) => c.startsWith('switch'))).toEqual(['switch:eip155:31338'])
    expect(kernel.getState().chains.accounts.eip155?.caipAddress).toBe(`eip155:31338:${A}`)
    expect(kernel.getState().chains.accounts.solana?.status).toBe('connected')
  })

  it('error: a network not in the list is refused with "Chain is not supported"', async () => {
    const { kernel } = make()
    await kernel.ready
    await expect(kernel.switchNetwork('eip155:5')).rejects.toThrow()
    expect(kernel.getState().notifications.toast.message).toBe('Chain is not supported')
  })
})

describe('one approval for several namespaces', () => {
  /** A connector that drives its own session (like WalletConnect): one approval holds an eip155 and a solana account. */
  function sessionConnector(calls: string[], solanaFails = false) {
    return definePlugin({
      name: 'session-wallet',
      version: '1.0.0',
      contracts: '^1.0.0',
      setup(ctx) {
        ctx.registerConnector(
          defineConnector({
            id: 'session-wallet',
            name: 'Session Wallet',
            type: 'WALLET_CONNECT',
            chains: ['eip155', 'solana'],
            getProvider: async () => ({}),
            async connect({ namespace }) {
              calls.push(`connect:${namespace}`)
              if (namespace === 'solana') {
                if (solanaFails) throw new Error('no solana account after all')
                return { address: SOL, accounts: [SOL], chainId: 'devnet' }
              }
              return { address: A, accounts: [A], chainId: 31337, alsoAuthorized: ['solana'] }
            },
          }),
        )
      },
    })
  }

  it('behavior: the connector says the approval covers solana too: both accounts connect in one connect, the first stays active', async () => {
    const calls: string[] = []
    const k = make(createMemoryStorage(), { plugins: [scriptedWallet('eip155', A, 31337).plugin, scriptedWallet('solana', SOL, 'devnet').plugin, sessionConnector(calls)] }).kernel
    await k.ready
    const info = await k.connect('session-wallet')
    expect(info).toMatchObject({ namespace: 'eip155', address: A })
    expect(calls).toEqual(['connect:eip155', 'connect:solana'])
    const { accounts, activeCaipNetworkId } = k.getState().chains
    expect(accounts.eip155).toMatchObject({ status: 'connected', address: A, connectorId: 'session-wallet' })
    expect(accounts.solana).toMatchObject({ status: 'connected', address: SOL, connectorId: 'session-wallet' })
    expect(activeCaipNetworkId).toBe('eip155:31337')
  })

  it('error: a namespace that fails to connect is left out; the first connection stands', async () => {
    const calls: string[] = []
    const k = make(createMemoryStorage(), { plugins: [scriptedWallet('eip155', A, 31337).plugin, scriptedWallet('solana', SOL, 'devnet').plugin, sessionConnector(calls, true)] }).kernel
    await k.ready
    await expect(k.connect('session-wallet')).resolves.toMatchObject({ namespace: 'eip155' })
    expect(k.getState().chains.accounts.eip155?.status).toBe('connected')
    expect(k.getState().chains.accounts.solana?.status ?? 'disconnected').not.toBe('connected')
    expect(k.getState().chains.activeCaipNetworkId).toBe('eip155:31337')
  })
})

describe('signing', () => {
  it('error: a declined signature shows "Signature declined"', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    evm.wallet.mode = 'reject'
    await expect(kernel.signMessage('hello')).rejects.toThrow()
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'Signature declined', variant: 'error' })
  })
  it('behavior: the declined and started toasts are in the visitor\'s language', async () => {
    const es = { 'toast.signatureDeclined': 'Firma rechazada', 'toast.transactionStarted': 'Transacción iniciada' }
    const { kernel, evm } = make(createMemoryStorage(), { locale: 'es', messages: { es } })
    await kernel.ready
    await kernel.connect('eip155-wallet')
    await kernel.sendTransaction({ to: A, value: 1n })
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'Transacción iniciada', variant: 'success' })
    evm.wallet.mode = 'reject'
    await expect(kernel.signMessage('hola')).rejects.toThrow()
    // a new toast closes the open one and shows 150 ms later
    await vi.waitFor(() => expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Firma rechazada', variant: 'error' }))
  })
  it('error: a smart account whose signing fails says the application might not support smart accounts (SPEC §8); declined stays "Signature declined"', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    kernel.store.dispatch(accountDetailsReported({ namespace: 'eip155', details: { preferredAccountType: 'smartAccount' } as never }))
    evm.wallet.mode = 'fail'
    await expect(kernel.signMessage('hello')).rejects.toThrow()
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'This application might not support Smart Accounts', variant: 'error' })
    evm.wallet.mode = 'reject'
    await expect(kernel.signMessage('hello')).rejects.toThrow()
    await vi.waitFor(() => expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' }))
  })
  it('error: a bare wallet code 4001 from signing is shown as the error, not as "Signature declined"', async () => {
    const { kernel, evm } = make()
    await kernel.ready
    await kernel.connect('eip155-wallet')
    evm.wallet.mode = 'reject-4001'
    await expect(kernel.signMessage('hello')).rejects.toThrow()
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'User rejected the request.', variant: 'error' })
  })
  it('behavior: after a send the balance is read again once the transaction is mined, not only when the wallet answers', async () => {
    const { kernel, evm } = await make()
    await kernel.connect('eip155-wallet')
    await vi.waitFor(() => expect(kernel.getState().chains.accounts.eip155?.balance).toBe('10000.123456'))
    // the wallet answers with the hash before the block: the chain still shows the old balance
    await kernel.sendTransaction({ to: A, value: 1n })
    evm.wallet.balance = '9999.5' // the block lands
    await new Promise((r) => setTimeout(r, 20))
    expect(kernel.getState().chains.accounts.eip155?.balance).toBe('10000.123456') // nothing read it yet
    evm.wallet.mine()
    await vi.waitFor(() => expect(kernel.getState().chains.accounts.eip155?.balance).toBe('9999.5'))
  })

  it('error: signing without a connection throws No ActiveCaipAddress found', async () => {
    const { kernel } = make()
    await kernel.ready
    await expect(kernel.signMessage('hello')).rejects.toThrow('No ActiveCaipAddress found')
  })
})

describe('restore', () => {
  it('behavior: a stored connected status restores the session on start', async () => {
    const storage = createMemoryStorage()
    const first = make(storage)
    await first.kernel.ready
    await first.kernel.connect('eip155-wallet')
    first.kernel.destroy()
    const second = make(storage)
    expect(second.kernel.getState().chains.accounts.eip155?.status ?? 'disconnected').not.toBe('connected')
    await second.kernel.ready
    expect(second.evm.wallet.calls).toEqual(['reconnect'])
    expect(second.kernel.getState().chains.accounts.eip155).toMatchObject({ address: A, status: 'connected' })
    expect(second.kernel.getState().connection.recentWallets.map((w) => w.id)).toEqual(['eip155-wallet'])
  })

  it('behavior: a wallet that no longer authorises the site ends disconnected with the stored session cleared', async () => {
    const storage = createMemoryStorage()
    await storage.setItem('connectionStatus', 'connected')
    await storage.setItem('connections', [{ namespace: 'eip155', connectorId: 'eip155-wallet', address: A, chainId: 31337 }])
    const evm = scriptedWallet('eip155', A, 31337)
    evm.wallet.authorised = false
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const kernel = createKernel({ projectId: 'p', storage, networks: [net('eip155', 31337, 'Anvil')], plugins: [evm.plugin] })
    kernels.push(kernel)
    await kernel.ready
    warn.mockRestore()
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(kernel.getState().chains.accounts.eip155?.address).toBeUndefined()
    expect(await storage.getItem('connectionStatus')).toBe('disconnected')
    expect(await storage.getItem('connections')).toEqual([])
  })

  it('behavior: corrupt stored data is ignored rather than crashing the start', async () => {
    const storage = createMemoryStorage()
    await storage.setItem('connectionStatus', 'connected')
    await storage.setItem('connections', 'garbage')
    await storage.setItem('recentWallets', [{ id: 1 }, null, { id: 'ok', name: 'OK' }])
    const { kernel } = make(storage)
    await kernel.ready
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(kernel.getState().connection.recentWallets).toEqual([{ id: 'ok', name: 'OK' }])
  })
})
