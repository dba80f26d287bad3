import type * as z from 'zod/mini'
import type { CaipNetworkLike, ChainAdapter, ToastVariant, ViewId } from '@portico/contracts/plugin'
import { createHooks } from '../hooks/createHooks.js'
import { createI18n } from '../i18n/createI18n.js'
import { KernelOptionsSchema, type KernelOptions, type ResolvedKernelOptions } from '../options/kernelOptions.js'
import { createRegistry } from '../registry/createRegistry.js'
import { createLazyRemoteLoader } from '../registry/lazyRemoteLoader.js'
import { createStorage } from '../storage/createStorage.js'
import type { Connection } from '../connection/createConnection.js'
import { STORAGE_KEYS } from '../connection/storageKeys.js'
import { createLazyHttpClient } from '../http/lazyHttpClient.js'
import {
  chainsSlice,
  connectionSlice,
  createPorticoStore,
  modalSlice,
  notificationsSlice,
  optionsSlice,
  routerSlice,
  themeSlice,
} from '../store/index.js'
import { InvalidOptionsError, NetworkError } from './errors.js'
import type { Kernel, KernelNotify, KernelRouter } from './types.js'

/** SPEC §2 timings. */
export const TOAST_SWAP_DELAY_MS = 150
export const TOAST_AUTO_HIDE_MS = 2500
export const SHAKE_MS = 500

function optionsError(error: z.core.$ZodError): InvalidOptionsError {
  const issue = error.issues[0]!
  // a cross-field rule (path empty) carries the spec's exact sentence
  if (issue.path.length === 0) return new InvalidOptionsError(issue.message)
  return new InvalidOptionsError(`Invalid Portico option \`${issue.path.join('.')}\`: ${issue.message}`)
}

/**
 * Creates the Portico kernel: store, hooks, router, modal and plugin registry. It touches no network: bundled
 * plugins are set up now, remote ones when the modal opens or a view needs them.
 *
 * @example
 * const kernel = createKernel({ projectId: 'my-project', remotes: { manifestUrl: 'https://cdn.example/manifest.json' } })
 * await kernel.open()
 */
export function createKernel(input: KernelOptions): Kernel {
  const parsed = KernelOptionsSchema.safeParse((input ?? {}) as z.input<typeof KernelOptionsSchema>)
  if (!parsed.success) throw optionsError(parsed.error)
  const options: ResolvedKernelOptions = { ...parsed.data, projectId: parsed.data.projectId?.trim() }

  const { store, listener, rootReducer } = createPorticoStore()
  const hooks = createHooks()
  const i18n = createI18n(options.locale, options.messages)
  const storage = options.storage ?? createStorage({ onError: (e) => log('warn', '[portico] storage:', e) })
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => (timers.delete(t), fn()), ms)
    timers.add(t)
    return t
  }
  function log(level: 'debug' | 'warn' | 'error', ...args: unknown[]) {
    if (level === 'debug' && !options.debug) return
    // eslint-disable-next-line no-console
    console[level](...args)
  }

  store.dispatch(
    optionsSlice.actions.optionsSet({
      projectId: options.projectId,
      metadata: options.metadata as never,
      features: options.features,
      connectMethodsOrder: options.connectMethodsOrder,
      embedded: options.embedded,
      enableNetworkSwitch: options.enableNetworkSwitch,
      allowUnsupportedChain: options.allowUnsupportedChain,
      debug: options.debug,
      endpoints: options.endpoints,
      sdkType: options.sdkType,
      sdkVersion: options.sdkVersion,
    }),
  )
  store.dispatch(themeSlice.actions.themeModeSet(options.themeMode))
  store.dispatch(themeSlice.actions.themeVariablesSet(options.themeVariables))

  // networks: full definitions now; bare ids once an adapter defines them
  const fullNetworks = options.networks.filter((n): n is Exclude<typeof n, string> => typeof n !== 'string') as CaipNetworkLike[]
  const pendingIds = options.networks.filter((n): n is string => typeof n === 'string')
  store.dispatch(chainsSlice.actions.networksSet({ networks: fullNetworks, pendingNetworkIds: pendingIds }))
  const firstNetwork = options.defaultNetwork ?? fullNetworks[0]?.caipNetworkId ?? pendingIds[0]
  if (firstNetwork) store.dispatch(chainsSlice.actions.activeNetworkSet({ caipNetworkId: firstNetwork }))

  // ---- notifications -------------------------------------------------------------------------------------
  let toastTimer: ReturnType<typeof setTimeout> | undefined
  const showToast = (message: string, variant: ToastVariant) => {
    store.dispatch(notificationsSlice.actions.toastShown({ message, variant }))
    if (variant !== 'loading') toastTimer = later(TOAST_AUTO_HIDE_MS, () => store.dispatch(notificationsSlice.actions.toastHidden()))
  }
  const notify: KernelNotify = {
    toast(message, variant) {
      if (toastTimer) (clearTimeout(toastTimer), timers.delete(toastTimer), (toastTimer = undefined))
      if (store.getState().notifications.toast.open) {
        store.dispatch(notificationsSlice.actions.toastHidden())
        toastTimer = later(TOAST_SWAP_DELAY_MS, () => showToast(message, variant))
      } else showToast(message, variant)
    },
    hideToast() {
      if (toastTimer) (clearTimeout(toastTimer), timers.delete(toastTimer), (toastTimer = undefined))
      store.dispatch(notificationsSlice.actions.toastHidden())
    },
    alert: (a) => store.dispatch(notificationsSlice.actions.alertShown(a)),
    hideAlert: () => store.dispatch(notificationsSlice.actions.alertHidden()),
    notification(message, variant) {
      if (!options.debug) return
      store.dispatch(notificationsSlice.actions.notificationShown({ message, ...(variant ? { variant } : {}) }))
    },
    closeNotification: () => store.dispatch(notificationsSlice.actions.notificationClosed()),
  }

  if (!options.projectId) {
    notify.alert({ title: i18n.t('alert.projectIdMissing.title'), message: i18n.t('alert.projectIdMissing.message') })
    log('warn', `[portico] ${i18n.t('alert.projectIdMissing.title')}: ${i18n.t('alert.projectIdMissing.message')}`)
  }

  // ---- router --------------------------------------------------------------------------------------------
  const entry = (view: ViewId, data?: unknown) => (data === undefined ? { view } : { view, data })
  const changed = (action: 'push' | 'replace' | 'goBack' | 'reset') =>
    hooks.afterViewChange.call({ view: store.getState().router.history.at(-1)?.view, action })
  const router: KernelRouter = {
    push(view, data) {
      store.dispatch(routerSlice.actions.pushed(entry(view, data)))
      changed('push')
    },
    replace(view, data) {
      store.dispatch(routerSlice.actions.replaced(entry(view, data)))
      changed('replace')
    },
    reset(view, data) {
      store.dispatch(routerSlice.actions.reset(entry(view, data)))
      changed('reset')
    },
    goBack() {
      const { history } = store.getState().router
      if (history.length <= 1 || history.some((h) => h.view === 'UnsupportedChain')) return close()
      store.dispatch(routerSlice.actions.popped())
      changed('goBack')
    },
    current: () => store.getState().router.history.at(-1),
  }

  // ---- modal ---------------------------------------------------------------------------------------------
  const isMobile =
    options.isMobile ??
    (() => {
      if (typeof window === 'undefined') return false
      if (window.matchMedia?.('(max-width: 430px)').matches) return true
      return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
    })

  const activeAccount = () => {
    const s = store.getState().chains
    return s.activeNamespace ? s.accounts[s.activeNamespace] : undefined
  }
  const isConnected = () => Boolean(activeAccount()?.address)
  const hasAdapters = () => options.adapters.length > 0 || registry.getAdapters().length > 0

  /** SPEC §2: the caller's view; else Account when connected, else Connect; with no adapters, WalletConnect. */
  function initialView(requested?: ViewId): ViewId {
    if (!hasAdapters() && !isConnected()) return isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic'
    if (requested) return requested
    return isConnected() ? 'Account' : 'Connect'
  }

  async function open(view?: ViewId, data?: unknown) {
    const request = hooks.beforeOpen.call({ view, data })
    store.dispatch(modalSlice.actions.loadingSet({ loading: true }))
    store.dispatch(modalSlice.actions.opened(undefined))
    try {
      await Promise.all([registry.loadActivated(), restored()])
    } catch (error) {
      notify.toast(errorMessage(error), 'error')
    }
    const target = initialView(request.view)
    router.reset(target, target === request.view ? request.data : undefined)
    store.dispatch(modalSlice.actions.loadingSet({ loading: false }))
    hooks.afterOpen.call({ view: target })
  }

  function close() {
    if (hooks.shouldCloseModal.call() === false) return shake()
    if (options.embedded) {
      router.reset(isConnected() ? 'Account' : 'Connect')
    } else {
      store.dispatch(modalSlice.actions.closed())
      store.dispatch(routerSlice.actions.cleared())
    }
    hooks.afterClose.call()
  }

  function shake() {
    store.dispatch(modalSlice.actions.shakeSet(true))
    later(SHAKE_MS, () => store.dispatch(modalSlice.actions.shakeSet(false)))
  }

  // closing resets the pairing URI (SPEC §2)
  hooks.afterClose.tap({ name: 'kernel' }, () => store.dispatch(connectionSlice.actions.wcUriReset()))

  const http = createLazyHttpClient({
    endpoints: options.endpoints,
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    alert: notify.alert,
    log,
  })

  // ---- registry ------------------------------------------------------------------------------------------
  const remote = options.remotes
    ? createLazyRemoteLoader({ manifestUrl: options.remotes.manifestUrl, manifest: options.remotes.manifest as never })
    : undefined

  const registry = createRegistry({
    store,
    rootReducer,
    listener,
    hooks,
    i18n,
    storage,
    remote,
    features: options.features,
    kernelOptions: Object.freeze({ ...options }),
    kernelApi: {
      router,
      modal: { open: (v, d) => open(v, d), close: () => close(), shake: () => shake() },
      notify,
      http,
    },
    log,
    onAdaptersChanged: (adapter: ChainAdapter) => {
      const { pendingNetworkIds } = store.getState().chains
      for (const n of adapter.networks) if (pendingNetworkIds.includes(n.caipNetworkId)) store.dispatch(chainsSlice.actions.networkAdded(n))
    },
  })

  function errorMessage(error: unknown) {
    const e = error as { shortMessage?: string; message?: string }
    return e?.shortMessage ?? e?.message ?? 'Something went wrong'
  }

  // ---- networks ------------------------------------------------------------------------------------------
  const namespaceHasAdapter = (ns: string) => options.adapters.includes(ns as never) || Boolean(registry.getAdapter(ns as never))

  // the connection lifecycle is its own chunk: loaded to restore a stored session, or when the modal opens
  let connectionModule: Promise<Connection> | undefined
  const connection = () =>
    (connectionModule ??= import('../connection/createConnection.js')
      .then((m) => m.createConnection({ store, registry, hooks, notify, storage, router, t: i18n.t, open, close, log }))
      .catch((error) => {
        connectionModule = undefined
        throw error
      }))
  let restoring: Promise<void> | undefined
  const restored = () => (restoring ??= connection().then((c) => c.restore()))

  // bundled plugins first, then a stored session (which may load the remote adapters it needs)
  const ready = registry
    .use(...(options.plugins as never[]))
    .then(async () => {
      if ((await storage.getItem(STORAGE_KEYS.status)) === 'connected') return restored()
      // a stored disconnected status clears address caches; the rest waits for the modal
      await storage.removeItem(STORAGE_KEYS.addressCache)
    })
    .catch((error) => log('error', '[portico] start:', error))

  const kernel: Kernel = {
    options,
    store,
    hooks,
    router,
    notify,
    storage,
    http,
    t: i18n.t,
    ready,
    plugins: {
      use: (...p) => registry.use(...p),
      load: (name) => registry.load(name),
      loadActivated: () => registry.loadActivated(),
      resolveView: (view) => registry.resolveView(view),
      getView: (view) => registry.getView(view),
      hasView: (view) => registry.hasView(view),
    },
    open,
    close,
    shake,
    getState: store.getState,
    subscribe: store.subscribe,
    getAdapter: registry.getAdapter,
    getConnector: registry.getConnector,
    addNetwork(network) {
      if (!namespaceHasAdapter(network.chainNamespace)) throw new NetworkError('Adapter not found', 'ADAPTER_NOT_FOUND')
      store.dispatch(chainsSlice.actions.networkAdded(network))
    },
    removeNetwork(caipNetworkId) {
      const { networks } = store.getState().chains
      const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!network) throw new NetworkError('Network not found', 'NETWORK_NOT_FOUND')
      if (!namespaceHasAdapter(network.chainNamespace)) throw new NetworkError('Adapter not found', 'ADAPTER_NOT_FOUND')
      if (networks.filter((n) => n.chainNamespace === network.chainNamespace).length <= 1)
        throw new NetworkError('Cannot remove last network for a namespace', 'LAST_NETWORK')
      store.dispatch(chainsSlice.actions.networkRemoved(caipNetworkId))
    },
    isMobile,
    connect: async (id, params) => (await restored(), (await connection()).connect(id, params)),
    disconnect: async (ns) => (await connection()).disconnect(ns),
    switchNetwork: async (id) => (await connection()).switchNetwork(id),
    signMessage: async (m) => (await connection()).signMessage(m),
    sendTransaction: async (tx) => (await connection()).sendTransaction(tx),
    refreshBalance: async () => (await connection()).refreshBalance(),
    destroy() {
      void connectionModule?.then((c) => c.destroy()).catch(() => {})
      for (const t of timers) clearTimeout(t)
      timers.clear()
      listener.clearListeners()
      registry.destroy()
    },
  }
  return kernel
}
