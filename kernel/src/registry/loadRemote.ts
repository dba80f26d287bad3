import { satisfies } from '@portico/contracts/plugin'
import { KERNEL_VERSION } from '../version.js'
import { PluginManifestSchema, parseErrorMessage, type PluginDefinition, type PluginManifest, type PluginManifestEntry } from './deps.js'
import { ManifestError, PluginIntegrityError, PluginKernelError, PluginLoadError } from './errors.js'

export { PluginKernelError }
import { hintScripts, type HintedFile } from './hints.js'
import { sha384Integrity } from './integrity.js'

/** A remote built for another kernel than this one: refused before any of its code is fetched. */
function checkEntry(name: string, entry: PluginManifestEntry) {
  if (entry.kernel !== undefined && !satisfies(KERNEL_VERSION, entry.kernel)) throw new PluginKernelError(name, entry.kernel, KERNEL_VERSION)
}

export type PluginFactory = (options?: Record<string, unknown>) => PluginDefinition

/** A module the host shares; `get` loads it on first use, so unshared namespaces stay out of the first load. */
export type SharedModule = { version: string; get: () => Promise<() => unknown> }

export type RemoteLoaderOptions = {
  manifestUrl?: string | undefined
  manifest?: PluginManifest | undefined
  fetch?: typeof fetch
  /** Modules the host provides to remotes as singletons (react, the kernel, …). */
  sharedModules: () => Promise<Record<string, SharedModule>>
  /** Loads and runs a verified remote entry, returning its `./plugin` module. Defaults to the federation runtime. */
  loadEntry?: (params: { name: string; remoteName: string; url: string; integrity: string }) => Promise<unknown>
}

export type RemoteLoader = {
  manifest: () => Promise<PluginManifest>
  /** Asks the browser for a view's chunks (from the manifest) before its plugin has loaded. */
  preloadView: (entry: PluginManifestEntry, view: string) => void
  /** Refuses an entry this host cannot run (built for another kernel) before anything of it loads. */
  checkEntry: (name: string, entry: PluginManifestEntry) => Promise<void>
  loadFactory: (name: string, entry: PluginManifestEntry) => Promise<PluginFactory>
}

/** The federation container name a plugin is built under. */
export const remoteNameOf = (plugin: string) => `portico_${plugin.replace(/-/g, '_')}`

/**
 * Loads plugins from a manifest on a plugin CDN. A remote whose manifest entry names a kernel range that this
 * kernel is outside of is refused before anything of it is fetched. Each entry is downloaded once, by a script
 * tag carrying the manifest's sha384 as `integrity` (and `crossorigin`), so the browser refuses other bytes
 * before any of them run; such a refusal is reported as a `PluginIntegrityError`.
 */
export function createRemoteLoader(options: RemoteLoaderOptions): RemoteLoader {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  let manifestPromise: Promise<PluginManifest> | undefined
  let federation: Promise<FederationHost> | undefined
  /** The manifest's hash of each entry URL, put on its script tag. */
  const integrityOf = new Map<string, string>()

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
      if (options.manifest) return PluginManifestSchema.parse(options.manifest)
      if (!options.manifestUrl) throw new ManifestError('no manifest URL was given.')
      let res: Response
      try {
        res = await doFetch(options.manifestUrl, { credentials: 'omit' })
      } catch (error) {
        throw new ManifestError(`${options.manifestUrl} is unreachable.`, error)
      }
      if (!res.ok) throw new ManifestError(`${options.manifestUrl} answered HTTP status code: ${res.status}.`)
      const parsed = PluginManifestSchema.safeParse(await res.json().catch(() => undefined))
      if (!parsed.success) throw new ManifestError(parseErrorMessage(parsed.error))
      return parsed.data
    })().catch((error) => {
      manifestPromise = undefined // a later open may retry
      throw error
    }))

  const entryUrl = (entry: PluginManifestEntry) =>
    new URL(entry.entry, options.manifestUrl ?? (typeof location === 'undefined' ? 'http://localhost/' : location.href)).href

  const hintChunks = (chunks: readonly HintedFile[]) => hintScripts(chunks, options.manifestUrl)

  const loadEntry =
    options.loadEntry ??
    (async ({ remoteName, url }) => {
      const host = await (federation ??= createFederationHost(options.sharedModules, integrityOf))
      host.registerRemotes([{ name: remoteName, entry: url }])
      return host.loadRemote(`${remoteName}/plugin`)
    })

  return {
    manifest,
    preloadView: (entry, view) => hintChunks(entry.viewPreload?.[view] ?? []),
    checkEntry: async (name, entry) => checkEntry(name, entry),
    async loadFactory(name, entry) {
      // before any of its bytes are fetched: a remote built for another kernel would run against the wrong API
      checkEntry(name, entry)
      const url = entryUrl(entry)
      // one download: the script tag carries the manifest's hash and the browser refuses other bytes (SRI)
      integrityOf.set(url, entry.integrity)
      // an entry made by hand (not parsed from a manifest) may lack the field
      hintChunks(entry.preload ?? [])
      let mod: unknown
      try {
        mod = await loadEntry({ name, remoteName: remoteNameOf(name), url, integrity: entry.integrity })
      } catch (error) {
        throw await whyNotLoaded(name, url, entry.integrity, error)
      }
      const factory = (mod as { default?: unknown })?.default ?? mod
      if (typeof factory !== 'function') throw new PluginLoadError(name, 'its "./plugin" module does not export a plugin factory.')
      return factory as PluginFactory
    },
  }
}

type FederationHost = {
  registerRemotes: (remotes: { name: string; entry: string }[]) => void
  loadRemote: (id: string) => Promise<unknown>
}

async function createFederationHost(
  sharedModules: () => Promise<Record<string, SharedModule>>,
  integrityOf: Map<string, string>,
): Promise<FederationHost> {
  const [{ createInstance, injectExternalRuntimeCore }, shared] = await Promise.all([import('./federation.js'), sharedModules()])
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
  return {
    registerRemotes: (remotes) => instance.registerRemotes(remotes, { force: true }),
    loadRemote: (id) => instance.loadRemote(id),
  }
}
