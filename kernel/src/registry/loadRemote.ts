import { CONTRACTS_VERSION, satisfies } from '@portico/contracts/plugin'
import { KERNEL_VERSION } from '../version.js'
import {
  parseErrorMessage,
  PluginManifestEntrySchema,
  type PluginBundle,
  type PluginDefinition,
  type PluginManifest,
  type PluginManifestEntry,
  type PluginManifestIndex,
  type PluginManifestIndexEntry,
} from './deps.js'
import { PluginContractsError, PluginIntegrityError, PluginKernelError, PluginLoadError } from './errors.js'

export { PluginKernelError }
import { hintScripts, preferBundle, type HintedFile } from './hints.js'
import { sha384Integrity } from './integrity.js'
import { loadSource, mergeSources, sourceLabel, type LoadedSource, type PluginSource } from './sources.js'

/**
 * A remote built for another kernel, or against contracts this kernel does not provide: refused before any of its
 * code is fetched, naming both versions.
 */
function checkEntry(name: string, entry: PluginManifestEntry) {
  if (entry.kernel !== undefined && !satisfies(KERNEL_VERSION, entry.kernel)) throw new PluginKernelError(name, entry.kernel, KERNEL_VERSION)
  if (entry.contracts !== undefined && !satisfies(CONTRACTS_VERSION, entry.contracts))
    throw new PluginContractsError(name, entry.contracts, CONTRACTS_VERSION)
}

export type PluginFactory = (options?: Record<string, unknown>) => PluginDefinition

/** A module the host shares; `get` loads it on first use, so unshared namespaces stay out of the first load. */
export type SharedModule = { version: string; get: () => Promise<() => unknown> }

export type RemoteLoaderOptions = {
  /** The first source: a manifest URL, or the manifest itself (`manifestUrl` is then the base of its entries). */
  manifestUrl?: string | undefined
  manifest?: PluginManifest | undefined
  /** The publisher key pinned for the first source: its manifest must be signed by it. */
  publicKey?: string | undefined
  /** More sources, after the first: a plugin two sources list is taken from the first that lists it. */
  sources?: readonly PluginSource[] | undefined
  /**
   * A source that failed (unreachable, invalid, refused signature) while another one worked: its plugins are left
   * out and the rest loads. When every source fails, `manifest()` rejects with the first one's error instead.
   */
  onSourceError?: (error: unknown, source: string) => void
  /** Where the loader warns (a plugin listed by two sources). Default: the console. */
  warn?: (message: string) => void
  fetch?: typeof fetch
  /** Modules the host provides to remotes as singletons (react, the kernel, …). */
  sharedModules: () => Promise<Record<string, SharedModule>>
  /**
   * Whether to load plugins from a bundle holding these members (see `preferBundle`); the plugin's own build must be
   * the one the bundle holds. Default: always.
   */
  useBundle?: (members: readonly string[]) => boolean
  /**
   * Loads and runs a verified container entry, returning its `./<module>` (a remote's `./plugin`, a bundle's
   * `./<plugin name>`). Defaults to the federation runtime.
   */
  loadEntry?: (params: { name: string; remoteName: string; url: string; integrity: string; module: string }) => Promise<unknown>
}

/**
 * What the loader takes an entry as: one of `manifest()`'s (its planning fields checked, the rest checked when the
 * plugin loads) or a whole entry made by hand.
 */
export type LoaderEntry = PluginManifestIndexEntry | PluginManifestEntry

export type RemoteLoader = {
  /** Every source's plugins, each entry's planning fields checked (see `PluginManifestIndexSchema`). */
  manifest: () => Promise<PluginManifestIndex>
  /** The place in the host's list of the source an entry of `manifest()` came from (0: the first). */
  sourceIndex?: (entry: LoaderEntry) => number
  /** Asks the browser for a view's chunks (from the manifest) before its plugin `name` has loaded. */
  preloadView: (name: string, entry: LoaderEntry, view: string) => void
  /**
   * Refuses an entry this host cannot run (malformed, or built for another kernel or other contracts) before
   * anything of it loads.
   */
  checkEntry: (name: string, entry: LoaderEntry) => Promise<void>
  loadFactory: (name: string, entry: LoaderEntry) => Promise<PluginFactory>
}

/** The federation container name a plugin is built under. */
export const remoteNameOf = (plugin: string) => `portico_${plugin.replace(/-/g, '_')}`

/**
 * Loads plugins from the manifests of one or more plugin sources (registry/sources.ts: a pinned source must be
 * signed by its publisher's key; a source that fails is left out while the others work). A remote whose manifest
 * entry names a kernel range that this kernel is outside of is refused before anything of it is fetched. Each entry is downloaded once, by a script
 * tag carrying the manifest's sha384 as `integrity` (and `crossorigin`), so the browser refuses other bytes
 * before any of them run; such a refusal is reported as a `PluginIntegrityError`.
 */
export function createRemoteLoader(options: RemoteLoaderOptions): RemoteLoader {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  let manifestPromise: Promise<PluginManifestIndex> | undefined
  const sources: PluginSource[] = [
    ...(options.manifestUrl || options.manifest ? [{ url: options.manifestUrl, manifest: options.manifest, publicKey: options.publicKey }] : []),
    ...(options.sources ?? []),
  ]
  /** The URL of the source each entry came from: its relative files resolve against it. */
  const baseOf = new WeakMap<LoaderEntry, string | undefined>()
  /** The place of the source each entry came from in the host's list. */
  const indexOf = new WeakMap<LoaderEntry, number>()
  /** Each entry as a whole, checked the first time its plugin is asked for. */
  const wholeEntries = new WeakMap<LoaderEntry, PluginManifestEntry>()

  /**
   * The whole entry (files, hashes, ranges, bundle) checked against `PluginManifestEntrySchema`, once: the manifest's
   * load checked only the fields the kernel plans with, so a malformed entry fails its own plugin, with the reason.
   */
  function wholeEntry(name: string, entry: LoaderEntry): PluginManifestEntry {
    let whole = wholeEntries.get(entry)
    if (!whole) {
      const parsed = PluginManifestEntrySchema.safeParse(entry)
      if (!parsed.success) throw new PluginLoadError(name, `its manifest entry is invalid (${parseErrorMessage(parsed.error)}).`)
      whole = parsed.data
      wholeEntries.set(entry, whole)
    }
    return whole
  }

  /** The manifest's hash of each entry URL, put on its script tag. */
  const integrityOf = pageIntegrity

  /**
   * A script tag does not say why it failed: only then are the entry's bytes fetched once more, to tell a
   * mismatch with the manifest's hash (the browser refused it) from an entry that is unreachable or broken.
   */
  async function whyNotLoaded(name: string, url: string, integrity: string, cause: unknown): Promise<Error> {
    let bytes: ArrayBuffer
    try {
      const res = await doFetch(url, { credentials: 'omit', mode: 'cors' })
      if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
      bytes = await res.arrayBuffer()
    } catch (error) {
      return new PluginLoadError(name, `${url} is unreachable (${parseErrorMessage(error)}).`, error)
    }
    const actual = await sha384Integrity(bytes)
    if (actual !== integrity) return new PluginIntegrityError(name, integrity, actual)
    return new PluginLoadError(name, parseErrorMessage(cause), cause)
  }

  const manifest = () =>
    (manifestPromise ??= (async () => {
      // every source at once; one that fails is left out (and reported) while another one works
      const settled = await Promise.allSettled(sources.map((source, i) => loadSource(source, i, doFetch)))
      const loaded: (LoadedSource & { label: string; index: number })[] = []
      settled.forEach((result, i) => {
        if (result.status === 'fulfilled') loaded.push({ ...result.value, label: sourceLabel(sources[i]!, i), index: i })
      })
      const failures = settled.flatMap((result, i) => (result.status === 'rejected' ? [{ error: result.reason as unknown, i }] : []))
      if (failures.length && !loaded.length) throw failures[0]!.error
      for (const { error, i } of failures) options.onSourceError?.(error, sourceLabel(sources[i]!, i))
      return mergeSources(loaded, baseOf, options.warn ?? ((message) => console.warn(message)), indexOf)
    })().catch((error) => {
      manifestPromise = undefined // a later open may retry
      throw error
    }))

  /** The URL an entry's relative files resolve against: its source's (an entry made by hand: the first source's). */
  const baseUrl = (entry: LoaderEntry) => (baseOf.has(entry) ? baseOf.get(entry) : options.manifestUrl)
  const entryUrl = (entry: LoaderEntry) =>
    new URL(entry.entry, baseUrl(entry) ?? (typeof location === 'undefined' ? 'http://localhost/' : location.href)).href

  const hintChunks = (entry: LoaderEntry, chunks: readonly HintedFile[]) => hintScripts(chunks, baseUrl(entry))

  /** Bundle entry URLs that failed to load on this page: their members load from their own remotes from then on. */
  const failedBundles = new Set<string>()
  /** Each bundle's first load (its container run once); the other members wait for it instead of trying in parallel. */
  const bundleFirstLoads = new Map<string, Promise<unknown>>()
  const bundleUrl = (entry: LoaderEntry, bundle: PluginBundle) =>
    new URL(bundle.entry, baseUrl(entry) ?? (typeof location === 'undefined' ? 'http://localhost/' : location.href)).href
  /**
   * The bundle `name` is loaded from: one that holds this very build, that the page prefers and that has not failed
   * (`entry` is the one the caller passed, `whole` its checked fields).
   */
  const bundleOf = (name: string, entry: LoaderEntry, whole: PluginManifestEntry): PluginBundle | undefined => {
    const bundle = whole.bundle
    if (!bundle || bundle.members[name] !== whole.version || failedBundles.has(bundleUrl(entry, bundle))) return undefined
    return (options.useBundle ?? (() => true))(Object.keys(bundle.members)) ? bundle : undefined
  }

  /** Runs a container (a remote's or a bundle's, checked against `integrity`) and returns its `./<module>`'s factory. */
  async function factoryFrom(name: string, container: string, url: string, integrity: string, module: string): Promise<PluginFactory> {
    // one download: the script tag carries the manifest's hash and the browser refuses other bytes (SRI)
    integrityOf.set(url, integrity)
    let mod: unknown
    try {
      mod = await loadEntry({ name, remoteName: container, url, integrity, module })
    } catch (error) {
      throw await whyNotLoaded(name, url, integrity, error)
    }
    const factory = (mod as { default?: unknown })?.default ?? mod
    if (typeof factory !== 'function') throw new PluginLoadError(name, `its "./${module}" module does not export a plugin factory.`)
    return factory as PluginFactory
  }

  const loadEntry =
    options.loadEntry ??
    (async ({ remoteName, url, module }) => {
      // one federation host per page: a remote's container is initialised once, with one share scope, so a second
      // kernel of the same page (the composer's live preview, a host that re-creates its kernel) reuses it
      const host = await (pageFederation ??= createFederationHost(options.sharedModules, integrityOf).catch((error: unknown) => {
        pageFederation = undefined
        throw error
      }))
      host.registerRemotes([{ name: remoteName, entry: url }])
      return host.loadRemote(`${remoteName}/${module}`)
    })

  return {
    manifest,
    sourceIndex: (entry) => indexOf.get(entry) ?? 0,
    preloadView: (name, entry, view) => {
      let whole: PluginManifestEntry
      try {
        whole = wholeEntry(name, entry)
      } catch {
        return // only a hint: loading the plugin reports the malformed entry
      }
      hintChunks(entry, (bundleOf(name, entry, whole) ?? whole).viewPreload[view] ?? [])
    },
    checkEntry: async (name, entry) => checkEntry(name, wholeEntry(name, entry)),
    async loadFactory(name, entry) {
      // before any of its bytes are fetched: a malformed entry, or a remote built for another kernel, is refused
      const whole = wholeEntry(name, entry)
      checkEntry(name, whole)
      const bundle = bundleOf(name, entry, whole)
      if (bundle) {
        const url = bundleUrl(entry, bundle)
        hintChunks(entry, bundle.preload)
        try {
          // the first member runs the container; the others wait for it, and fall back at once when it failed
          const first = bundleFirstLoads.get(url)
          if (first) await first
          const load = factoryFrom(name, bundle.container, url, bundle.integrity, name)
          if (!first) bundleFirstLoads.set(url, load)
          return await load
        } catch (error) {
          // the plugin's own remote still works: a bundle that is unreachable or altered costs a download, not the plugin
          if (!failedBundles.has(url)) {
            failedBundles.add(url)
            ;(options.warn ?? ((message) => console.warn(message)))(
              `[portico] the bundle ${url} could not be loaded (${parseErrorMessage(error)}); its plugins load from their own remotes.`,
            )
          }
        }
      }
      hintChunks(entry, whole.preload)
      return factoryFrom(name, remoteNameOf(name), entryUrl(entry), whole.integrity, 'plugin')
    },
  }
}

/** The page's federation host, made by the first loader that needs one (see `loadFactory`). */
let pageFederation: Promise<FederationHost> | undefined
/** The manifests' hash of each remote entry URL of the page, put on its script tag. */
const pageIntegrity = new Map<string, string>()

type FederationHost = {
  registerRemotes: (remotes: { name: string; entry: string }[]) => void
  loadRemote: (id: string) => Promise<unknown>
}

async function createFederationHost(
  sharedModules: () => Promise<Record<string, SharedModule>>,
  integrityOf: Map<string, string>,
): Promise<FederationHost> {
  const [{ createInstance, injectExternalRuntimeCore }, shared] = await Promise.all([import(/* webpackChunkName: "portico-remotes" */ './federation.js'), sharedModules()])
  const instance = createInstance({
    name: 'portico_host',
    remotes: [],
    shared: Object.fromEntries(
      Object.entries(shared).map(([pkg, m]) => [
        pkg,
        { version: m.version, get: m.get as () => Promise<() => any>, shareConfig: { singleton: true, requiredVersion: false } },
      ]),
    ),
    plugins: [
      // remotes are built without their own copy of the federation runtime core: this hands them the host's
      injectExternalRuntimeCore(),
      {
        name: 'portico-integrity',
        createScript({ url }: { url: string }) {
          const integrity = integrityOf.get(url)
          if (!integrity) return undefined
          const script = document.createElement('script')
          script.src = url
          script.integrity = integrity
          script.crossOrigin = 'anonymous'
          return script
        },
      },
    ],
  })
  // a container registered again (force) is dropped and run anew: a bundle's members ask for it together, so each
  // container URL is registered once
  const registered = new Map<string, string>()
  return {
    registerRemotes: (remotes) => {
      const fresh = remotes.filter((r) => registered.get(r.name) !== r.entry)
      for (const r of fresh) registered.set(r.name, r.entry)
      if (fresh.length) instance.registerRemotes(fresh, { force: true })
    },
    loadRemote: (id) => instance.loadRemote(id),
  }
}
