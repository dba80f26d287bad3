/**
 * Portico WalletConnect test wallet: a real WalletConnect v2 wallet on `@reown/walletkit` 1.6 and
 * `@walletconnect/core` 2.25. It pairs with a `wc:` URI through any relay (the local dev relay by default),
 * approves or rejects session proposals, and answers eip155 requests by signing with anvil's dev keys (viem local
 * accounts, through the Portico Dev Wallet) and forwarding reads and signed transactions to the chain's RPC. With
 * `solana` it also approves the solana namespace and answers its requests with the local chain's dev keypairs
 * (./solana.ts). A proposal that carries a sign-in request (WalletConnect's one-click `authentication`, CAIP-222) is
 * approved with the SIWE message signed by the active account, unless `authenticate` is false.
 *
 * It makes no call except to the relay and the chain RPCs: `IS_VITEST=true` switches off the SDK's verify and
 * pulse calls, telemetry is off, and its storage is in memory unless one is given.
 */
import { EventEmitter } from 'node:events'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, buildAuthObject, getSdkError } from '@walletconnect/utils'
import { stringToHex, type Address, type Hex } from 'viem'
import { ANVIL_DEV_KEYS, createDevWallet, DEFAULT_DEV_RPC_URLS, type DevWallet } from '../evm/devWallet.js'
import { BITCOIN_WALLET_EVENTS, BITCOIN_WALLET_METHODS, createBitcoinSide, type BitcoinSide } from './bitcoin.js'
import { createPolkadotSide, POLKADOT_WALLET_METHODS, type PolkadotSide, type PolkadotWalletOptions } from './polkadot.js'
import { createSolanaSide, SOLANA_WALLET_METHODS, type SolanaSide, type SolanaWalletOptions } from './solana.js'

/** How the wallet answers session proposals and signing requests. */
export type WalletMode = 'approve' | 'reject' | 'fail'

/** The SDK's storage interface (`IKeyValueStorage`), for a wallet that must survive a restart. */
export type WalletStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export type WalletConnectWalletOptions = {
  /** The relay, e.g. `ws://127.0.0.1:4330`. */
  relayUrl: string
  /** Sent to the relay in the connection URL; the local relay accepts any. Default `portico-test-wallet`. */
  projectId?: string
  /** RPC URL per chain id; these are also the chains the wallet approves. Default 31337 and 31338 on localhost. */
  rpcUrls?: Readonly<Record<number, string>>
  /** Private keys of the accounts. Default anvil's first two dev keys. */
  accounts?: readonly Hex[]
  /** The chain the wallet starts on. Default the first of `rpcUrls`. */
  chainId?: number
  /** What dapps see of the wallet. */
  metadata?: { name: string; description: string; url: string; icons: string[] }
  /** Keep sessions across restarts; default a fresh in-memory storage. */
  storage?: WalletStorage
  /** Separates this wallet's keys from others in the same process and storage. Default a random one. */
  storagePrefix?: string
  /** SDK log level: `silent` (default), `error`, `warn`, `info`, `debug`. */
  logLevel?: string
  /** How prompts are answered at first. Default `approve`. */
  mode?: WalletMode
  /** Serve the solana namespace on these chains (approved when a dapp asks for it). Default: eip155 only. */
  solana?: SolanaWalletOptions
  /** Serve the polkadot namespace (sr25519 dev accounts; approved when a dapp asks for it). Default: not served. */
  polkadot?: PolkadotWalletOptions
  /** Serve the bip122 namespace on regtest (the Bitcoin Dev Wallet's keys; approved when a dapp asks for it). Default: not served. */
  bitcoin?: boolean
  /** Sign the sign-in request a proposal carries (one-click sign-in). Default true; false approves without it. */
  authenticate?: boolean
}

/** A one-click sign-in the wallet answered while approving a session. */
export type WalletAuthentication = { message: string; signature: Hex; iss: string; cacao: unknown }

/** A request the wallet received, as it was answered. */
export type WalletRequest = {
  id: number
  topic: string
  chainId: string
  method: string
  params: unknown
  outcome: 'approved' | 'rejected' | 'failed' | 'pending'
  result?: unknown
  error?: { code: number; message: string }
}

/** What the wallet emits: `proposal`, `session` (settled), `request` (answered), `delete`, `error`. */
export type WalletEvent = 'proposal' | 'session' | 'request' | 'delete' | 'error'

export type WalletConnectWallet = {
  readonly kit: InstanceType<typeof WalletKit>
  readonly core: InstanceType<typeof Core>
  /** Checksummed addresses, first one active. */
  readonly addresses: readonly Address[]
  readonly chainId: number
  readonly mode: WalletMode
  /** Every request received, oldest first. */
  readonly requests: readonly WalletRequest[]
  /** Every sign-in request signed while approving a session, oldest first. */
  readonly authentications: readonly WalletAuthentication[]
  /** Base58 addresses of the solana accounts (empty without `solana`). */
  readonly solanaAddresses: readonly string[]
  /** Generic SS58 addresses of the polkadot accounts (empty without `polkadot`). */
  readonly polkadotAddresses: readonly string[]
  /** The bip122 side (payment and ordinals addresses, the transfers it signed); undefined without `bitcoin`. */
  readonly bitcoin: BitcoinSide | undefined
  /** Active sessions by topic. */
  sessions(): ReturnType<InstanceType<typeof WalletKit>['getActiveSessions']>
  /** Pairs with a `wc:` URI (what a person does by scanning the QR code). The proposal is answered by the mode. */
  pair(uri: string): Promise<void>
  /** How proposals and prompted requests are answered from now on. */
  setMode(mode: WalletMode): void
  /** Moves the wallet to another chain and tells every dapp (`chainChanged`), adding the chain to the session first if needed. */
  switchChain(chainId: number): Promise<void>
  /** Makes another of the wallet's accounts the active one and tells every dapp (`accountsChanged`). */
  switchAccount(address: Address): Promise<void>
  /** Ends every session from the wallet's side (the dapps get `session_delete`). */
  disconnect(): Promise<void>
  /** Drops the relay connection as a network failure would; the SDK reconnects by itself unless `reconnect` is false. */
  dropConnection(options?: { reconnect?: boolean }): Promise<void>
  /** Opens the relay connection again after `dropConnection({ reconnect: false })`. */
  reconnect(): Promise<void>
  /** Resolves with the next settled session. */
  nextSession(timeoutMs?: number): Promise<{ topic: string }>
  /** Resolves with the next answered request (optionally of one method). */
  nextRequest(method?: string, timeoutMs?: number): Promise<WalletRequest>
  on(event: WalletEvent, listener: (...args: any[]) => void): void
  off(event: WalletEvent, listener: (...args: any[]) => void): void
  /** Stops the heartbeat and closes the relay connection; sessions stay in the storage. */
  close(): Promise<void>
}

/** Methods the wallet offers; dapps get the ones they ask for. */
export const WALLET_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_getBalance',
  'eth_call',
  'eth_blockNumber',
  'eth_estimateGas',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
] as const

export const WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** Methods that open a prompt in a real wallet; the mode decides their answer. */
const PROMPTED = new Set([
  ...SOLANA_WALLET_METHODS,
  ...POLKADOT_WALLET_METHODS,
  'signMessage',
  'signPsbt',
  'sendTransfer',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_sendCalls',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
])

/** In-memory `IKeyValueStorage`: one per wallet, so wallets never share state or touch the disk. */
export class MemoryStorage implements WalletStorage {
  private map = new Map<string, unknown>()
  async getKeys() {
    return [...this.map.keys()]
  }
  async getEntries<T>() {
    return [...this.map.entries()] as [string, T][]
  }
  async getItem<T>(key: string) {
    return structuredClone(this.map.get(key)) as T | undefined
  }
  async setItem<T>(key: string, value: T) {
    this.map.set(key, structuredClone(value))
  }
  async removeItem(key: string) {
    this.map.delete(key)
  }
}

const DEFAULT_METADATA = {
  name: 'Portico Test Wallet',
  description: 'A WalletConnect wallet for Portico tests: anvil dev keys, local chains.',
  url: 'https://portico.invalid/test-wallet',
  icons: [] as string[],
}

type RpcError = { code: number; message: string }

/** A sign-in request as a proposal carries it (`requests.authentication`). */
type AuthRequest = { chains: string[]; domain: string; aud: string; nonce: string; version: string; iat: string; type?: string } & Record<string, unknown>

function toRpcError(error: unknown): RpcError {
  const e = error as { code?: unknown; message?: unknown; shortMessage?: unknown }
  const code = typeof e?.code === 'number' ? e.code : -32603
  const message = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : 'Internal JSON-RPC error.'
  return { code, message }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}.`)), ms)
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    )
  })
}

let instances = 0

/**
 * Starts a WalletConnect wallet on the relay.
 *
 * @example
 * const wallet = await createWalletConnectWallet({ relayUrl: relay.url, rpcUrls: { 31337: anvil.url } })
 * await wallet.pair(uri)          // the dapp's `display_uri`
 * wallet.setMode('reject')        // the next signature request is declined
 * await wallet.disconnect()
 */
export async function createWalletConnectWallet(options: WalletConnectWalletOptions): Promise<WalletConnectWallet> {
  // The SDK reads these when its clients are built: no verify, no pulse, no shared global core.
  process.env.IS_VITEST = 'true'
  process.env.DISABLE_GLOBAL_CORE = 'true'

  const rpcUrls: Record<number, string> = { ...(options.rpcUrls ?? DEFAULT_DEV_RPC_URLS) }
  const chainIds = Object.keys(rpcUrls).map(Number)
  if (chainIds.length === 0) throw new Error('The wallet needs at least one chain.')
  let chainId = options.chainId ?? chainIds[0]!
  let mode: WalletMode = options.mode ?? 'approve'
  const events = new EventEmitter()
  events.setMaxListeners(100)
  const requests: WalletRequest[] = []
  const authentications: WalletAuthentication[] = []
  const solana: SolanaSide | undefined = options.solana ? await createSolanaSide(options.solana) : undefined
  const polkadot: PolkadotSide | undefined = options.polkadot ? createPolkadotSide(options.polkadot) : undefined
  const bitcoin: BitcoinSide | undefined = options.bitcoin ? createBitcoinSide() : undefined

  // The Dev Wallet does the signing and the chain traffic; it answers every prompt, the mode is applied here.
  const dev: DevWallet = createDevWallet({ rpcUrls, accounts: options.accounts ?? ANVIL_DEV_KEYS, chainId })
  await dev.request({ method: 'eth_requestAccounts' })
  let active: Address = dev.addresses[0]!

  const core = new Core({
    projectId: options.projectId ?? 'portico-test-wallet',
    relayUrl: options.relayUrl,
    logger: options.logLevel ?? 'silent',
    telemetryEnabled: false,
    storage: (options.storage ?? new MemoryStorage()) as never,
    customStoragePrefix: options.storagePrefix ?? `portico-test-wallet-${process.pid}-${++instances}-${Math.random().toString(36).slice(2, 8)}`,
  })
  // Without disableRequestQueue the wallet holds each request 1 s after answering the previous one.
  const kit = await WalletKit.init({ core, metadata: options.metadata ?? DEFAULT_METADATA, signConfig: { disableRequestQueue: true } })

  /** CAIP-10 accounts for every chain, the active account first. */
  const caipAccounts = (chains: readonly number[]) => {
    const ordered = [active, ...dev.addresses.filter((a) => a !== active)]
    return chains.flatMap((id) => ordered.map((a) => `eip155:${id}:${a}`))
  }

  kit.on('session_proposal', async ({ id, params }) => {
    events.emit('proposal', params)
    try {
      if (mode === 'reject') return await kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
      if (mode === 'fail') return await kit.rejectSession({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
      const asked = { ...params.requiredNamespaces, ...params.optionalNamespaces }
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: {
          eip155: {
            chains: [chainId, ...chainIds.filter((c) => c !== chainId)].map((c) => `eip155:${c}`),
            methods: [...WALLET_METHODS],
            events: [...WALLET_EVENTS],
            accounts: caipAccounts([chainId, ...chainIds.filter((c) => c !== chainId)]),
          },
          ...(solana && asked.solana
            ? { solana: { chains: [...solana.chains], methods: [...SOLANA_WALLET_METHODS], events: ['accountsChanged'], accounts: solana.accounts(solana.chains) } }
            : {}),
          ...(polkadot && asked.polkadot
            ? { polkadot: { chains: [...polkadot.chains], methods: [...POLKADOT_WALLET_METHODS], events: ['accountsChanged'], accounts: polkadot.accounts(polkadot.chains) } }
            : {}),
          ...(bitcoin && asked.bip122
            ? { bip122: { chains: [...bitcoin.chains], methods: [...BITCOIN_WALLET_METHODS], events: [...BITCOIN_WALLET_EVENTS], accounts: bitcoin.accounts(bitcoin.chains) } }
            : {}),
        },
      })
      const requested = (params as { requests?: { authentication?: AuthRequest[] } }).requests?.authentication ?? []
      const signed = options.authenticate === false ? [] : await Promise.all(requested.map((r) => signIn(r)))
      const session = await kit.approveSession({ id, namespaces, ...(signed.length ? { proposalRequestsResponses: { authentication: signed as never } } : {}) })
      events.emit('session', session)
    } catch (error) {
      events.emit('error', error)
      await kit.rejectSession({ id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') }).catch(() => {})
    }
  })

  /** Signs a one-click sign-in request with the active account, on the first requested chain the wallet has. */
  async function signIn(request: AuthRequest) {
    const chain = request.chains.map((c) => Number(c.split(':')[1])).find((c) => c in rpcUrls && request.chains.includes(`eip155:${c}`))
    if (chain === undefined) throw new Error(`The wallet has none of the chains ${request.chains.join(', ')}.`)
    const iss = `did:pkh:eip155:${chain}:${active}`
    const message = kit.formatAuthMessage({ request: request as never, iss })
    const signature = (await dev.request({ method: 'personal_sign', params: [stringToHex(message), active] })) as Hex
    const cacao = buildAuthObject(request as never, { t: 'eip191', s: signature }, iss)
    authentications.push({ message, signature, iss, cacao })
    return cacao
  }

  kit.on('session_request', async (event: WalletKitTypes.SessionRequest) => {
    const { id, topic } = event
    const { request, chainId: caipChain } = event.params
    const entry: WalletRequest = { id, topic, chainId: caipChain, method: request.method, params: request.params, outcome: 'pending' }
    requests.push(entry)
    let response: { id: number; jsonrpc: '2.0'; result: unknown } | { id: number; jsonrpc: '2.0'; error: RpcError }
    if (PROMPTED.has(request.method) && mode !== 'approve') {
      const error = mode === 'reject' ? getSdkError('USER_REJECTED') : { code: -32603, message: 'Internal JSON-RPC error.' }
      entry.outcome = mode === 'reject' ? 'rejected' : 'failed'
      entry.error = error
      response = { id, jsonrpc: '2.0', error }
    } else {
      try {
        const target = Number(caipChain.split(':')[1])
        if (Number.isSafeInteger(target) && target !== dev.chainId) dev.moveToChain(target)
        const result = caipChain.startsWith('solana:')
          ? await (solana ?? { request: () => Promise.reject(new Error('The wallet does not serve solana.')) }).request(caipChain, request.method, request.params)
          : caipChain.startsWith('polkadot:')
            ? await (polkadot ?? { request: () => Promise.reject(new Error('The wallet does not serve polkadot.')) }).request(caipChain, request.method, request.params)
            : caipChain.startsWith('bip122:')
              ? await (bitcoin ?? { request: () => Promise.reject(new Error('The wallet does not serve bip122.')) }).request(caipChain, request.method, request.params)
              : await dev.request({ method: request.method, params: request.params })
        entry.outcome = 'approved'
        entry.result = result
        response = { id, jsonrpc: '2.0', result }
      } catch (error) {
        entry.outcome = 'failed'
        entry.error = toRpcError(error)
        response = { id, jsonrpc: '2.0', error: entry.error }
      }
    }
    try {
      await kit.respondSessionRequest({ topic, response: response as never })
    } catch (error) {
      events.emit('error', error)
    }
    events.emit('request', entry)
  })

  kit.on('session_delete', (event) => events.emit('delete', event))

  const sessions = () => kit.getActiveSessions()

  async function emitToAll(name: 'chainChanged' | 'accountsChanged', data: unknown, chain: number) {
    for (const session of Object.values(sessions())) {
      await kit.emitSessionEvent({ topic: session.topic, event: { name, data }, chainId: `eip155:${chain}` })
    }
  }

  /** Adds `chain` (and the accounts on it) to every session that does not have it yet. */
  async function ensureChainInSessions(chain: number) {
    for (const session of Object.values(sessions())) {
      const ns = session.namespaces.eip155
      if (!ns || ns.chains?.includes(`eip155:${chain}`)) continue
      const chains = [...(ns.chains ?? []), `eip155:${chain}`]
      const ids = chains.map((c) => Number(c.split(':')[1]))
      const { acknowledged } = await kit.updateSession({
        topic: session.topic,
        namespaces: { ...session.namespaces, eip155: { ...ns, chains, accounts: caipAccounts(ids) } },
      })
      await acknowledged()
    }
  }

  function socket(): { close(code?: number): void; terminate?: () => void } | undefined {
    // the relayer's JSON-RPC provider → its WebSocket connection → the socket
    return (core.relayer as unknown as { provider?: { connection?: { socket?: never } } }).provider?.connection?.socket
  }

  function waitFor<T>(event: WalletEvent, filter: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
    return withTimeout(
      new Promise<T>((resolve) => {
        const listener = (value: T) => {
          if (!filter(value)) return
          events.off(event, listener)
          resolve(value)
        }
        events.on(event, listener)
      }),
      timeoutMs,
      what,
    )
  }

  return {
    kit,
    core,
    get addresses() {
      return [active, ...dev.addresses.filter((a) => a !== active)]
    },
    get chainId() {
      return chainId
    },
    get mode() {
      return mode
    },
    requests,
    authentications,
    solanaAddresses: solana?.addresses ?? [],
    polkadotAddresses: polkadot?.addresses ?? [],
    bitcoin,
    sessions,
    async pair(uri) {
      if (!/^wc:/.test(uri.trim())) throw new Error('Expected a WalletConnect URI starting with "wc:".')
      await kit.pair({ uri: uri.trim() })
    },
    setMode(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'fail') throw new Error(`Unknown mode "${String(next)}".`)
      mode = next
    },
    async switchChain(next) {
      if (!rpcUrls[next]) throw new Error(`The wallet has no RPC for chain ${next}; give it in rpcUrls.`)
      chainId = next
      dev.moveToChain(next)
      await ensureChainInSessions(next)
      await emitToAll('chainChanged', next, next)
    },
    async switchAccount(address) {
      const found = dev.addresses.find((a) => a.toLowerCase() === address.toLowerCase())
      if (!found) throw new Error(`The wallet has no account ${address}.`)
      active = found
      const ordered = [active, ...dev.addresses.filter((a) => a !== active)]
      await emitToAll('accountsChanged', ordered.map((a) => `eip155:${chainId}:${a}`), chainId)
    },
    async disconnect() {
      for (const session of Object.values(sessions())) {
        await kit.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      }
    },
    async dropConnection({ reconnect = true } = {}) {
      if (!reconnect) return core.relayer.transportClose()
      const ws = socket()
      if (!ws) return
      const back = new Promise<void>((resolve) => core.relayer.once('relayer_connect', () => resolve()))
      if (typeof ws.terminate === 'function') ws.terminate()
      else ws.close(4000)
      await withTimeout(back, 30_000, 'the wallet to reconnect to the relay')
    },
    async reconnect() {
      await core.relayer.transportOpen()
    },
    nextSession(timeoutMs = 30_000) {
      return waitFor<{ topic: string }>('session', () => true, timeoutMs, 'a session')
    },
    nextRequest(method, timeoutMs = 30_000) {
      return waitFor<WalletRequest>('request', (r) => !method || r.method === method, timeoutMs, `a ${method ?? ''} request`.replace('  ', ' '))
    },
    on: (event, listener) => void events.on(event, listener),
    off: (event, listener) => void events.off(event, listener),
    async close() {
      core.heartbeat.stop()
      await core.relayer.transportClose().catch(() => {})
      events.removeAllListeners()
    },
  }
}

