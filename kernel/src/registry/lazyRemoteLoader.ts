import type { RemoteLoader, RemoteLoaderOptions } from './loadRemote.js'

/**
 * A remote loader whose code (manifest schema, integrity check, federation runtime) is fetched only when the
 * first remote plugin is needed: the modal opening or a session restoring, never the page load.
 */
export function createLazyRemoteLoader(options: Omit<RemoteLoaderOptions, 'sharedModules'>): RemoteLoader {
  let loader: Promise<RemoteLoader> | undefined
  const get = () => {
    // the federation runtime is needed next: its download starts beside the manifest's, not after it
    if (!loader) import('./federation.js').catch(() => {})
    return (loader ??= Promise.all([import('./loadRemote.js'), import('./sharedModules.js')]).then(([remote, shared]) =>
      remote.createRemoteLoader({ ...options, sharedModules: async () => shared.hostSharedModules() }),
    )).catch((error) => {
      loader = undefined // a chunk that failed to load can be fetched again
      throw error
    })
  }
  return {
    manifest: async () => (await get()).manifest(),
    preloadView: (entry, view) => void get().then((l) => l.preloadView(entry, view), () => {}),
    checkEntry: async (name, entry) => (await get()).checkEntry(name, entry),
    loadFactory: async (name, entry) => (await get()).loadFactory(name, entry),
  }
}
