/**
 * Portico Dev Wallet: a real EIP-1193 wallet for tests and the demo. It signs with viem local accounts (anvil's dev
 * keys by default), sends signed raw transactions to the chain and forwards every read to the chain's RPC. Tests
 * steer it: approve, reject (4001) or fail (-32603) prompts, move to another chain, disconnect.
 */
import {
  bytesToHex,
  createPublicClient,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

/** How the wallet answers requests that need the visitor's approval. */
export type DevWalletMode = 'approve' | 'reject' | 'fail'

/** Sync key-value storage (the Web Storage API shape); the browser entry passes `localStorage`. */
export type DevWalletStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export type DevWalletParameters = {
  /** RPC URL per chain id. Default: 31337 on http://127.0.0.1:8545 and 31338 on http://127.0.0.1:8546. */
  rpcUrls?: Readonly<Record<number, string>>
  /** Private keys of the accounts. Default: anvil's first two dev keys. */
  accounts?: readonly Hex[]
  /** Chain the wallet starts on. Default: the first chain of `rpcUrls`. */
  chainId?: number
  /** Keeps authorisation, chain and added chains across page loads (like an extension does per origin). */
  storage?: DevWalletStorage
  /** Storage key. Default `portico-dev-wallet`. */
  storageKey?: string
}

type Listener = (...args: any[]) => void

/** The error shape EIP-1193 wallets reject with. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** A request the wallet received, for assertions. */
export type DevWalletRequest = { method: string; params: unknown }

export type DevWallet = {
  /** EIP-1193 request. */
  request(args: { method: string; params?: unknown }): Promise<any>
  on(event: string, listener: Listener): DevWallet
  removeListener(event: string, listener: Listener): DevWallet
  /** Identifies this wallet; no vendor flag (it is not MetaMask). */
  readonly isPorticoDevWallet: true
  /** Checksummed addresses of the accounts, first one active. */
  readonly addresses: readonly Address[]
  readonly chainId: number
  readonly mode: DevWalletMode
  readonly authorized: boolean
  /** Every request received, oldest first (the last 1000). */
  readonly requests: readonly DevWalletRequest[]
  /** How prompts are answered from now on. */
  setMode(mode: DevWalletMode): void
  /** The wallet moves to `chainId` by itself and emits chainChanged, even for a chain it has no RPC for. */
  moveToChain(chainId: number): void
  /**
   * Makes the account of `privateKey` the first (active) one, ahead of the others; emits `accountsChanged` when the
   * site is authorised. Tests use it for an account of their own that no other test touches.
   */
  useKey(privateKey: `0x${string}`): void
  /** The wallet ends the session: authorisation is dropped and `disconnect` is emitted. */
  disconnect(): void
  /** Number of listeners per event (to check that unsubscribing worked). */
  listenerCount(event: string): number
}

/** anvil's first two dev keys (0xf39F…2266 and 0x7099…79C8). */
export const ANVIL_DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const satisfies readonly Hex[]

/** The dev stack's two local chains. */
export const DEFAULT_DEV_RPC_URLS: Readonly<Record<number, string>> = {
  31337: 'http://127.0.0.1:8545',
  31338: 'http://127.0.0.1:8546',
}

/** Methods that open a prompt in a real wallet: `setMode` decides their answer. */
const PROMPTED = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

/** Methods that need an authorised account. */
const NEEDS_ACCOUNT = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_getCapabilities'])

type Persisted = { authorized: boolean; chainId: number; added: Record<number, string> }

type CallsBatch = { chainId: number; hashes: Hex[]; error?: string }

/**
 * Creates a dev wallet.
 *
 * @example
 * const wallet = createDevWallet({ rpcUrls: { 31337: anvil.url } })
 * await wallet.request({ method: 'eth_requestAccounts' }) // ['0xf39F…2266', '0x7099…79C8']
 * wallet.setMode('reject') // the next prompt fails with 4001
 */
export function createDevWallet(parameters: DevWalletParameters = {}): DevWallet {
  const rpcUrls: Record<number, string> = { ...(parameters.rpcUrls ?? DEFAULT_DEV_RPC_URLS) }
  const accounts: PrivateKeyAccount[] = (parameters.accounts ?? ANVIL_DEV_KEYS).map((key) => privateKeyToAccount(key))
  if (accounts.length === 0) throw new Error('A dev wallet needs at least one account.')
  const storageKey = parameters.storageKey ?? 'portico-dev-wallet'
  const firstChain = Number(Object.keys(rpcUrls)[0] ?? 31337)

  const stored = readStored()
  let authorized = stored?.authorized ?? false
  let chainId = parameters.chainId ?? stored?.chainId ?? firstChain
  const added: Record<number, string> = { ...(stored?.added ?? {}) }
  let mode: DevWalletMode = 'approve'
  const listeners = new Map<string, Set<Listener>>()
  const requests: DevWalletRequest[] = []
  const clients = new Map<number, PublicClient>()
  const batches = new Map<string, CallsBatch>()

  function readStored(): Persisted | undefined {
    try {
      const raw = parameters.storage?.getItem(storageKey)
      const value = raw ? (JSON.parse(raw) as Persisted) : undefined
      return value && typeof value === 'object' ? value : undefined
    } catch {
      return undefined
    }
  }
  function persist() {
    try {
      parameters.storage?.setItem(storageKey, JSON.stringify({ authorized, chainId, added } satisfies Persisted))
    } catch {
      /* storage full or blocked: the wallet still works for this page */
    }
  }

  function emit(event: string, ...args: unknown[]) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        // a dapp's listener throwing must not break the wallet
        console.error(`[dev wallet] a "${event}" listener threw:`, error)
      }
    }
  }

  const addresses = () => accounts.map((a) => a.address)
  const rpcUrlOf = (id: number) => rpcUrls[id] ?? added[id]

  function clientOf(id: number): PublicClient {
    const url = rpcUrlOf(id)
    if (!url) throw new ProviderRpcError(4901, `The wallet has no RPC for chain ${id}.`)
    let client = clients.get(id)
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 10_000 }) })
      clients.set(id, client)
    }
    return client
  }

  function accountOf(address: unknown): PrivateKeyAccount {
    const account =
      typeof address === 'string' && isHex(address) && address.length === 42
        ? accounts.find((a) => isAddressEqual(a.address, address))
        : undefined
    if (!account || !authorized) throw new ProviderRpcError(4100, 'The requested account has not been authorized by the user.')
    return account
  }

  function prompt() {
    if (mode === 'reject') throw new ProviderRpcError(4001, 'User rejected the request.')
    if (mode === 'fail') throw new ProviderRpcError(-32603, 'Internal JSON-RPC error.')
  }

  async function forward(method: string, params: unknown): Promise<unknown> {
    const url = rpcUrlOf(chainId)
    if (!url) throw new ProviderRpcError(4901, `The wallet has no RPC for chain ${chainId}.`)
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      })
    } catch (error) {
      throw new ProviderRpcError(4901, `The chain ${chainId} RPC is unreachable.`, { cause: String(error) })
    }
    const body = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code: number; message: string; data?: unknown } } | undefined
    if (!body) throw new ProviderRpcError(-32603, `The chain ${chainId} RPC answered HTTP ${response.status}.`)
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  async function sendTransaction(tx: Record<string, unknown>): Promise<Hex> {
    const account = accountOf(tx.from)
    if (tx.chainId !== undefined && Number(tx.chainId) !== chainId) {
      throw new ProviderRpcError(-32602, `The transaction is for chain ${Number(tx.chainId)} but the wallet is on chain ${chainId}.`)
    }
    const client = clientOf(chainId)
    const big = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string))
    const request = await client.prepareTransactionRequest({
      account,
      chain: null,
      chainId,
      ...(typeof tx.to === 'string' ? { to: tx.to as Address } : {}),
      ...(tx.value !== undefined ? { value: big(tx.value) } : {}),
      ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : typeof tx.input === 'string' ? { data: tx.input as Hex } : {}),
      ...(tx.gas !== undefined ? { gas: big(tx.gas) } : {}),
      ...(tx.nonce !== undefined ? { nonce: Number(tx.nonce) } : {}),
    } as never)
    const serializedTransaction = await account.signTransaction(request as never)
    return client.sendRawTransaction({ serializedTransaction })
  }

  async function handle(method: string, params: any[]): Promise<unknown> {
    if (PROMPTED.has(method) && !(method === 'eth_requestAccounts' && authorized)) prompt()
    if (NEEDS_ACCOUNT.has(method) && !authorized) throw new ProviderRpcError(4100, 'The requested account has not been authorized by the user.')

    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        const was = authorized
        authorized = true
        persist()
        if (!was) emit('accountsChanged', addresses())
        if (method === 'wallet_requestPermissions') return [{ parentCapability: 'eth_accounts', caveats: [] }]
        return addresses()
      }
      case 'eth_accounts':
        return authorized ? addresses() : []
      case 'wallet_getPermissions':
        return authorized ? [{ parentCapability: 'eth_accounts', caveats: [] }] : []
      case 'wallet_revokePermissions': {
        const was = authorized
        authorized = false
        persist()
        if (was) emit('accountsChanged', [])
        return null
      }
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain': {
        const target = Number(params[0]?.chainId)
        if (!Number.isSafeInteger(target) || target <= 0) throw new ProviderRpcError(-32602, 'Expected a chainId.')
        if (!rpcUrlOf(target)) throw new ProviderRpcError(4902, `Unrecognized chain ID "${numberToHex(target)}". Try adding the chain using wallet_addEthereumChain first.`)
        if (target !== chainId) {
          chainId = target
          persist()
          emit('chainChanged', numberToHex(target))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const p = params[0] ?? {}
        const target = Number(p.chainId)
        const url = Array.isArray(p.rpcUrls) ? p.rpcUrls.find((u: unknown) => typeof u === 'string' && /^https?:\/\//.test(u)) : undefined
        if (!Number.isSafeInteger(target) || target <= 0 || !url) throw new ProviderRpcError(-32602, 'Expected a chainId and an http(s) rpc url.')
        if (!rpcUrls[target]) {
          added[target] = url
          clients.delete(target)
          persist()
        }
        return null
      }
      case 'personal_sign': {
        const [message, address] = params
        const account = accountOf(address)
        const raw = typeof message === 'string' && isHex(message) ? message : undefined
        return account.signMessage({ message: raw ? { raw } : String(message) })
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = params
        const account = accountOf(address)
        const typedData = typeof data === 'string' ? JSON.parse(data) : data
        const { EIP712Domain: _, ...types } = typedData.types ?? {}
        return account.signTypedData({ domain: typedData.domain, types, primaryType: typedData.primaryType, message: typedData.message })
      }
      case 'eth_sendTransaction':
        return sendTransaction(params[0] ?? {})
      case 'wallet_getCapabilities': {
        accountOf(params[0])
        // EIP-5792: calls run one after another, never atomically
        const chains = [...new Set([...Object.keys(rpcUrls), ...Object.keys(added)].map(Number))]
        return Object.fromEntries(chains.map((id) => [numberToHex(id), { atomic: { status: 'unsupported' } }]))
      }
      case 'wallet_sendCalls': {
        const p = params[0] ?? {}
        if (p.atomicRequired === true) throw new ProviderRpcError(5760, 'The wallet cannot run calls atomically.')
        if (p.chainId !== undefined && Number(p.chainId) !== chainId) throw new ProviderRpcError(5710, `The wallet is not on chain ${Number(p.chainId)}.`)
        accountOf(p.from ?? addresses()[0])
        const from = p.from ?? addresses()[0]
        const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
        const batch: CallsBatch = { chainId, hashes: [] }
        batches.set(id, batch)
        for (const call of Array.isArray(p.calls) ? p.calls : []) {
          batch.hashes.push(await sendTransaction({ ...call, from }))
        }
        return { id }
      }
      case 'wallet_getCallsStatus': {
        const id = String(params[0])
        const batch = batches.get(id)
        if (!batch) throw new ProviderRpcError(5730, 'Unknown bundle id.')
        const client = clientOf(batch.chainId)
        const receipts = await Promise.all(batch.hashes.map((hash) => client.getTransactionReceipt({ hash }).catch(() => undefined)))
        const done = receipts.every(Boolean)
        const failed = receipts.some((r) => r && r.status !== 'success')
        return {
          version: '2.0.0',
          id,
          chainId: numberToHex(batch.chainId),
          atomic: false,
          status: !done ? 100 : failed ? 500 : 200,
          receipts: receipts.filter(Boolean).map((r) => ({
            logs: r!.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
            status: r!.status === 'success' ? '0x1' : '0x0',
            blockHash: r!.blockHash,
            blockNumber: numberToHex(r!.blockNumber),
            gasUsed: numberToHex(r!.gasUsed),
            transactionHash: r!.transactionHash,
          })),
        }
      }
      case 'eth_sign':
      case 'eth_signTransaction':
      case 'eth_signTypedData':
      case 'eth_signTypedData_v3':
        throw new ProviderRpcError(4200, `The dev wallet does not support ${method}.`)
      default:
        return forward(method, params)
    }
  }

  const wallet: DevWallet = {
    isPorticoDevWallet: true,
    get addresses() {
      return addresses()
    },
    get chainId() {
      return chainId
    },
    get mode() {
      return mode
    },
    get authorized() {
      return authorized
    },
    get requests() {
      return requests
    },
    async request(args) {
      if (!args || typeof args.method !== 'string') throw new ProviderRpcError(-32600, 'Expected { method, params }.')
      const params = args.params === undefined ? [] : args.params
      requests.push({ method: args.method, params })
      if (requests.length > 1000) requests.shift()
      return handle(args.method, Array.isArray(params) ? params : [params])
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return wallet
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return wallet
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    setMode(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'fail') throw new Error(`Unknown dev wallet mode "${String(next)}".`)
      mode = next
    },
    moveToChain(next) {
      if (!Number.isSafeInteger(next) || next <= 0) throw new Error(`Invalid chain id ${next}.`)
      if (next === chainId) return
      chainId = next
      persist()
      emit('chainChanged', numberToHex(next))
    },
    useKey(privateKey) {
      const account = privateKeyToAccount(privateKey)
      const others = accounts.filter((a) => !isAddressEqual(a.address, account.address))
      accounts.splice(0, accounts.length, account, ...others)
      if (authorized) emit('accountsChanged', addresses())
    },
    disconnect() {
      authorized = false
      persist()
      emit('disconnect', new ProviderRpcError(4900, 'The wallet disconnected.'))
    },
  }
  return wallet
}
