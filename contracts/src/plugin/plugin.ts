import type { ChainAdapter, Connector } from './adapter.js'
import type { PluginExtensions } from './extensions.js'
import type { ComponentModule, KernelHooks } from './hooks.js'
import type { ChainNamespace } from './shared.js'
import type { PorticoState } from './state.js'
import type { ToastVariant } from './shared.js'

export type { LazyLoadedSlices } from './state.js'
export type { ToastVariant }

/**
 * Views and the data each takes. The kernel names only the views its router rules need; plugins add theirs
 * by declaration merging:
 *
 * @example
 * declare module '@portico/contracts/plugin' { interface ViewRegistry { 'email/otp': { email: string } } }
 */
export interface ViewRegistry {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  ConnectingWalletConnect: undefined
  ConnectingWalletConnectBasic: undefined
  ConnectingExternal: { connectorId: string }
  UnsupportedChain: undefined
  Networks: undefined
}

export type ViewId = keyof ViewRegistry | (string & {})

/** Props every view receives. */
export type ViewProps<D = unknown> = { view: string; data: D }

/** The views the kernel's own rules name (SPEC §2 and §4); every other view id belongs to a plugin. */
export const KERNEL_VIEWS = Object.freeze({
  connect: 'Connect',
  account: 'Account',
  networks: 'Networks',
  unsupportedChain: 'UnsupportedChain',
} as const)

/** A view a plugin provides; its component loads lazily. Its behaviour in the router is data here. */
export type ViewEntry = {
  load: () => Promise<ComponentModule<ViewProps<any>>>
  /** Header title: an i18n key, a literal, or a function of the view data and the kernel state. */
  title?: string | ((data: any, state: PorticoState) => string)
  /**
   * The dialog's accessible name on this view when it should differ from the title (an i18n key, a literal, or a
   * function like `title`); the title names it otherwise. E.g. the Account view is titled by its network and
   * named after the account.
   */
  label?: string | ((data: any, state: PorticoState) => string)
  /** Hide the back button (e.g. a success screen that must not go back). */
  hideBack?: boolean
  /** Going back closes the modal while this view is anywhere in the history (e.g. UnsupportedChain). */
  closesOnBack?: boolean
  /**
   * The view the modal opens on when the host has no chain adapter and nothing is connected (SPEC §2): on
   * `mobile`, on `desktop`, or on `any` platform. Seen only once the plugin is set up, so such a plugin is bundled
   * or activated on open.
   */
  openWithoutAdapters?: 'mobile' | 'desktop' | 'any'
}

/** Minimal Redux slice shape, so contracts need no Redux dependency. */
export type SliceLike = { name: string; reducerPath?: string; reducer: (state: any, action: any) => any }
export type ActionLike = { type: string; payload?: unknown; [extra: string]: unknown }
export type Unsubscribe = () => void

/** Listener middleware's `startListening`, narrowed to what plugins use. */
export type StartListening = (options: {
  type?: string
  actionCreator?: { type: string; match: (action: unknown) => boolean }
  matcher?: (action: unknown) => boolean
  predicate?: (action: any, currentState: PorticoState, previousState: PorticoState) => boolean
  effect: (action: any, api: { dispatch: (action: ActionLike) => unknown; getState: () => PorticoState; signal: AbortSignal }) => void | Promise<void>
}) => Unsubscribe


/** Key-value storage the kernel gives plugins (IndexedDB with a memory fallback). */
export interface KeyValueStorage {
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem(key: string, value: unknown): Promise<void>
  removeItem(key: string): Promise<void>
}

/** Anything with zod's `safeParse`, so contracts stay free of a schema library in its types. */
export type SchemaLike<T> = { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: unknown } }

/** One request through the kernel's HTTP client. */
export type HttpRequest<T> = {
  /** Which configured endpoint: `api` (default), `registry`, `analytics`, … */
  endpoint?: string
  path: string
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  /** Responses that fail this schema are ignored (logged) and read as `undefined`. */
  schema?: SchemaLike<T>
  /** Cache successful responses in memory for this long. */
  cacheMs?: number
  /** Bypass (and refresh) the cache. */
  forceUpdate?: boolean
  signal?: AbortSignal
}

/**
 * The kernel's HTTP client for plugins: adds `projectId`, `st`, `sv` (and `clientId`), throws
 * `HTTP status code: {n}`, validates and caches responses.
 */
export interface HttpClient {
  get<T>(request: HttpRequest<T>): Promise<T | undefined>
  post<T>(request: HttpRequest<T>): Promise<T | undefined>
  /** Fetches a binary resource (an image) and returns an object URL, or `undefined` on failure. */
  getBlobUrl(request: Omit<HttpRequest<never>, 'schema'> & { timeoutMs?: number }): Promise<string | undefined>
  /** Whether the api lists the network under `http` in `v1/supported-chains` (cached). */
  isNetworkSupported(caipNetworkId: string | undefined): Promise<boolean>
  /** The base URL of an endpoint, if configured. */
  endpoint(name?: string): string | undefined
}

/** What a plugin's `setup` receives. */
export interface PluginContext {
  /** The plugin's own name. */
  name: string
  hooks: KernelHooks
  store: {
    /** Dispatch action objects made by action creators (a slice's, or the kernel's exported ones); never a bare string type. */
    dispatch: (action: ActionLike) => unknown
    getState: () => PorticoState
    subscribe: (listener: () => void) => Unsubscribe
    /** Inject a slice; name it after the plugin so actions read `email/otpRequested`. */
    inject: (slice: SliceLike) => void
  }
  startListening: StartListening
  /** Extension points: contribute to another plugin's lists, or read your own. */
  extensions: PluginExtensions
  router: {
    push: (view: ViewId, data?: unknown) => void
    replace: (view: ViewId, data?: unknown) => void
    reset: (view: ViewId, data?: unknown) => void
    goBack: () => void
  }
  modal: { open: (view?: ViewId, data?: unknown) => Promise<void>; close: () => void; shake: () => void }
  notify: {
    toast: (message: string, variant: ToastVariant) => void
    alert: (alert: { title: string; message: string }) => void
    notification: (message: string, variant?: 'info' | 'success' | 'warning' | 'error') => void
  }
  storage: KeyValueStorage
  http: HttpClient
  /**
   * Translate an i18n key with `{param}` substitution (numbers in the locale's digits; a numeric `count` picks
   * `key.one`, `key.other`… by the locale's plural rules); falls back to English, then the key.
   */
  t: (key: string, params?: Record<string, string | number>) => string
  /** The current locale (`en`, `es`, `ar`…), for `Intl` formatting outside React. */
  locale: () => string
  registerAdapter: (adapter: ChainAdapter) => Unsubscribe
  registerConnector: (connector: Connector) => Unsubscribe
  getAdapter: (namespace: ChainNamespace) => ChainAdapter | undefined
  getConnector: (id: string) => Connector | undefined
  /** The kernel options (validated). */
  kernelOptions: Readonly<Record<string, unknown>>
  /** Logs tagged with the plugin name. */
  log: { debug: (...a: unknown[]) => void; warn: (...a: unknown[]) => void; error: (...a: unknown[]) => void }
}

export type PluginKind = 'adapter' | 'connector' | 'feature'

/** A plugin: one adapter, connector or feature. */
export interface PluginDefinition {
  /** kebab-case, unique; also its slice name and its federation remote name. */
  name: string
  version: string
  /** Semver range of `CONTRACTS_VERSION` this plugin was built against. */
  contracts: string
  kind?: PluginKind
  /**
   * When a remote copy loads: `open` when the modal opens or a session is restored (adapters, connectors, and
   * features that contribute to the first views), `idle` right after the first view shows (features it does not
   * need, e.g. Account tabs, analytics), `view` when one of its views is first pushed. Default `view`.
   * The build writes it into the plugin manifest.
   */
  activation?: 'open' | 'idle' | 'view'
  /** Plugins whose setup must run first. */
  requires?: readonly string[]
  views?: Readonly<Record<string, ViewEntry>>
  /**
   * Legacy localStorage keys (the incumbent's) this plugin reads, and the key of its own storage each moves to.
   * Moved once, when the plugin is first set up, then removed from localStorage.
   */
  legacyStorageKeys?: Readonly<Record<string, string>>
  /**
   * A language pack's locales (`['es']`): `kernel.setLocale` and the `locale` option load the plugin that lists
   * the locale, or its language, before switching. The build writes it into the plugin manifest.
   */
  locales?: readonly string[]
  /** i18n messages per locale; English is the default. */
  messages?: Readonly<Record<string, Readonly<Record<string, string>>>>
  setup?: (context: PluginContext) => void | Unsubscribe | Promise<void | Unsubscribe>
  /**
   * Checks the kernel options this plugin owns when the host creates the kernel with it bundled; a returned
   * sentence makes `createKernel` throw it (e.g. two options of one feature that exclude each other).
   */
  checkKernelOptions?: (options: Readonly<Record<string, unknown>>) => string | undefined
}

/**
 * Pins down a plugin's type; returns it unchanged. A plugin package exports a factory that returns this.
 *
 * @example
 * export function connect() {
 *   return definePlugin({ name: 'connect', version: '0.1.0', contracts: '^1.0.0', views: { Connect: { load: () => import('./views/ConnectView.js') } } })
 * }
 */
export function definePlugin<const P extends PluginDefinition>(plugin: P): P {
  return plugin
}
