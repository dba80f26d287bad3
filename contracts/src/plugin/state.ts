import type { ConnectorType } from './adapter.js'
import type { CaipNetworkLike, ChainNamespace, ToastVariant } from './shared.js'

/**
 * The state the kernel keeps, as plugins read it. The kernel's slices implement these shapes; plugins add their
 * own slices through {@link LazyLoadedSlices} and their own account fields through {@link AccountExtensions}, so
 * {@link PorticoState} is typed everywhere without casts.
 */

/** Slices that plugins inject at runtime, added by declaration merging (`LazyLoadedSlices['email']`). */
export interface LazyLoadedSlices {}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/**
 * Account fields that only some plugins fill (an embedded wallet's social provider, a smart account's type…).
 * A plugin declares its fields by declaration merging and reports them with the kernel's
 * `accountDetailsReported` action:
 *
 * @example
 * declare module '@portico/contracts/plugin' { interface AccountExtensions { socialProvider?: string } }
 */
export interface AccountExtensions {}

/** Account state of one chain namespace (SPEC §3), plus the fields plugins declare. */
export type AccountState = {
  caipAddress?: string
  address?: string
  status: ConnectionStatus
  balance?: string
  balanceSymbol?: string
  balanceLoading?: boolean
  /** The last read of the balance failed (the adapter or its RPC did not answer); cleared by the next good read. */
  balanceError?: boolean
  /** The account's name and avatar from a name service, when one resolved. */
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  /** Index of the Account view's selected tab. */
  currentTab: number
  allAccounts: { address: string; type: string }[]
  /** The account type in use where a wallet offers several (SPEC §3: eoa or smartAccount for the embedded wallet). */
  preferredAccountType?: string
  /** Whether the smart account in use has been deployed on the chain yet (SPEC §3). */
  smartAccountDeployed?: boolean
  connectedWalletInfo?: { name: string; icon?: string; type?: string }
  connectorId?: string
  addressLabels: Record<string, string>
} & AccountExtensions

export type ChainsState = {
  activeNamespace: ChainNamespace | undefined
  /** Active network id, `namespace:chainId`. Not necessarily in `networks` (then it is unsupported). */
  activeCaipNetworkId: string | undefined
  /** Networks the host configured, resolved to full definitions. */
  networks: CaipNetworkLike[]
  /** Network ids the host asked for that no adapter has defined yet. */
  pendingNetworkIds: string[]
  accounts: Partial<Record<ChainNamespace, AccountState>>
}

export type ModalState = {
  open: boolean
  loading: boolean
  shake: boolean
  namespace: ChainNamespace | undefined
  loadingNamespaceMap: Partial<Record<ChainNamespace, boolean>>
}

export type RouterEntry = { view: string; data?: unknown }
export type RouterState = { history: RouterEntry[] }

/** Serializable facts about a registered connector; the connector object itself lives in the registry. */
export type ConnectorInfo = {
  id: string
  name: string
  type: ConnectorType
  chains: ChainNamespace[]
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
}
export type ConnectorsState = { list: ConnectorInfo[] }

export type RecentWallet = { id: string; name: string; imageUrl?: string; connectorId?: string }

export type ConnectionRecord = {
  namespace: ChainNamespace
  connectorId: string
  address: string
  chainId: string | number
}

export type ConnectionState = {
  status: ConnectionStatus
  recentWallets: RecentWallet[]
  connections: ConnectionRecord[]
  lastConnectorId: string | undefined
  /** Error of the last connect attempt, for the connecting views. */
  connectError: { connectorId: string; message: string; declined: boolean } | undefined
}

/** The serializable part of the kernel options, for views. */
export type OptionsState = {
  projectId: string | undefined
  metadata: { name: string; description: string; url: string; icons: string[] } | undefined
  features: Record<string, boolean | Record<string, unknown>>
  /** The host's order of the Connect view's methods (ids of `connect/methods` contributions). */
  connectMethodsOrder: string[] | undefined
  embedded: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  debug: boolean
  endpoints: Record<string, string>
  sdkType: string
  sdkVersion: string
}

/** The modal's language (a BCP 47 tag) and its writing direction. */
export type LocaleState = { code: string; dir: 'ltr' | 'rtl' }

export type ThemeState = { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> }

export type NotificationVariant = 'info' | 'success' | 'warning' | 'error'
export type NotificationsState = {
  toast: { open: boolean; message: string; variant: ToastVariant }
  alert: { open: boolean; title: string; message: string }
  /** Shown only in debug mode. */
  notification: { open: boolean; message: string; variant: NotificationVariant }
}

export type PluginStatus = {
  status: 'loading' | 'ready' | 'failed'
  version?: string
  source: 'bundled' | 'remote'
  error?: string
  errorCode?: string
}
export type PluginsState = { byName: Record<string, PluginStatus> }

/** The kernel's own slices. */
export type KernelState = {
  modal: ModalState
  router: RouterState
  chains: ChainsState
  connectors: ConnectorsState
  connection: ConnectionState
  options: OptionsState
  theme: ThemeState
  locale: LocaleState
  notifications: NotificationsState
  plugins: PluginsState
}

/** The whole store: the kernel's slices and every plugin slice (absent until its plugin injects it). */
export type PorticoState = KernelState & Partial<LazyLoadedSlices>
