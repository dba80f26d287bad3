import type { WatchProvider } from './provider.js'

/** The provider of this page's watched address, set up by the plugin and used by its view (one remote, one module). */
let current: WatchProvider | undefined

/** Set by the plugin's setup; cleared by its teardown. */
export const setWatchProvider = (provider: WatchProvider | undefined) => void (current = provider)

/** The provider the view hands the typed address to; undefined before setup. */
export const watchProvider = () => current
