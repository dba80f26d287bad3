export { BaseError, isPorticoError, type BaseErrorParameters } from './errors.js'
export { CONTRACTS_VERSION, satisfies } from './version.js'
export {
  KERNEL_HOOK_KINDS,
  type AccountTab,
  type AsyncSeriesHookFacade,
  type AsyncTap,
  type ComponentModule,
  type ConnectionInfo,
  type ConnectMethod,
  type HookKind,
  type KernelHooks,
  type OpenRequest,
  type SyncBailHookFacade,
  type SyncHookFacade,
  type SyncTap,
  type SyncWaterfallHookFacade,
  type TapOptions,
  type WalletFeature,
  type WalletListItem,
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
export { PluginManifestEntrySchema, PluginManifestSchema, type PluginManifest, type PluginManifestEntry } from './manifest.js'
export {
  definePlugin,
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
