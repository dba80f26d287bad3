import { definePlugin, type PluginContext, type PorticoState } from '@portico/contracts/plugin'
import type { AccountTab } from '@portico/plugin-account'
import { createPortfolioApi } from './api.js'
import { balanceTarget, refreshTokenBalances, targetKey, type PortfolioDeps } from './balances.js'
import { portfolioMessages } from './messages.js'
import { portfolioActions, portfolioSlice } from './slice.js'

/** The Tokens tab; replaces the Account view's `tokens` tab by id. */
export const tokensTab: AccountTab = { id: 'tokens', label: 'portfolio.tab', load: () => import('./views/TokensTab.js') }

/** The portfolio deps from a plugin context or a kernel (both carry the same services). */
export function portfolioDeps(source: Pick<PluginContext, 'http' | 'getAdapter' | 'getConnector' | 't'> & {
  store: { dispatch: PortfolioDeps['dispatch']; getState: () => PorticoState }
  notify: { toast: PortfolioDeps['toast'] }
  warn?: PortfolioDeps['warn']
}): PortfolioDeps {
  return {
    http: source.http,
    dispatch: source.store.dispatch,
    getState: source.store.getState,
    getAdapter: source.getAdapter,
    getConnector: source.getConnector,
    toast: source.notify.toast,
    t: source.t,
    // eslint-disable-next-line no-console
    warn: source.warn ?? ((...args) => console.warn('[portfolio]', ...args)),
  }
}

/**
 * Token balances on the Account view's Tokens tab: from the wallet when it declares asset discovery, else from
 * the balance endpoint, with the total on top. Refreshed after a connection, a network or account change, and
 * when the tab shows; the refresh button bypasses the 30 s cache.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), portfolio()] })
 */
export function portfolio() {
  return definePlugin({
    name: 'portfolio',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    messages: { en: portfolioMessages },
    setup(ctx: PluginContext) {
      ctx.store.inject(portfolioSlice)
      const deps = portfolioDeps({ ...ctx, warn: ctx.log.warn })
      ctx.extensions.contribute('account/tabs', { items: [tokensTab] })
      ctx.extensions.contribute('portfolio/api', { items: [createPortfolioApi(deps)] })

      // in view (or about to be, right after connecting): fetch now; out of view: forget, and fetch when it shows
      const changed = () => {
        if (ctx.store.getState().modal.open) void refreshTokenBalances(deps)
        else ctx.store.dispatch(portfolioActions.balancesInvalidated())
      }
      ctx.hooks.afterConnect.tapPromise(async () => changed())
      ctx.hooks.afterNetworkChange.tap(changed)
      ctx.hooks.afterDisconnect.tap(() => ctx.store.dispatch(portfolioActions.balancesInvalidated()))
      // the wallet switched accounts (no hook for that): the address changed under the same network
      const keyOf = (state: PorticoState) => {
        const target = balanceTarget(state)
        return target ? targetKey(target) : undefined
      }
      ctx.startListening({
        predicate: (_action, current, previous) => {
          const now = keyOf(current)
          const before = keyOf(previous)
          return now !== before && now !== undefined && before !== undefined && now.split('|')[0] === before.split('|')[0]
        },
        effect: changed,
      })
    },
  })
}

export default portfolio
