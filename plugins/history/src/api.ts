import { loadTransactions, type HistoryDeps } from './transactions.js'

/**
 * What the history plugin offers other plugins (through the `history/api` extension point, so they import its
 * types only).
 */
export type HistoryApi = {
  /** Reads the Activity tab's first page again (after a send, say). */
  refresh(): Promise<void>
}

declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    /** The history plugin's API (one item, while the plugin is set up). */
    'history/api': HistoryApi
  }
}

/**
 * The API the history plugin contributes to `history/api`.
 *
 * @example
 * await kernel.extensions.read('history/api')[0]?.refresh()
 */
export function createHistoryApi(deps: HistoryDeps): HistoryApi {
  return { refresh: () => loadTransactions(deps) }
}
