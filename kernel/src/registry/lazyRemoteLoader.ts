import type { RemoteLoader, RemoteLoaderOptions } from './loadRemote.js'

/**
 * A remote loader whose code (manifest schema, integrity check, federation runtime) is fetched only when the
 * first remote plugin is needed: the modal opening or a session restoring, never the page load.
 */
export function createLazyRemoteLoader(options: Omit<RemoteLoaderOptions, 'sharedModules'>): RemoteLoader {
  let loader: Promise<RemoteLoader> | undefined
  /** The loader once its chunk has run (the entries `sourceIndex` is asked about come from its manifest). */
  let loaded: RemoteLoader | undefined
  // a pinned source's signature is checked in a chunk of its own: it downloads beside the loader, not after it
  const pinned = Boolean(options.publicKey || options.sources?.some((s) => s.publicKey))
  const get = () => {
    if (!loader && pinned) import(/* webpackChunkName: "portico-signature" */ './signature.js').catch(() => {})
    // one chunk (the loader, the modules shared with remotes and the federation runtime): every remote needs all
    // three at once, and each extra chunk is one more request and one more script task on the first open
    return (loader ??= Promise.all([
      import(/* webpackChunkName: "portico-remotes" */ './loadRemote.js'),
      import(/* webpackChunkName: "portico-remotes" */ './sharedModules.js'),
    ]).then(([remote, shared]) =>
      (loaded = remote.createRemoteLoader({ ...options, sharedModules: async () => shared.hostSharedModules() })),
    )).catch((error) => {
      loader = undefined // a chunk that failed to load can be fetched again
      throw error
    })
  }
  return {
    manifest: async () => (await get()).manifest(),
    sourceIndex: (entry) => loaded?.sourceIndex?.(entry) ?? 0,
    preloadView: (name, entry, view) => void get().then((l) => l.preloadView(name, entry, view), () => {}),
    checkEntry: async (name, entry) => (await get()).checkEntry(name, entry),
    loadFactory: async (name, entry) => (await get()).loadFactory(name, entry),
  }
}
