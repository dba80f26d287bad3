import type * as z from 'zod/mini'
import { KERNEL_VIEWS, type CaipNetworkLike, type ChainAdapter, type ViewId } from '@portico/contracts/plugin'
import { errorMessage } from '../errors/errorMessage.js'
import { createExtensions } from '../extensions/createExtensions.js'
import { createHooks } from '../hooks/createHooks.js'
import { canonicalLocale, createI18n, directionOf, languageOf, LOCALE_MESSAGE } from '../i18n/createI18n.js'
import { KernelOptionsSchema, type KernelOptions, type ResolvedKernelOptions } from '../options/kernelOptions.js'
import { createRegistry } from '../registry/createRegistry.js'
import { hintFirstOpen, preferBundle } from '../registry/hints.js'
import { createLazyRemoteLoader } from '../registry/lazyRemoteLoader.js'
import { createStorage } from '../storage/createStorage.js'
import type { Connection } from '../connection/createConnection.js'
import { createTabChannel } from '../connection/channel.js'
import { STORAGE_KEYS } from '../connection/storageKeys.js'
import { readStoredChoices } from '../connection/storedChoices.js'
import { createLazyHttpClient } from '../http/lazyHttpClient.js'
import { chainsSlice, createPorticoStore, localeSlice, modalSlice, optionsSlice, routerSlice, themeSlice } from '../store/index.js'
import { SHAKE_MS } from '@portico/contracts/spec'
import { createNotify, TOAST_AUTO_HIDE_MS, TOAST_REPLACE_DELAY_MS } from './createNotify.js'
import { createRouter } from './createRouter.js'
import { InvalidOptionsError, NetworkError } from './errors.js'
import type { Kernel } from './types.js'

/** SPEC §2 timings. */
export { SHAKE_MS, TOAST_AUTO_HIDE_MS, TOAST_REPLACE_DELAY_MS }

/** A plugin source as a visitor reads it: its URL's host, else as the loader names it. */
function sourceHost(source: string): string {
  try {
    return new URL(source).host
  } catch {
    return source
  }
}

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
  // plugins validate the options they own (e.g. two ways of configuring one feature that exclude each other)
  for (const plugin of options.plugins) {
    const problem = plugin.checkKernelOptions?.(options)
    if (problem) throw new InvalidOptionsError(problem)
  }

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
  const cancel = (t: ReturnType<typeof setTimeout> | undefined) => {
    if (t === undefined) return
    clearTimeout(t)
    timers.delete(t)
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
  store.dispatch(localeSlice.actions.localeSet({ code: i18n.locale, dir: directionOf(i18n.locale) }))
  store.dispatch(themeSlice.actions.themeVariablesSet(options.themeVariables))

  // networks: full definitions now; bare ids once an adapter defines them
  const fullNetworks = options.networks.filter((n): n is Exclude<typeof n, string> => typeof n !== 'string') as CaipNetworkLike[]
  const pendingIds = options.networks.filter((n): n is string => typeof n === 'string')
  store.dispatch(chainsSlice.actions.networksConfigured({ networks: fullNetworks, pendingNetworkIds: pendingIds }))
  const firstNetwork = options.defaultNetwork ?? fullNetworks[0]?.caipNetworkId ?? pendingIds[0]
  if (firstNetwork) store.dispatch(chainsSlice.actions.activeNetworkChanged({ caipNetworkId: firstNetwork }))

  const notify = createNotify(store, { later, cancel }, options.debug)
  const extensions = createExtensions({ getState: store.getState, log })

  if (!options.projectId) {
    notify.alert({ title: i18n.t('alert.projectIdMissing.title'), message: i18n.t('alert.projectIdMissing.message') })
    log('warn', `[portico] ${i18n.t('alert.projectIdMissing.title')}: ${i18n.t('alert.projectIdMissing.message')}`)
  }

  const router = createRouter({ store, hooks, getView: (v) => registry.getView(v), close: () => close() })

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

  /**
   * SPEC §2: the caller's view; else Account when connected, else Connect. With no adapter and nothing connected,
   * the view a plugin marks `openWithoutAdapters` for this platform.
   */
  function initialView(requested?: ViewId): ViewId {
    if (!hasAdapters() && !isConnected()) {
      const platform = isMobile() ? 'mobile' : 'desktop'
      const fallback = registry.findView((e) => e.openWithoutAdapters === platform || e.openWithoutAdapters === 'any')
      if (fallback) return fallback
    }
    if (requested) return requested
    return isConnected() ? KERNEL_VIEWS.account : KERNEL_VIEWS.connect
  }

  /** How long an open waits for its first view's component after the plugins are set up, before pushing it anyway. */
  const FIRST_VIEW_WAIT_MS = 100
  const noop = () => {}

  async function open(view?: ViewId, data?: unknown) {
    const request = hooks.beforeOpen.call({ view, data })
    store.dispatch(modalSlice.actions.loadingSet({ loading: true }))
    store.dispatch(modalSlice.actions.opened(undefined))
    hintRemotes(initialView(request.view))
    // the first view's plugins call the api as they set up (the wallet registry): its client's chunk comes now
    if (options.endpoints.api) http.warm()
    // the likely first view's plugin and chunk start now, beside the plugins and the stored session, not after them
    registry.resolveView(initialView(request.view)).catch(() => {})
    // every source's open plugins start now; the first view waits for those of the host's first source (its own
    // CDN), not for another publisher's: a slow third-party CDN never holds the modal, and its connectors join the
    // list once they are set up, as EIP-6963 wallets do (a stored session still waits for all of them)
    registry.loadActivated().catch(noop)
    try {
      await Promise.all([registry.loadActivated('open', { firstSource: true }), restored()])
    } catch (error) {
      notify.toast(errorMessage(error), 'error')
    }
    const target = initialView(request.view)
    // the first view is pushed once its component is here (its chunk was hinted with the plugins, and is most often
    // one script task away), so it renders whole in the card's first frame instead of after a loading state; a chunk
    // still downloading after FIRST_VIEW_WAIT_MS shows the outlet's loading state, one that fails its error
    if (!registry.peekView(target)) {
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        registry.resolveView(target).then(noop, noop),
        new Promise<void>((resolve) => (timer = later(FIRST_VIEW_WAIT_MS, resolve))),
      ])
      cancel(timer)
    }
    router.reset(target, target === request.view ? request.data : undefined)
    store.dispatch(modalSlice.actions.loadingSet({ loading: false }))
    hooks.afterOpen.call({ view: target })
    // what the first view does not need (Account tabs, analytics, …) loads once it has painted: its code then
    // never competes with the first frame
    registry.resolveView(target).then(() => afterPaint(loadIdlePlugins), () => afterPaint(loadIdlePlugins))
  }

  /** With an inlined manifest: the first open's remote files download from the click on (registry/hints.ts). */
  /**
   * Manifests asked for at the open (or preload), before the loader's chunk is here; the loader takes the response
   * instead of asking again (`remoteFetch`). Each URL once.
   */
  const earlyManifests = new Map<string, Promise<Response>>()
  const remoteFetch: typeof fetch = (input, init) => {
    const early = typeof input === 'string' ? earlyManifests.get(input) : undefined
    if (early) {
      earlyManifests.delete(input as string)
      return early
    }
    return fetch(input, init)
  }
  const requestedManifests = new Set<string>()

  /**
   * The first open's files, asked for now: those of each inlined manifest at once, those of a manifest behind a URL
   * as soon as it arrives (fetched now, beside the loader's chunk, instead of after it).
   */
  const hintRemotes = (view: ViewId) => {
    const remotes = options.remotes
    if (!remotes || typeof fetch !== 'function') return
    const sources = [{ manifest: remotes.manifest, url: remotes.manifestUrl, publicKey: remotes.publicKey }, ...(remotes.sources ?? [])]
    // a name two sources list comes from the first (registry/sources.ts): later sources hint only their own names
    const seen = new Set<string>()
    const hint = (manifest: unknown, url: string | undefined) => {
      hintFirstOpen(manifest, url, (n) => !seen.has(n) && registry.isEnabled(n), view)
      for (const n of manifest && typeof manifest === 'object' ? Object.keys(manifest) : []) seen.add(n)
    }
    for (const source of sources) {
      // nothing of a pinned source but its manifest is fetched before its signature is verified (the loader does)
      const pinned = Boolean(source.publicKey)
      if (source.manifest) {
        if (!pinned) hint(source.manifest, source.url)
      } else if (source.url && !requestedManifests.has(source.url)) {
        requestedManifests.add(source.url)
        const response = fetch(source.url, { credentials: 'omit' })
        earlyManifests.set(source.url, response)
        // hints only: the loader checks the manifest before anything of it runs
        if (!pinned)
          response
            .then((r) => (r.ok ? r.clone().json() : undefined))
            .then((json) => json !== undefined && hint(json, source.url))
            .catch(() => {})
      }
    }
  }

  // ---- after the first view / before the first open -------------------------------------------------------
  let idleHandle: (() => void) | undefined
  /** Runs `fn` when the browser is idle (a timeout where there is no requestIdleCallback); one pending at a time. */
  function whenIdle(fn: () => void) {
    const w = typeof window === 'undefined' ? undefined : window
    if (w?.requestIdleCallback) {
      const id = w.requestIdleCallback(() => fn(), { timeout: 2000 })
      return () => w.cancelIdleCallback(id)
    }
    const t = later(1, fn)
    return () => cancel(t)
  }
  /** Runs `fn` after the next frame has painted (at once where there are no frames). */
  function afterPaint(fn: () => void) {
    if (typeof requestAnimationFrame !== 'function') return void later(0, fn)
    // a kernel destroyed meanwhile starts nothing
    requestAnimationFrame(() => void (destroyed || later(0, fn)))
  }
  let destroyed = false
  let idleLoaded: Promise<void> | undefined
  function loadIdlePlugins() {
    if (idleLoaded || idleHandle) return
    idleHandle = whenIdle(() => {
      idleHandle = undefined
      // the connection chunk too (an open without a stored session does without it): a connect then finds it here
      void connection().catch((error) => log('warn', '[portico] loading the connection module:', error))
      idleLoaded = registry.loadActivated('idle').catch((error) => {
        idleLoaded = undefined // retried on the next open
        log('error', '[portico] loading plugins after the first view:', error)
      })
    })
  }

  const preloaders = new Set<() => void>()
  let preloading: Promise<void> | undefined
  function preload(): Promise<void> {
    if (preloading) return preloading
    for (const load of preloaders) load()
    hintRemotes(initialView())
    // the api client's chunk with the rest: the first view's plugins call the api as they set up
    if (options.endpoints.api) http.warm()
    // the likely first view's chunk in parallel, then the one the restored session calls for
    registry.resolveView(initialView()).catch(() => {})
    preloading = Promise.all([registry.loadActivated(), restored()])
      .then(() => registry.resolveView(initialView()).then(() => undefined, () => undefined))
      .catch((error) => {
        preloading = undefined // the open retries it
        log('warn', '[portico] preload:', error)
      })
    return preloading
  }
  function onPreload(load: () => void) {
    preloaders.add(load)
    if (preloading) load()
    return () => void preloaders.delete(load)
  }
  let preloadOnIdle: (() => void) | undefined
  if (options.preload === 'idle' && typeof window !== 'undefined') {
    const schedule = () => (preloadOnIdle = whenIdle(() => void preload()))
    if (document.readyState === 'complete') schedule()
    else {
      const onLoad = () => schedule()
      window.addEventListener('load', onLoad, { once: true })
      preloadOnIdle = () => window.removeEventListener('load', onLoad)
    }
  }

  function close() {
    if (hooks.shouldCloseModal.call() === false) return shake()
    if (options.embedded) {
      router.reset(isConnected() ? KERNEL_VIEWS.account : KERNEL_VIEWS.connect)
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

  const http = createLazyHttpClient({
    endpoints: options.endpoints,
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    alert: notify.alert,
    t: (key) => i18n.t(key),
    log,
  })

  // ---- registry ------------------------------------------------------------------------------------------
  const remote = options.remotes
    ? createLazyRemoteLoader({
        manifestUrl: options.remotes.manifestUrl,
        manifest: options.remotes.manifest as never,
        publicKey: options.remotes.publicKey,
        sources: options.remotes.sources,
        // one source refused while the others load: the modal works without its plugins, and says so
        onSourceError: (error, source) => {
          log('error', '[portico]', error)
          notify.toast(i18n.t('plugin.sourceRefused', { source: sourceHost(source) }), 'error')
        },
        warn: (message) => log('warn', message),
        fetch: remoteFetch,
        // the first-open bundle, unless this page switched most of its plugins off
        useBundle: (members) => preferBundle(members, (name) => registry.isEnabled(name)),
      })
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
    extensions,
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

  // ---- networks ------------------------------------------------------------------------------------------
  const namespaceHasAdapter = (ns: string) => options.adapters.includes(ns as never) || Boolean(registry.getAdapter(ns as never))

  // the connection lifecycle is its own chunk: loaded to restore a stored session, or when the modal opens
  let connectionModule: Promise<Connection> | undefined
  // tabs in sync: another tab's connection change loads the connection chunk, which follows it (connection/sync.ts)
  const tabs = createTabChannel(options.projectId, () => void connection().catch((e) => log('warn', '[portico] tab sync:', e)))
  const connection = () =>
    (connectionModule ??= import('../connection/createConnection.js')
      .then((m) => m.createConnection({ store, registry, hooks, notify, storage, router, open, close, log, tabs, t: (key, params) => i18n.t(key, params) }))
      .catch((error) => {
        connectionModule = undefined
        throw error
      }))
  let restoring: Promise<void> | undefined
  const restored = () => {
    if (restoring) return restoring
    // without a stored session the open needs only the recent wallets and the last connector, read here: the
    // connection chunk then stays off the first open's path (it loads once the first view has painted)
    restoring = readStoredChoices(storage, store).then((status) => (status === 'connected' ? connection().then((c) => c.restore()) : undefined))
    // a restored session loads what its views need later (Account tabs, …) once the page is idle
    restoring.then(() => void (isConnected() && loadIdlePlugins()), () => {})
    return restoring
  }

  // ---- language ------------------------------------------------------------------------------------------
  let localeRequest = 0
  async function setLocale(requested: string) {
    const code = canonicalLocale(requested)
    if (!code) throw new InvalidOptionsError(LOCALE_MESSAGE)
    const request = ++localeRequest
    if (!i18n.has(code)) {
      const pack = await registry.localePack(code)
      if (pack) await registry.load(pack)
      else if (languageOf(code) !== 'en') log('warn', `[portico] no language pack for "${code}"; its text falls back to English.`)
    }
    // a later call wins over one still loading its pack
    if (request !== localeRequest) return
    i18n.setLocale(code)
    store.dispatch(localeSlice.actions.localeSet({ code, dir: directionOf(code) }))
  }

  // bundled plugins first, then a stored session (which may load the remote adapters it needs)
  const ready = registry
    .use(...(options.plugins as never[]))
    .then(async () => {
      // a locale whose pack is not bundled loads it now (the Connect button already speaks it), beside the session
      const pack =
        !i18n.has(i18n.locale) && languageOf(i18n.locale) !== 'en'
          ? setLocale(i18n.locale).catch((error) => log('warn', `[portico] language pack for "${i18n.locale}":`, error))
          : undefined
      // a stored session restores now; otherwise the stored connection data waits for the modal
      if ((await storage.getItem(STORAGE_KEYS.status)) === 'connected') await restored()
      await pack
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
      loadActivated: (activation) => registry.loadActivated(activation),
      resolveView: (view) => registry.resolveView(view),
      peekView: (view) => registry.peekView(view),
      getView: (view) => registry.getView(view),
      hasView: (view) => registry.hasView(view),
    },
    open,
    close,
    preload,
    onPreload,
    shake,
    getState: store.getState,
    subscribe: store.subscribe,
    extensions: { read: (point) => extensions.read(point), subscribe: extensions.subscribe },
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
    setLocale,
    setThemeMode: (mode) => void store.dispatch(themeSlice.actions.themeModeSet(mode)),
    setThemeVariables: (variables) => void store.dispatch(themeSlice.actions.themeVariablesSet(variables)),
    connect: async (id, params) => (await restored(), (await connection()).connect(id, params)),
    disconnect: async (ns) => (await connection()).disconnect(ns),
    switchNetwork: async (id) => (await connection()).switchNetwork(id),
    signMessage: async (m) => (await connection()).signMessage(m),
    sendTransaction: async (tx) => (await connection()).sendTransaction(tx),
    refreshBalance: async () => (await connection()).refreshBalance(),
    destroy() {
      destroyed = true
      void connectionModule?.then((c) => c.destroy()).catch(() => {})
      tabs.close()
      idleHandle?.()
      preloadOnIdle?.()
      preloaders.clear()
      for (const t of timers) clearTimeout(t)
      timers.clear()
      listener.clearListeners()
      registry.destroy()
    },
  }
  return kernel
}
