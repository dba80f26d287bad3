import {
  CONTRACTS_VERSION,
  satisfies,
  type ChainAdapter,
  type ChainNamespace,
  type Connector,
  type PluginContext,
  type PluginDefinition,
  type PluginManifestIndexEntry,
  type Unsubscribe,
  type ViewEntry,
} from '@portico/contracts/plugin'
import { languageOf } from '../i18n/createI18n.js'
import type { ResolvedView } from '../kernel/types.js'
import { connectorsSlice, pluginsSlice } from '../store/index.js'
import { parseErrorMessage } from './deps.js'
import { connectorInfo, createPluginContext, pluginStorageKey, type PluginContextDeps } from './pluginContext.js'
import { InvalidPluginError, PluginContractsError, PluginLoadError, PluginRequirementError, ViewNotFoundError } from './errors.js'
import type { RemoteLoader } from './loadRemote.js'

const PLUGIN_NAME = /^[a-z][a-z0-9-]*$/

type Record_ = {
  definition: PluginDefinition
  source: 'bundled' | 'remote'
  teardowns: Unsubscribe[]
}

export type RegistryDeps = PluginContextDeps & {
  remote: RemoteLoader | undefined
  /** Feature flags: `false` switches a plugin off; an object is its options. */
  features: Record<string, boolean | Record<string, unknown>>
  onAdaptersChanged: (adapter: ChainAdapter) => void
}

/**
 * The plugin registry: bundled plugins through `use`, remote ones through `load`, views resolved (and their
 * plugin loaded) on first use. A plugin that fails in load or setup is marked failed, its contributions are
 * withdrawn, and everything else keeps working.
 */
export function createRegistry(deps: RegistryDeps) {
  const { store, hooks } = deps
  const ready = new Map<string, Record_>()
  const inflight = new Map<string, Promise<void>>()
  const failed = new Map<string, unknown>()
  const views = new Map<string, { plugin: string; entry: ViewEntry }>()
  const components = new Map<string, Promise<ResolvedView['component']>>()
  /** Components whose chunk has loaded, so a preloaded view renders in the same commit as its outlet. */
  const loadedComponents = new Map<string, ResolvedView['component']>()
  const adapters = new Map<ChainNamespace, { plugin: string; adapter: ChainAdapter }>()
  const connectors = new Map<string, { plugin: string; connector: Connector }>()
  const bundled = new Map<string, PluginDefinition>()
  /** Which plugin is waiting for which, to refuse a requirement cycle instead of waiting forever. */
  const waitsOn = new Map<string, Set<string>>()
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true
    if (seen.has(from)) return false
    seen.add(from)
    return [...(waitsOn.get(from) ?? [])].some((next) => reaches(next, to, seen))
  }

  const isEnabled = (name: string) => deps.features[name] !== false
  /** The manifest once fetched, so `hasView` can answer synchronously. */
  let loadedManifest: Record<string, PluginManifestIndexEntry> | undefined
  const manifest = async () => (loadedManifest = await deps.remote!.manifest())
  /** A remote plugin's factory gets the host's `features[name]` object as its parameters (bundled ones get the host's call). */
  const featureOptions = (name: string) => {
    const f = deps.features[name]
    return typeof f === 'object' && f !== null ? f : {}
  }

  function validate(def: PluginDefinition) {
    if (!def || typeof def !== 'object') throw new InvalidPluginError('expected an object made with definePlugin().')
    if (typeof def.name !== 'string' || !PLUGIN_NAME.test(def.name)) throw new InvalidPluginError(`name "${String(def.name)}" must be kebab-case.`)
    if (typeof def.version !== 'string' || !def.version) throw new InvalidPluginError(`"${def.name}" has no version.`)
    if (typeof def.contracts !== 'string') throw new InvalidPluginError(`"${def.name}" does not declare the contracts range it was built against.`)
    if (!satisfies(CONTRACTS_VERSION, def.contracts)) throw new PluginContractsError(def.name, def.contracts, CONTRACTS_VERSION)
  }

  async function migrateLegacy(name: string, keys: Readonly<Record<string, string>>) {
    const prefixed = Object.fromEntries(Object.entries(keys).map(([legacy, key]) => [legacy, pluginStorageKey(name, key)]))
    if (!deps.storage.migrateLegacy) return deps.log('warn', `[portico] the host's storage cannot migrate the legacy keys of "${name}"; they stay where they are.`)
    await deps.storage.migrateLegacy(prefixed).catch((error) => deps.log('warn', `[portico] legacy storage of "${name}":`, error))
  }

  function withdraw(name: string) {
    deps.extensions.withdrawAll(name)
    for (const [id, v] of views) if (v.plugin === name) (views.delete(id), components.delete(id), loadedComponents.delete(id))
    for (const [ns, a] of adapters) if (a.plugin === name) adapters.delete(ns)
    for (const [id, c] of connectors)
      if (c.plugin === name) {
        connectors.delete(id)
        store.dispatch(connectorsSlice.actions.connectorRemoved(id))
      }
  }

  function markFailed(name: string, source: 'bundled' | 'remote', error: unknown) {
    failed.set(name, error)
    const record = ready.get(name)
    ready.delete(name)
    for (const t of record?.teardowns.splice(0) ?? []) {
      try {
        t()
      } catch {}
    }
    withdraw(name)
    const code = (error as { code?: unknown })?.code
    store.dispatch(
      pluginsSlice.actions.pluginFailed({ name, source, error: parseErrorMessage(error), ...(typeof code === 'string' ? { errorCode: code } : {}) }),
    )
    deps.log('error', `[portico] plugin "${name}" failed:`, error)
    hooks.pluginFailed.call({ name, error })
  }

  function createContext(def: PluginDefinition, teardowns: Unsubscribe[]): PluginContext {
    const name = def.name
    return createPluginContext({
      name,
      deps,
      isActive: () => !failed.has(name) && (ready.has(name) || inflight.has(name)),
      track: (u) => (teardowns.push(u), u),
      registerAdapter(adapter) {
        adapters.set(adapter.namespace, { plugin: name, adapter })
        deps.onAdaptersChanged(adapter)
        return () => {
          if (adapters.get(adapter.namespace)?.adapter === adapter) adapters.delete(adapter.namespace)
        }
      },
      registerConnector(connector) {
        connectors.set(connector.id, { plugin: name, connector })
        store.dispatch(connectorsSlice.actions.connectorAdded(connectorInfo(connector)))
        return () => {
          if (connectors.get(connector.id)?.connector !== connector) return
          connectors.delete(connector.id)
          store.dispatch(connectorsSlice.actions.connectorRemoved(connector.id))
        }
      },
      getAdapter: (ns) => adapters.get(ns)?.adapter,
      getConnector: (id) => connectors.get(id)?.connector,
    })
  }

  /** Makes sure `name` is set up, from the bundled set or the manifest; rejects with the reason if it cannot be. */
  function ensure(name: string): Promise<void> {
    if (ready.has(name)) return Promise.resolve()
    const running = inflight.get(name)
    if (running) return running
    if (failed.has(name)) return Promise.reject(failed.get(name))
    // start after a microtask so the job is in `inflight` before any plugin code runs
    const job = Promise.resolve().then(async () => {
      const local = bundled.get(name)
      if (local) return setup(local, 'bundled')
      if (!deps.remote) throw new PluginLoadError(name, 'it is not bundled and no plugin manifest is configured.')
      const entry = (await manifest())[name]
      if (!entry) throw new PluginLoadError(name, 'it is not in the plugin manifest.')
      return loadRemote(name, entry)
    })
    inflight.set(name, job)
    return job.finally(() => inflight.delete(name))
  }

  async function loadRemote(name: string, entry: PluginManifestIndexEntry) {
    store.dispatch(pluginsSlice.actions.pluginLoading({ name, source: 'remote' }))
    try {
      // refused before its requirements load or anything of it is fetched
      await deps.remote!.checkEntry(name, entry)
      // requirements first, so a plugin's code runs only when it can be set up
      for (const r of entry.requires) await ensureRequirement(name, r)
      const factory = await deps.remote!.loadFactory(name, entry)
      const def = factory(featureOptions(name))
      if (def?.name !== name) throw new PluginLoadError(name, `its factory returned a plugin named "${def?.name}".`)
      await setup(def, 'remote', true)
    } catch (error) {
      if (!failed.has(name)) markFailed(name, 'remote', error)
      throw error
    }
  }

  async function ensureRequirement(name: string, required: string) {
    if (!isEnabled(required)) throw new PluginRequirementError(name, required, 'is switched off by the feature flags')
    if (reaches(required, name)) throw new PluginRequirementError(name, required, 'requires it back (a cycle)')
    const edges = waitsOn.get(name) ?? new Set<string>()
    waitsOn.set(name, edges.add(required))
    try {
      await ensure(required)
    } catch (error) {
      if ((error as { code?: string })?.code === 'PLUGIN_REQUIREMENT_MISSING') throw error
      throw new PluginRequirementError(name, required, `failed: ${parseErrorMessage(error)}`)
    } finally {
      edges.delete(required)
    }
  }

  async function setup(def: PluginDefinition, source: 'bundled' | 'remote', statusSet = false) {
    const name = def.name
    if (!statusSet) store.dispatch(pluginsSlice.actions.pluginLoading({ name, source }))
    const teardowns: Unsubscribe[] = []
    try {
      validate(def)
      for (const r of def.requires ?? []) await ensureRequirement(name, r)
      if (def.messages) deps.i18n.add(def.messages)
      if (def.legacyStorageKeys) await migrateLegacy(name, def.legacyStorageKeys)
      for (const [id, entry] of Object.entries(def.views ?? {})) {
        const owner = views.get(id)
        if (owner && owner.plugin !== name) deps.log('warn', `[portico] view "${id}" of "${owner.plugin}" is replaced by "${name}".`)
        views.set(id, { plugin: name, entry })
        components.delete(id)
        loadedComponents.delete(id)
      }
      const context = createContext(def, teardowns)
      const teardown = await def.setup?.(context)
      if (typeof teardown === 'function') teardowns.push(teardown)
      ready.set(name, { definition: def, source, teardowns })
      store.dispatch(pluginsSlice.actions.pluginReady({ name, version: def.version, source }))
      hooks.afterPluginReady.call({ name })
    } catch (error) {
      ready.set(name, { definition: def, source, teardowns }) // so markFailed runs its teardowns
      markFailed(name, source, error)
      throw error
    }
  }

  return {
    isEnabled,
    /** Registers bundled plugins and sets them up in `requires` order; failures are reported, not thrown. */
    async use(...defs: PluginDefinition[]) {
      const names: string[] = []
      for (const def of defs) {
        const name = typeof def?.name === 'string' ? def.name : `invalid-${names.length}`
        if (!isEnabled(name)) continue
        if (bundled.has(name) || ready.has(name)) {
          deps.log('warn', `[portico] plugin "${name}" is registered twice; the first one is kept.`)
          continue
        }
        bundled.set(name, def)
        names.push(name)
      }
      await Promise.all(names.map((n) => ensure(n).catch(() => {})))
    },
    /** Loads one plugin (bundled or remote); rejects with the reason when it fails. */
    load: (name: string) => {
      if (!isEnabled(name)) return Promise.reject(new PluginLoadError(name, 'it is switched off by the feature flags.'))
      return ensure(name)
    },
    /**
     * Loads every enabled manifest plugin with this activation: `open` (default) before the first view shows,
     * `idle` right after it; failures are reported, not thrown. `firstSource`: only those of the host's first plugin
     * source.
     */
    async loadActivated(activation: 'open' | 'idle' = 'open', only: { firstSource?: boolean } = {}) {
      if (!deps.remote) return
      let entries
      try {
        entries = await manifest()
      } catch (error) {
        deps.log('error', '[portico]', error)
        throw error
      }
      const names = Object.entries(entries)
        .filter(([n, e]) => e.activation === activation && isEnabled(n) && (!only.firstSource || (deps.remote!.sourceIndex?.(e) ?? 0) === 0))
        .map(([n]) => n)
      await Promise.all(names.map((n) => ensure(n).catch(() => {})))
    },
    /**
     * The enabled, not failed manifest plugin that is a language pack for `locale` (the exact tag first, then its
     * language); undefined when there is none or no manifest.
     */
    async localePack(locale: string): Promise<string | undefined> {
      if (!deps.remote) return undefined
      const language = languageOf(locale)
      const packs = Object.entries(await manifest()).filter(([n, e]) => isEnabled(n) && !failed.has(n) && e.locales.length)
      const match = (test: (l: string) => boolean) => packs.find(([, e]) => e.locales.some(test))?.[0]
      // the exact tag, then the bare language's pack, then another region's
      return match((l) => l === locale) ?? match((l) => l.toLowerCase() === language) ?? match((l) => languageOf(l) === language)
    },
    getView: (id: string) => views.get(id)?.entry,
    /** The first set-up view whose entry matches (views carry their router behaviour as data). */
    findView(match: (entry: ViewEntry) => boolean): string | undefined {
      for (const [id, v] of views) if (match(v.entry)) return id
      return undefined
    },
    hasView(id: string) {
      if (views.has(id)) return true
      const owner = Object.entries(loadedManifest ?? {}).find(([, e]) => e.views.includes(id))
      return Boolean(owner && isEnabled(owner[0]) && !failed.has(owner[0]))
    },
    /** The view, synchronously, when its plugin is set up and its component already loaded; else undefined. */
    peekView(id: string): ResolvedView | undefined {
      const found = views.get(id)
      const component = loadedComponents.get(id)
      return found && component ? { id, plugin: found.plugin, entry: found.entry, component } : undefined
    },
    async resolveView(id: string): Promise<ResolvedView> {
      let found = views.get(id)
      if (!found && deps.remote) {
        const owner = Object.entries(await manifest()).find(([, e]) => e.views.includes(id))
        if (owner) {
          if (!isEnabled(owner[0])) throw new ViewNotFoundError(id, `its plugin "${owner[0]}" is switched off.`)
          // the view's own chunks download beside its plugin's, not after the plugin is set up
          if (!ready.has(owner[0])) deps.remote.preloadView(owner[0], owner[1], id)
          await ensure(owner[0])
          found = views.get(id)
        }
      }
      if (!found) throw new ViewNotFoundError(id)
      const { plugin, entry } = found
      let component = components.get(id)
      if (!component) {
        component = entry.load().then((m) => {
          const c = (m as { default?: unknown })?.default
          if (typeof c !== 'function') throw new PluginLoadError(plugin, `view "${id}" does not export a component.`)
          if (views.get(id)?.entry === entry) loadedComponents.set(id, c as ResolvedView['component'])
          return c as ResolvedView['component']
        })
        components.set(id, component)
        component.catch(() => components.delete(id)) // retry loads the chunk again
      }
      return { id, plugin, entry, component: await component }
    },
    getAdapter: (ns: ChainNamespace) => adapters.get(ns)?.adapter,
    getAdapters: () => [...adapters.values()].map((a) => a.adapter),
    getConnector: (id: string) => connectors.get(id)?.connector,
    /** Runs every teardown. */
    destroy() {
      for (const [name, record] of ready) {
        for (const t of record.teardowns.splice(0)) {
          try {
            t()
          } catch (error) {
            deps.log('warn', `[portico] teardown of "${name}" threw:`, error)
          }
        }
      }
      ready.clear()
    },
  }
}

export type Registry = ReturnType<typeof createRegistry>
