import {
  defineConnector,
  type ActionLike,
  type CaipNetworkLike,
  type ChainNamespace,
  type Connector,
  type KeyValueStorage,
  type PorticoState,
} from '@portico/contracts/plugin'
import { DISCONNECT_TIMEOUT_MS, WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_ICON, WC_VIEWS } from './constants.js'
import { describe, NoAccountsError, WalletConnectError } from './errors.js'
import { addressesOn, NAMESPACE_SPECS, proposalNamespaces, sessionAccounts, SUPPORTED_NAMESPACES, type ProposalNamespace } from './namespaces.js'
import { authenticationParams, oneClickRequest, type OneClickRequest, type OneClickSignIn } from './oneClick.js'
import { createPairingManager, type PairingManager } from './pairing.js'
import { reusesPairing } from './platform.js'
import { ProviderHost, type AppMetadata, type NamespaceProvider, type UniversalProvider, type WalletConnectSession } from './provider.js'
import { pairingUriCleared, pairingUriPublished, phaseChanged } from './slice.js'
import { createSdkStorage, type SdkStorage } from './storage.js'

/**
 * Options of the WalletConnect plugin and connector (the factory's parameters; for a remote copy, the host's
 * `features.walletconnect`); everything has a default from the kernel options.
 */
export type WalletConnectParameters = {
  /** The relay. Default: the kernel's `endpoints.relay`, else the SDK's public relay. */
  relayUrl?: string
  /** Default: the kernel's `projectId`. */
  projectId?: string
  /** What wallets show about the app. Default: the kernel's `metadata`. */
  metadata?: AppMetadata
  /** Keep the SDK's Verify step (see README). Default `false`. */
  verify?: boolean
  /** Storage for the SDK's keys and sessions. Default: the kernel's storage (IndexedDB, memory fallback). */
  storage?: SdkStorage
  /** Prefix of the SDK's storage keys. Default `portico`. */
  storagePrefix?: string
  /** SDK log level. Default `error` (`warn` in debug mode). */
  logger?: string
  /**
   * RPC URL per chain (CAIP-2 id or chain reference, a URL or a list whose first is used) for the provider's reads
   * (`rpcMap`). Default: each configured network's first http RPC URL.
   */
  rpcUrls?: Readonly<Record<string, string | readonly string[]>>
  /** Force the Telegram / iOS Safari pairing behaviour on or off (default: detected). */
  reusePairing?: boolean
  /** Shown in the wallet list and as the connected wallet. */
  name?: string
  imageUrl?: string
}

export type ConnectorDeps = {
  dispatch: (action: ActionLike) => unknown
  /** The kernel state: its networks, and its options for the defaults (`projectId`, `metadata`, `endpoints.relay`, `debug`). */
  getState: () => PorticoState
  /** The kernel's storage for this plugin; used for the SDK unless `storage` is given. */
  storage: KeyValueStorage
  log: { debug: (...a: unknown[]) => void; warn: (...a: unknown[]) => void; error: (...a: unknown[]) => void }
  /** Whether an expiring pairing may be replaced now; default: a WalletConnect view shows in the open modal. */
  canRefresh?: () => boolean
  /**
   * The namespaces to serve now (read whenever the connector's `chains` are): the plugin passes eip155 plus each
   * other namespace of {@link NAMESPACE_SPECS} whose chain adapter is registered. Default: every namespace it knows.
   */
  namespaces?: () => readonly ChainNamespace[]
  /** The sign-in plugin's one-click API, when sign-in is on (read at each connect); see `oneClick.ts`. */
  oneClick?: () => OneClickSignIn | undefined
}

const VIEWS: ReadonlySet<string> = new Set(WC_VIEWS)

/** The default of `canRefresh`: the modal is open on a WalletConnect view. */
export function walletConnectViewShowing(state: PorticoState): boolean {
  const top = state.router.history.at(-1)?.view
  return state.modal.open && top !== undefined && VIEWS.has(top)
}

/** The connector as the registry holds it, plus what the plugin's views need. */
export type WalletConnectConnector = ReturnType<typeof createWalletConnectConnector>

/** The connectors this module made, so a view can get one back with its pairing controller from the registry. */
const made = new WeakMap<Connector, WalletConnectConnector>()

/** The registry's connector as this plugin made it (with its pairing controller), or `undefined` for any other. */
export function asWalletConnectConnector(connector: Connector | undefined): WalletConnectConnector | undefined {
  return connector ? made.get(connector) : undefined
}

/**
 * The WalletConnect connector: drives its own session (`connect`/`disconnect`) on `@walletconnect/universal-provider`
 * and hands chain adapters an EIP-1193 provider per namespace. Nothing of the SDK loads before `connect()` or
 * `getProvider()` is called.
 */
export function createWalletConnectConnector(deps: ConnectorDeps, parameters: WalletConnectParameters = {}) {
  const k = deps.getState().options
  const host = new ProviderHost({
    projectId: parameters.projectId ?? k.projectId,
    relayUrl: parameters.relayUrl ?? k.endpoints.relay,
    metadata: parameters.metadata ?? k.metadata,
    storage: parameters.storage ?? createSdkStorage(deps.storage),
    storagePrefix: parameters.storagePrefix ?? 'portico',
    logger: parameters.logger ?? (k.debug ? 'warn' : 'error'),
    verify: parameters.verify ?? false,
    log: deps.log,
  })
  const served = (): readonly ChainNamespace[] => (deps.namespaces ? deps.namespaces() : SUPPORTED_NAMESPACES).filter((ns) => NAMESPACE_SPECS[ns])
  for (const ns of SUPPORTED_NAMESPACES) host.namespace(ns)

  /** What the current attempt proposes; a refresh proposes the same. */
  let request: { namespace: ChainNamespace; optionalNamespaces: Record<string, ProposalNamespace>; signIn?: OneClickRequest } | undefined

  const pairing: PairingManager<WalletConnectSession> = createPairingManager<WalletConnectSession>({
    pair: (onUri) => {
      const r = request!
      return host.pair(r.namespace, r.optionalNamespaces, onUri, r.signIn ? [authenticationParams(r.signIn)] : undefined)
    },
    publishUri: (uri, expiry) => deps.dispatch(pairingUriPublished({ uri, expiry })),
    clearUri: () => deps.dispatch(pairingUriCleared()),
    onPhase: (phase, error) => deps.dispatch(phaseChanged(phase, error === undefined ? undefined : describe(error) || 'Something went wrong')),
    canRefresh: () => (deps.canRefresh ? deps.canRefresh() : walletConnectViewShowing(deps.getState())),
    reusesPairing: () => parameters.reusePairing ?? reusesPairing(),
    onOrphanSession: (session) => {
      deps.log.warn('a wallet approved a pairing after it was given up; ending that session')
      void host.disconnectTopic(session.topic)
    },
  })

  const networks = (): readonly CaipNetworkLike[] => deps.getState().chains.networks

  /** The connection result for `namespace`: the requested network when the wallet approved it, else its first chain. */
  function result(provider: UniversalProvider, session: WalletConnectSession, namespace: ChainNamespace, network?: CaipNetworkLike) {
    const spec = NAMESPACE_SPECS[namespace]!
    const accounts = sessionAccounts(session.namespaces, namespace)
    if (!accounts.length) throw new NoAccountsError(namespace)
    const approved = [...new Set(accounts.map((a) => a.chain))]
    const ns = host.namespace(namespace)
    const current = ns.currentChain(provider)
    const chain =
      (network && approved.includes(network.caipNetworkId) ? network.caipNetworkId : undefined) ??
      (current && approved.includes(current) ? current : undefined) ??
      approved[0]!
    host.setChain(chain)
    const addresses = ns.accounts(provider).length ? ns.accounts(provider) : addressesOn(accounts, chain)
    return {
      address: addresses[0]!,
      accounts: addresses,
      chainId: spec.chainId(chain.slice(namespace.length + 1)),
      ...(spec.accountType ? { accountTypes: Object.fromEntries(addresses.map((a) => [a, spec.accountType!])) } : {}),
    }
  }

  /**
   * The wallet signed the sign-in message while pairing: the session goes to the sign-in plugin (its config's
   * `addSession` verifies and keeps it) before the connection is announced, so no prompt follows. A wallet that
   * ignored the request, or a session the verifier refuses, leaves the usual prompt to ask after the connect.
   */
  async function handOver(session: WalletConnectSession, signIn: OneClickRequest) {
    const cacaos: unknown[] = (session as { authentication?: unknown[] }).authentication ?? []
    if (!cacaos.length) return
    const reader = await import('./oneClickSession.js').catch((error: unknown) => {
      deps.log.warn('the one-click sign-in could not be read; the sign-in prompt asks instead:', error)
      return undefined
    })
    if (!reader) return
    const { sessionFromCacao } = reader
    const sessions = cacaos.map((c) => sessionFromCacao(c, signIn)).filter((s) => s !== undefined)
    if (cacaos.length && !sessions.length) deps.log.warn('the wallet answered the sign-in request with nothing usable')
    const api = deps.oneClick?.()
    for (const s of sessions.slice(0, 1)) {
      await api?.oneClickSession(s).catch((error: unknown) => deps.log.warn('the one-click sign-in was refused:', error))
    }
  }

  const connector = defineConnector({
    id: WALLETCONNECT_CONNECTOR_ID,
    name: parameters.name ?? 'WalletConnect',
    type: 'WALLET_CONNECT',
    // read when the registry records the connector: solana only once a solana adapter is there
    get chains() {
      return served()
    },
    imageUrl: parameters.imageUrl ?? WALLETCONNECT_ICON,

    /** The namespace's EIP-1193 provider; creates the UniversalProvider (restoring a stored session) first. */
    async getProvider(namespace: ChainNamespace): Promise<NamespaceProvider> {
      if (!NAMESPACE_SPECS[namespace]) throw new WalletConnectError(`WalletConnect does not serve ${namespace}.`, 'WC_NOT_CONNECTED')
      await host.ensure()
      return host.namespace(namespace)
    },

    /**
     * Pairs with a wallet: publishes the pairing URI as soon as it exists (`walletconnect/pairingUriPublished`, expiry now + 4 min),
     * refreshes it before it expires while a WalletConnect view shows, and resolves when the wallet approves. A
     * refusal rejects with code USER_REJECTED (rpcCode 4001). An active session is used as is.
     */
    async connect({ namespace, network }: { namespace: ChainNamespace; network?: CaipNetworkLike }) {
      if (!NAMESPACE_SPECS[namespace]) throw new WalletConnectError(`WalletConnect does not serve ${namespace}.`, 'WC_NOT_CONNECTED')
      // another namespace of the session in use (solana beside eip155): no pairing, nothing to ask the wallet
      const existing = host.activeSession()
      if (existing && host.current && sessionAccounts(existing.namespaces, namespace).length) return result(host.current, existing, namespace, network)
      const optionalNamespaces = proposalNamespaces(networks(), served(), network?.caipNetworkId, parameters.rpcUrls)
      const signIn = await oneClickRequest(deps.oneClick?.(), optionalNamespaces).catch((error: unknown) => {
        deps.log.warn('one-click sign-in is off for this pairing:', error)
        return undefined
      })
      request = { namespace, optionalNamespaces, ...(signIn ? { signIn } : {}) }
      const session = await pairing.connect()
      const provider = await host.ensure()
      let connection: ReturnType<typeof result>
      try {
        connection = result(provider, session, namespace, network)
      } catch (error) {
        await host.disconnect(DISCONNECT_TIMEOUT_MS)
        throw error
      }
      if (signIn) await handOver(session, signIn)
      // the wallet may have approved other namespaces in the same session (solana beside eip155): the kernel connects
      // them too, through this connector's session, with no second pairing
      const alsoAuthorized = served().filter((ns) => ns !== namespace && sessionAccounts(session.namespaces, ns).length > 0)
      return alsoAuthorized.length ? { ...connection, alsoAuthorized } : connection
    },

    /** Ends the session from the dapp's side; the wallet gets session_delete. */
    async disconnect() {
      pairing.abort()
      await host.disconnect(DISCONNECT_TIMEOUT_MS)
    },
  })

  const full = Object.assign(connector, {
    /** The pairing controller the views drive (resume on mount, refresh, abort). */
    pairing,
    /** The provider host (tests and advanced hosts: the UniversalProvider itself is `host.current`). */
    host,
    /** Stops timers and closes the relay connection. */
    async destroy() {
      pairing.abort('The WalletConnect plugin was torn down.')
      await host.destroy()
    },
  })
  made.set(full, full)
  return full
}
