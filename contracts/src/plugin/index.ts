export { BaseError, describeValue, errorFirstLine, isPorticoError, rejectionCheck, type BaseErrorParameters } from './errors.js'
export { errorMappedBinder, forwardMethods, lazyInstance, type LazyInstance } from './lazy.js'
export { CONTRACTS_VERSION, satisfies } from './version.js'
export {
  KERNEL_HOOK_KINDS,
  type AsyncSeriesHookFacade,
  type AsyncTap,
  type ComponentModule,
  type ConnectionInfo,
  type HookKind,
  type KernelHooks,
  type OpenRequest,
  type SyncBailHookFacade,
  type SyncHookFacade,
  type SyncTap,
  type SyncWaterfallHookFacade,
  type TapOptions,
} from './hooks.js'
export {
  defineChainAdapter,
  defineConnector,
  type AdapterCapability,
  type AdapterConnection,
  type ChainAdapter,
  type Connector,
  type ConnectorEvents,
  type ConnectorType,
  type TransactionRequest,
} from './adapter.js'
export { CaipNetworkIdLikeSchema, CaipNetworkLikeSchema } from './network.js'
export {
  ManifestSignatureSchema,
  PluginManifestEntrySchema,
  PluginManifestIndexSchema,
  PluginManifestSchema,
  SignedPluginManifestSchema,
  type ManifestSignature,
  type PluginManifest,
  type PluginManifestEntry,
  type PluginManifestIndex,
  type PluginManifestIndexEntry,
  type PluginBundle,
  type SignedPluginManifest,
} from './manifest.js'
/** A publisher key a host pins for a plugin source (the value `portico-plugin keygen` prints). */
export { PublisherKeySchema } from './publisherKey.js'
export {
  definePlugin,
  KERNEL_VIEWS,
  type ActionLike,
  type HttpClient,
  type HttpRequest,
  type SchemaLike,
  type KeyValueStorage,
  type LazyLoadedSlices,
  type PluginContext,
  type PluginDefinition,
  type PluginKind,
  type SliceLike,
  type StartListening,
  type ToastVariant,
  type Unsubscribe,
  type ViewEntry,
  type ViewId,
  type ViewProps,
  type ViewRegistry,
} from './plugin.js'
export type { CaipNetworkLike, ChainNamespace } from './shared.js'
export type {
  Contribution,
  ContributionHandle,
  ExtensionItem,
  ExtensionPointId,
  ExtensionPoints,
  PluginExtensions,
} from './extensions.js'
export type {
  AccountExtensions,
  AccountState,
  ChainsState,
  ConnectionRecord,
  ConnectionState,
  ConnectionStatus,
  ConnectorInfo,
  ConnectorsState,
  KernelState,
  ModalState,
  NotificationsState,
  NotificationVariant,
  OptionsState,
  PluginsState,
  PluginStatus,
  PorticoState,
  RecentWallet,
  RouterEntry,
  RouterState,
  ThemeState,
  LocaleState,
} from './state.js'
