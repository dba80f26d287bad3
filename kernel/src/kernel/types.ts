import type {
  ChainAdapter,
  ChainNamespace,
  Connector,
  KeyValueStorage,
  PluginDefinition,
  ToastVariant,
  Unsubscribe,
  ViewEntry,
  ViewId,
} from '@portico/contracts/plugin'
import type { KernelHookInstances } from '../hooks/createHooks.js'
import type { ResolvedKernelOptions } from '../options/kernelOptions.js'
import type { ExtensionItem, ExtensionPointId, PorticoState } from '@portico/contracts/plugin'
import type { NotificationVariant, PorticoStore, RouterEntry } from '../store/index.js'

export type KernelRouter = {
  push: (view: ViewId, data?: unknown) => void
  replace: (view: ViewId, data?: unknown) => void
  reset: (view: ViewId, data?: unknown) => void
  /** Pops the stack; closes the modal when one view remains or the history holds UnsupportedChain. */
  goBack: () => void
  current: () => RouterEntry | undefined
}

export type KernelNotify = {
  /** A new toast while one is open closes it and shows after 150 ms. */
  toast: (message: string, variant: ToastVariant) => void
  hideToast: () => void
  /** Holds the shown toast's auto-hide (while it is hovered or focused); {@link resumeToast} restarts it. */
  pauseToast: () => void
  /** Restarts a paused auto-hide with the time it had left (at least a second). */
  resumeToast: () => void
  alert: (alert: { title: string; message: string }) => void
  hideAlert: () => void
  /** Opens only in debug mode. */
  notification: (message: string, variant?: NotificationVariant) => void
  closeNotification: () => void
}

export type ResolvedView = { id: string; plugin: string; entry: ViewEntry; component: (props: { view: string; data: unknown }) => unknown }

export type KernelPlugins = {
  /** Registers bundled plugins; setup runs in `requires` order. */
  use: (...plugins: PluginDefinition[]) => Promise<void>
  /** Loads a remote plugin from the manifest (integrity checked before its code runs). */
  load: (name: string) => Promise<void>
  /**
   * Loads the manifest plugins of an activation: `open` (default), those the first view needs when the modal
   * opens or a session restores; `idle`, those loaded right after the first view shows.
   */
  loadActivated: (activation?: 'open' | 'idle') => Promise<void>
  /** Finds the view's entry, loading the plugin that provides it on first use; throws for unknown views. */
  resolveView: (view: string) => Promise<ResolvedView>
  /** The resolved view, synchronously, when its plugin is set up and its component loaded (preloaded); else undefined. */
  peekView: (view: string) => ResolvedView | undefined
  /** The view's entry if its plugin is already set up. */
  getView: (view: string) => ViewEntry | undefined
  /** Whether an enabled plugin provides the view: set up already, or listed in the loaded manifest. */
  hasView: (view: string) => boolean
}

/** The kernel: store, hooks, router, modal, plugins. */
export interface Kernel {
  readonly options: ResolvedKernelOptions
  readonly store: PorticoStore
  /** The callable hooks (kernel and views call; plugins only tap through their facade). */
  readonly hooks: KernelHookInstances
  readonly router: KernelRouter
  readonly notify: KernelNotify
  readonly plugins: KernelPlugins
  readonly storage: KeyValueStorage
  /** The HTTP client plugins use for the backends. */
  readonly http: import('@portico/contracts/plugin').HttpClient
  readonly t: (key: string, params?: Record<string, string | number>) => string
  /** Settles when the bundled plugins have been set up (failures are reported, not thrown). */
  readonly ready: Promise<void>
  /** Opens the modal on `view`, or on the view the SPEC §2 rules pick. */
  open: (view?: ViewId, data?: unknown) => Promise<void>
  close: () => void
  /**
   * Starts loading what the first open needs (the manifest, the modal's shell and the first view's plugins) so
   * the click finds it there. Call it from your own trigger on `pointerenter`/`focus` (the ConnectButton does,
   * with `preload: 'intent'`); it is idempotent, and never rejects (a failure is logged and retried on open).
   */
  preload: () => Promise<void>
  /**
   * For the UI layer (the provider): runs `load` when preloading starts (at once if it already has), so the
   * modal's own chunks join it. Returns its unsubscribe.
   */
  onPreload: (load: () => void) => Unsubscribe
  shake: () => void
  getState: () => PorticoState
  /** The extension points' current lists (plugins contribute through their context). */
  readonly extensions: {
    read: <P extends ExtensionPointId>(point: P) => readonly ExtensionItem<P>[]
    subscribe: (point: ExtensionPointId, listener: () => void) => Unsubscribe
  }
  subscribe: (listener: () => void) => Unsubscribe
  getAdapter: (namespace: ChainNamespace) => ChainAdapter | undefined
  getConnector: (id: string) => Connector | undefined
  /** Adds a network to a namespace that has an adapter. */
  addNetwork: (network: import('@portico/contracts/plugin').CaipNetworkLike) => void
  /** Removes a network; the last one of a namespace cannot be removed. */
  removeNetwork: (caipNetworkId: string) => void
  isMobile: () => boolean
  /** Switches the modal between the light and dark theme. */
  setThemeMode: (mode: 'light' | 'dark') => void
  /**
   * Switches the modal's language: loads the language pack plugin for `locale` (or its language) when its
   * messages are not known yet, then re-renders in it, right to left for Arabic, Hebrew, Persian and Urdu. Keys a
   * pack lacks fall back to English; numbers, amounts and times follow the locale. Rejects with the reason when
   * the tag is not a BCP 47 locale or its pack fails to load (the current language stays).
   *
   * @example
   * await kernel.setLocale('es')
   */
  setLocale: (locale: string) => Promise<void>
  /** Overrides theme variables (`--portico-*`), merged over the current ones. */
  setThemeVariables: (variables: Record<string, string | number>) => void
  /** Connects with a registered connector; the modal closes on success. */
  connect: (connectorId: string, params?: { namespace?: ChainNamespace }) => Promise<import('@portico/contracts/plugin').ConnectionInfo>
  /** Disconnects a namespace (default: the active one) and falls back to the next connection. */
  disconnect: (namespace?: ChainNamespace) => Promise<void>
  /** Switches the active network (SPEC §4). */
  switchNetwork: (caipNetworkId: string) => Promise<void>
  /** Signs a message with the active connection. */
  signMessage: (message: string) => Promise<string>
  /** Sends a transaction with the active connection. */
  sendTransaction: (transaction: import('@portico/contracts/plugin').TransactionRequest) => Promise<string>
  /** Reads the active account's native balance again. */
  refreshBalance: () => Promise<void>
  /** Tears down plugins, timers and listeners. */
  destroy: () => void
}
