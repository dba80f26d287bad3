import type {
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectorInfo,
  KeyValueStorage,
  PluginContext,
  SliceLike,
  Unsubscribe,
} from '@portico/contracts/plugin'
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit'
import type { Extensions } from '../extensions/createExtensions.js'
import { createHookFacade, type KernelHookInstances } from '../hooks/createHooks.js'
import type { I18n } from '../i18n/createI18n.js'
import type { PorticoStore, RootReducer } from '../store/index.js'

/** Where a plugin's storage keys live: its own prefix, so plugins cannot read each other's values. */
export const pluginStorageKey = (plugin: string, key: string) => `plugin:${plugin}:${key}`

/** The serializable facts of a connector, for the store. */
export function connectorInfo(connector: Connector): ConnectorInfo {
  const { id, name, type, chains, imageUrl, imageId, explorerId, info } = connector
  return {
    id,
    name,
    type,
    chains: [...chains],
    ...(imageUrl ? { imageUrl } : {}),
    ...(imageId ? { imageId } : {}),
    ...(explorerId ? { explorerId } : {}),
    ...(info ? { info } : {}),
  }
}

/** The kernel parts a plugin context is made from. */
export type PluginContextDeps = {
  store: PorticoStore
  rootReducer: RootReducer
  listener: ListenerMiddlewareInstance
  hooks: KernelHookInstances
  i18n: I18n
  storage: KeyValueStorage & { migrateLegacy?: (keys: Readonly<Record<string, string>>) => Promise<void> }
  kernelOptions: Readonly<Record<string, unknown>>
  /** What a plugin's context exposes of the kernel. */
  kernelApi: Pick<PluginContext, 'router' | 'modal' | 'notify' | 'http'>
  extensions: Extensions
  log: (level: 'debug' | 'warn' | 'error', ...args: unknown[]) => void
}

export type PluginContextParams = {
  name: string
  deps: PluginContextDeps
  /** Whether the plugin's taps and contributions still count (it has not failed). */
  isActive: () => boolean
  /** Records a teardown, run when the plugin fails or the kernel is destroyed. */
  track: (u: Unsubscribe) => Unsubscribe
  registerAdapter: (adapter: ChainAdapter) => Unsubscribe
  registerConnector: (connector: Connector) => Unsubscribe
  getAdapter: (ns: ChainNamespace) => ChainAdapter | undefined
  getConnector: (id: string) => Connector | undefined
}

/** What a plugin's `setup` receives: the kernel as that one plugin may use it. */
export function createPluginContext(p: PluginContextParams): PluginContext {
  const { name, deps, track } = p
  const { store } = deps
  return {
    name,
    hooks: createHookFacade(deps.hooks, name, {
      isActive: p.isActive,
      onTapError: (hook, error) => deps.log('error', `[portico] plugin "${name}" threw in hook ${hook}:`, error),
    }),
    store: {
      dispatch: (action) => store.dispatch(action as never),
      getState: store.getState,
      subscribe: (l) => track(store.subscribe(l)),
      inject: (slice: SliceLike) => {
        deps.rootReducer.inject({ reducerPath: slice.reducerPath ?? slice.name, reducer: slice.reducer } as never)
        store.dispatch({ type: `${name}/sliceInjected` })
      },
    },
    startListening: (options) => track(deps.listener.startListening(options as never) as Unsubscribe),
    extensions: {
      contribute(point, contribution) {
        const handle = deps.extensions.contribute(name, point, contribution)
        track(handle.withdraw)
        return handle
      },
      read: (point) => deps.extensions.read(point),
      subscribe: (point, listener) => track(deps.extensions.subscribe(point, listener)),
    },
    router: deps.kernelApi.router,
    modal: deps.kernelApi.modal,
    notify: deps.kernelApi.notify,
    http: deps.kernelApi.http,
    storage: {
      getItem: (key) => deps.storage.getItem(pluginStorageKey(name, key)),
      setItem: (key, value) => deps.storage.setItem(pluginStorageKey(name, key), value),
      removeItem: (key) => deps.storage.removeItem(pluginStorageKey(name, key)),
    },
    t: deps.i18n.t,
    locale: () => deps.i18n.locale,
    registerAdapter: (adapter) => track(p.registerAdapter(adapter)),
    registerConnector: (connector) => track(p.registerConnector(connector)),
    getAdapter: p.getAdapter,
    getConnector: p.getConnector,
    kernelOptions: deps.kernelOptions,
    log: {
      debug: (...a) => deps.log('debug', `[${name}]`, ...a),
      warn: (...a) => deps.log('warn', `[${name}]`, ...a),
      error: (...a) => deps.log('error', `[${name}]`, ...a),
    },
  }
}
