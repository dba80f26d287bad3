import { definePlugin, type PluginContext, type PorticoState } from '@portico/contracts/plugin'
import type { AccountTab } from '@portico/plugin-account'
import { createHistoryApi } from './api.js'
import { historyMessages } from './messages.js'
import { historyActions, historySlice } from './slice.js'
import { historyKey, historyTarget, type HistoryDeps } from './transactions.js'

/** The Activity tab; replaces the Account view's `activity` tab by id. */
export const activityTab: AccountTab = { id: 'activity', label: 'history.tab', load: () => import('./views/ActivityTab.js') }

/** The history deps from a plugin context or a kernel (both carry the same services). */
export function historyDeps(source: Pick<PluginContext, 'http' | 't'> & {
  store: { dispatch: HistoryDeps['dispatch']; getState: () => PorticoState }
  notify: { toast: HistoryDeps['toast'] }
  warn?: HistoryDeps['warn']
}): HistoryDeps {
  return {
    http: source.http,
    dispatch: source.store.dispatch,
    getState: source.store.getState,
    toast: source.notify.toast,
    t: source.t,
    // eslint-disable-next-line no-console
    warn: source.warn ?? ((...args) => console.warn('[history]', ...args)),
  }
}

/**
 * Transaction history on the Account view's Activity tab: the active account on the active network, newest
 * first, grouped by month, loaded page by page as the visitor scrolls. Loads when the tab shows; forgets when the
 * account or network changes.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), history()] })
 */
export function history() {
  return definePlugin({
    name: 'history',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    messages: { en: historyMessages },
    setup(ctx: PluginContext) {
      ctx.store.inject(historySlice)
      ctx.extensions.contribute('account/tabs', { items: [activityTab] })
      ctx.extensions.contribute('history/api', { items: [createHistoryApi(historyDeps({ ...ctx, warn: ctx.log.warn }))] })
      // another account or network: the old list must not show, even for a moment
      const keyOf = (state: PorticoState) => {
        const target = historyTarget(state)
        return target ? historyKey(target) : undefined
      }
      ctx.startListening({
        predicate: (_action, current, previous) => keyOf(current) !== keyOf(previous),
        effect: () => void ctx.store.dispatch(historyActions.historyReset()),
      })
    },
  })
}

export default history
