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
  const chains = SUPPORTED_NAMESPACES
  for (const ns of chains) host.namespace(ns)

  /** What the current attempt proposes; a refresh proposes the same. */
  let request: { namespace: ChainNamespace; optionalNamespaces: Record<string, ProposalNamespace> } | undefined

  const pairing: PairingManager<WalletConnectSession> = createPairingManager<WalletConnectSession>({
    pair: (onUri) => {
      const r = request!
      return host.pair(r.namespace, r.optionalNamespaces, onUri)
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
    return { address: addresses[0]!, accounts: addresses, chainId: spec.chainId(chain.slice(namespace.length + 1)) }
  }

  const connector = defineConnector({
    id: WALLETCONNECT_CONNECTOR_ID,
    name: parameters.name ?? 'WalletConnect',
    type: 'WALLET_CONNECT',
    chains,
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
      request = { namespace, optionalNamespaces: proposalNamespaces(networks(), chains, network?.caipNetworkId, parameters.rpcUrls) }
      const session = await pairing.connect()
      const provider = await host.ensure()
      try {
        return result(provider, session, namespace, network)
      } catch (error) {
        await host.disconnect(DISCONNECT_TIMEOUT_MS)
        throw error
      }
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
