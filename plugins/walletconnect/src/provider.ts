import type { ChainNamespace } from '@portico/contracts/plugin'
import type UniversalProviderType from '@walletconnect/universal-provider'
import { isRejection, ProviderInitError, ProviderRpcError } from './errors.js'
import { addressesOn, parseAccount, sessionAccounts, type ProposalNamespace } from './namespaces.js'
import type { SdkStorage } from './storage.js'

export type UniversalProvider = UniversalProviderType
export type WalletConnectSession = NonNullable<UniversalProvider['session']>

export type AppMetadata = { name: string; description: string; url: string; icons: string[] }

export type ProviderHostOptions = {
  projectId: string | undefined
  relayUrl: string | undefined
  metadata: AppMetadata | undefined
  storage: SdkStorage
  /** Separates these keys from other WalletConnect clients on the page. */
  storagePrefix: string
  /** SDK log level. */
  logger: string
  /**
   * Keep the SDK's Verify step (an iframe from verify.walletconnect.org that attests the page's origin to wallets).
   * Off by default: see README, "Verify".
   */
  verify: boolean
  log: { debug: (...a: unknown[]) => void; warn: (...a: unknown[]) => void }
}

type Listener = (...args: any[]) => void

/**
 * The EIP-1193 face of one namespace of the WalletConnect session: what a chain adapter gets from
 * `connector.getProvider(namespace)`. Requests go to the wallet (or, for reads, to the network's RPC from
 * `rpcMap`); `eth_accounts` and `eth_chainId` are answered locally. It emits `accountsChanged`, `chainChanged`
 * (hex for eip155) and `disconnect` with EIP-1193 payloads.
 */
export class NamespaceProvider {
  readonly namespace: ChainNamespace
  private listeners = new Map<string, Set<Listener>>()
  /** Accounts the wallet last announced with `accountsChanged`; the session's accounts until then. */
  accountsOverride: string[] | undefined
  /** The chain this namespace is on, as a CAIP-2 id, once known. */
  chain: string | undefined

  constructor(
    namespace: ChainNamespace,
    private host: Pick<ProviderHost, 'ensure' | 'activeSession'>,
  ) {
    this.namespace = namespace
  }

  get isWalletConnect(): true {
    return true
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.removeListener(event, wrapped)
      listener(...args)
    }
    return this.on(event, wrapped)
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0
  }

  /**
   * @internal The session ended: `disconnect` (EIP-1193), and for other namespaces an empty `accountsChanged` too,
   * which is how request-based Solana providers say it.
   */
  ended(reason: string): void {
    this.emit('disconnect', new ProviderRpcError(4900, reason))
    if (this.namespace !== 'eip155') this.emit('accountsChanged', [])
  }

  /** @internal */
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`[walletconnect] a "${event}" listener threw:`, error)
      }
    }
  }

  /** The addresses on the current chain (the wallet's announced order first). */
  accounts(provider: UniversalProvider): string[] {
    const session = this.host.activeSession(provider)
    if (!session) return []
    const chain = this.currentChain(provider)
    const all = chain ? addressesOn(sessionAccounts(session.namespaces, this.namespace), chain) : []
    if (!this.accountsOverride?.length) return all
    const known = new Set(all.map((a) => a.toLowerCase()))
    const first = this.accountsOverride.filter((a) => known.has(a.toLowerCase()))
    return first.length ? [...first, ...all.filter((a) => !first.some((f) => f.toLowerCase() === a.toLowerCase()))] : all
  }

  /** The CAIP-2 chain the namespace is on: the sub-provider's default chain, else the session's first. */
  currentChain(provider: UniversalProvider): string | undefined {
    const sub = (provider.rpcProviders as Record<string, { getDefaultChain(): string } | undefined>)[this.namespace]
    try {
      const reference = sub?.getDefaultChain()
      if (reference) return `${this.namespace}:${reference}`
    } catch {}
    const session = this.host.activeSession(provider)
    return session ? sessionAccounts(session.namespaces, this.namespace)[0]?.chain : undefined
  }

  async request(args: { method: string; params?: unknown }): Promise<any> {
    if (!args || typeof args.method !== 'string') throw new ProviderRpcError(-32600, 'Expected { method, params }.')
    const provider = await this.host.ensure()
    const session = this.host.activeSession(provider)
    const connected = Boolean(session && sessionAccounts(session.namespaces, this.namespace).length)
    const { method } = args
    if (!connected) {
      if (method === 'eth_accounts' || method === 'solana_getAccounts' || method === 'polkadot_getAccounts') return []
      if (this.namespace === 'bip122' && method === 'getAccounts') return []
      throw new ProviderRpcError(4900, 'WalletConnect is not connected: connect a wallet first.')
    }
    const chain = this.currentChain(provider)!
    if (this.namespace !== 'eip155') {
      // the session's accounts are the answer (the wallet approved them while pairing); signing goes to the wallet
      if (method === 'solana_requestAccounts' || method === 'solana_getAccounts') return this.accounts(provider)
      if (method === 'polkadot_requestAccounts' || method === 'polkadot_getAccounts') return this.accounts(provider)
      if (this.namespace === 'bip122' && method === 'getAccounts') return this.accounts(provider)
    } else switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return this.accounts(provider)
      case 'eth_chainId':
        return `0x${Number(chain.split(':')[1]).toString(16)}`
      case 'net_version':
        return String(Number(chain.split(':')[1]))
    }
    try {
      return await provider.request({ method, params: args.params as never }, chain)
    } catch (error) {
      throw toProviderRpcError(error)
    }
  }
}

/** What WalletConnect rejects with (plain `{ code, message }` objects or Errors), as EIP-1193 errors. */
export function toProviderRpcError(error: unknown): Error {
  if (error instanceof ProviderRpcError) return error
  const e = error as { code?: unknown; message?: unknown; data?: unknown }
  const message = typeof e?.message === 'string' && e.message ? e.message : String(error)
  // WalletConnect's USER_REJECTED family (5000-5002), wherever it sits in the error, is EIP-1193's 4001
  if (isRejection(error)) return new ProviderRpcError(4001, 'User rejected the request.', typeof e?.code === 'number' ? { code: e.code, message } : undefined, { cause: error })
  if (typeof e?.code === 'number') return new ProviderRpcError(e.code, message, e.data)
  if (/request\(\) method:|Missing or invalid\. request\(\) method/i.test(message)) return new ProviderRpcError(4200, message)
  if (/not approved|Please call connect\(\)/i.test(message)) return new ProviderRpcError(4100, message)
  return new ProviderRpcError(-32603, message)
}

/**
 * Owns the one UniversalProvider of the connector: created lazily (dynamic `import()` when a connection starts or a
 * session restores, never at page load), restored from storage, and translated into EIP-1193 events per namespace.
 */
export class ProviderHost {
  private promise: Promise<UniversalProvider> | undefined
  private instance: UniversalProvider | undefined
  readonly namespaces = new Map<ChainNamespace, NamespaceProvider>()
  private destroyed = false

  constructor(private options: ProviderHostOptions) {}

  /** The provider if it has been created. */
  get current(): UniversalProvider | undefined {
    return this.instance
  }

  namespace(ns: ChainNamespace): NamespaceProvider {
    let p = this.namespaces.get(ns)
    if (!p) this.namespaces.set(ns, (p = new NamespaceProvider(ns, this)))
    return p
  }

  /** The provider, created and restored on first use. A failed start is retried on the next call. */
  ensure(): Promise<UniversalProvider> {
    if (this.destroyed) return Promise.reject(new ProviderInitError(new Error('The connector was torn down.')))
    this.promise ??= this.create().then(
      (p) => (this.instance = p),
      (error) => {
        this.promise = undefined
        throw error instanceof ProviderInitError ? error : new ProviderInitError(error)
      },
    )
    return this.promise
  }

  /** The provider's session if it is still in the sign client's store (not deleted or expired). */
  activeSession(provider: UniversalProvider | undefined = this.instance): WalletConnectSession | undefined {
    const session = provider?.session
    if (!session) return undefined
    try {
      return provider.client.session.keys.includes(session.topic) ? session : undefined
    } catch {
      return undefined
    }
  }

  /**
   * One pairing: resolves with the approved session; `onUri` gets the pairing URI as soon as `display_uri` fires. An
   * active session with accounts in `namespace` is returned as is (restored, or approved after the modal closed).
   * `authentication` (one-click sign-in) asks the wallet to sign in while it approves; the session carries the
   * signed CACAOs in `authentication`.
   */
  async pair(
    namespace: ChainNamespace,
    optionalNamespaces: Record<string, ProposalNamespace>,
    onUri: (uri: string) => void,
    authentication?: readonly object[],
  ): Promise<WalletConnectSession> {
    const provider = await this.ensure()
    const existing = this.activeSession(provider)
    if (existing && sessionAccounts(existing.namespaces, namespace).length) return existing
    let seen = false
    const listener = (uri: string) => {
      if (seen) return
      seen = true
      provider.events.off('display_uri', listener)
      onUri(uri)
    }
    provider.on('display_uri', listener)
    try {
      const session = await provider.connect({ optionalNamespaces: optionalNamespaces as never, ...(authentication?.length ? { authentication: authentication as never } : {}) })
      if (!session) throw new Error('The wallet returned no session.')
      this.resetNamespaceState()
      return session
    } finally {
      provider.events.off('display_uri', listener)
    }
  }

  /** Moves a namespace to `chain` (CAIP-2) locally; the chain must be in the session. */
  setChain(chain: string): void {
    const provider = this.instance
    if (!provider) return
    provider.setDefaultChain(chain)
    const ns = this.namespaces.get(chain.split(':')[0] as ChainNamespace)
    if (ns) ns.chain = chain
  }

  /** Ends the dapp's session. The wallet hears of it unless the relay is out of reach, then it is forgotten locally. */
  async disconnect(timeoutMs: number): Promise<void> {
    const provider = this.instance
    const session = this.activeSession(provider)
    if (!provider || !session) return
    try {
      await withTimeout(provider.disconnect(), timeoutMs)
    } catch (error) {
      this.options.log.warn('could not tell the wallet about the disconnect; forgetting the session here:', error)
      await this.forget(provider, session.topic)
    }
    this.resetNamespaceState()
  }

  /** Ends a session nobody waits for (approved after its attempt was given up). */
  async disconnectTopic(topic: string): Promise<void> {
    const provider = this.instance
    if (!provider) return
    try {
      await provider.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    } catch {}
    if (provider.session?.topic === topic) await this.forget(provider, topic)
  }

  async destroy(): Promise<void> {
    this.destroyed = true
    const provider = this.instance
    this.instance = undefined
    this.promise = undefined
    if (!provider) return
    try {
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose()
    } catch {}
  }

  private async forget(provider: UniversalProvider, topic: string) {
    try {
      await provider.client.session.delete(topic, { code: 6000, message: 'User disconnected.' })
    } catch {}
    if (provider.session?.topic === topic) provider.session = undefined
  }

  private resetNamespaceState() {
    for (const ns of this.namespaces.values()) {
      ns.accountsOverride = undefined
      ns.chain = undefined
    }
  }

  private async create(): Promise<UniversalProvider> {
    const o = this.options
    const [{ UniversalProvider }, { Core }] = await Promise.all([import('@walletconnect/universal-provider'), import('@walletconnect/core')])
    const core = new Core({
      ...(o.projectId ? { projectId: o.projectId } : {}),
      ...(o.relayUrl ? { relayUrl: o.relayUrl } : {}),
      logger: o.logger,
      storage: o.storage as never,
      customStoragePrefix: o.storagePrefix,
      telemetryEnabled: false,
    })
    if (!o.verify) skipVerify(core)
    const provider = await UniversalProvider.init({
      core,
      ...(o.projectId ? { projectId: o.projectId } : {}),
      ...(o.relayUrl ? { relayUrl: o.relayUrl } : {}),
      ...(o.metadata ? { metadata: o.metadata } : {}),
      logger: o.logger,
      telemetryEnabled: false,
      // the http providers for reads must not ping the RPC when they are created
      disableProviderPing: true,
    })
    if (this.destroyed) {
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose().catch(() => {})
      throw new Error('The connector was torn down.')
    }
    this.listen(provider)
    o.log.debug('provider ready', this.activeSession(provider) ? 'with a restored session' : 'without a session')
    return provider
  }

  private listen(provider: UniversalProvider) {
    // chain changes, whoever made them (the wallet's chainChanged event, wallet_switchEthereumChain, setChain)
    provider.on('default_chain_changed', ({ currentCaipChainId }: { currentCaipChainId: string }) => {
      const [nsName, reference] = currentCaipChainId.split(':') as [ChainNamespace, string]
      const ns = this.namespaces.get(nsName)
      if (!ns || !reference) return
      const previous = ns.chain
      if (previous === currentCaipChainId) return
      const before = previous ? this.accountsOn(provider, nsName, previous) : undefined
      ns.chain = currentCaipChainId
      ns.emit('chainChanged', nsName === 'eip155' ? `0x${Number(reference).toString(16)}` : reference)
      const after = this.accountsOn(provider, nsName, currentCaipChainId)
      if (before && after.length && after.join() !== before.join()) {
        ns.accountsOverride = undefined
        ns.emit('accountsChanged', after)
      }
    })

    // account changes announced by the wallet, routed by the event's namespace
    provider.on('session_event', (args: { topic: string; params: { chainId: string; event: { name: string; data: unknown } } }) => {
      const nsName = args.params.chainId.split(':')[0] as ChainNamespace
      const ns = this.namespaces.get(nsName)
      if (!ns || args.params.event.name !== 'accountsChanged' || !Array.isArray(args.params.event.data)) return
      const accounts = (args.params.event.data as unknown[])
        .filter((a): a is string => typeof a === 'string')
        .map((a) => (a.includes(':') ? (parseAccount(a)?.address ?? a) : a))
      ns.accountsOverride = accounts
      ns.emit('accountsChanged', ns.accounts(provider))
    })

    provider.on('session_update', () => {
      for (const ns of this.namespaces.values()) {
        const accounts = ns.accounts(provider)
        if (accounts.length) ns.emit('accountsChanged', accounts)
      }
    })

    // the wallet ended the session (or it expired)
    const ended = (reason: string) => {
      this.resetNamespaceState()
      for (const ns of this.namespaces.values()) ns.ended(reason)
    }
    provider.on('session_delete', () => ended('The wallet ended the session.'))
    provider.client.on('session_expire', ({ topic }: { topic: string }) => {
      if (provider.session?.topic !== topic) return
      provider.session = undefined
      ended('The WalletConnect session expired.')
    })
  }

  private accountsOn(provider: UniversalProvider, ns: ChainNamespace, chain: string): string[] {
    const session = this.activeSession(provider)
    return session ? addressesOn(sessionAccounts(session.namespaces, ns), chain) : []
  }
}

/**
 * Skips the SDK's Verify step. In a browser the sign client loads an iframe from verify.walletconnect.org before
 * every proposal and request and waits up to 5 s for its answer; the pairing URI (`display_uri`) is only emitted
 * after that. With no attestation the relay traffic is the same as from a Node or React Native dapp, which never
 * run Verify: wallets show the origin as "unknown" instead of "verified".
 */
export function skipVerify(core: { verify: unknown }): void {
  const verify = core.verify as { register: (...a: unknown[]) => Promise<string | undefined>; resolve: (...a: unknown[]) => Promise<unknown> }
  verify.register = async () => ''
  verify.resolve = async () => undefined
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms)
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    )
  })
}
