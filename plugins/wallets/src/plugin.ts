import { definePlugin, type PluginContext } from '@portico/contracts/plugin'
import { pluginsSlice, type RootState } from '@portico/kernel'
import { walletsMessages } from './messages.js'
import { loadTopWallets, type WalletsDeps } from './registry.js'
import { selectWallets, walletsActions, walletsSlice, type WalletsConfig } from './slice.js'
import { registryWalletItems } from './walletEntries.js'

export type WalletsParameters = {
  /** Wallet ids shown as featured, in this order (at most 4); by default the registry's certified wallets. */
  featuredWalletIds?: readonly string[]
  /** Only these wallet ids are listed. */
  includeWalletIds?: readonly string[]
  /** These wallet ids are never listed. */
  excludeWalletIds?: readonly string[]
}

const VERSION = '0.1.0'

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string' && /^[^,\s]+$/.test(v)))] : []

/** The host's options, from `features.wallets` and the factory's parameters (which win). */
export function resolveWalletsConfig(...sources: readonly (Record<string, unknown> | WalletsParameters)[]): WalletsConfig {
  const merged = Object.assign({}, ...sources) as Record<string, unknown>
  return {
    featuredWalletIds: ids(merged.featuredWalletIds),
    includeWalletIds: ids(merged.includeWalletIds),
    excludeWalletIds: ids(merged.excludeWalletIds),
  }
}

/**
 * The wallet registry explorer: the AllWallets view (recent, featured, recommended, then every wallet in pages
 * of 40, virtualized, with search) and the featured and recommended items on the Connect view, with the
 * registry count for its "All wallets" entry. Nothing is fetched before the modal opens.
 *
 * @example
 * createKernel({ projectId, plugins: [connect(), wallets({ featuredWalletIds: ['rainbow'] })] })
 */
export function wallets(parameters: WalletsParameters = {}) {
  return definePlugin({
    name: 'wallets',
    version: VERSION,
    contracts: '^1.0.0',
    kind: 'feature',
    views: {
      AllWallets: { load: () => import('./views/AllWalletsView.js'), title: 'wallets.title' },
    },
    messages: { en: walletsMessages },
    setup(ctx: PluginContext) {
      ctx.store.inject(walletsSlice)
      ctx.store.dispatch(walletsActions.configured(resolveWalletsConfig(ctx.options, parameters)))
      const deps: WalletsDeps = { http: ctx.http, dispatch: ctx.store.dispatch, getState: ctx.store.getState }

      /**
       * The Connect view builds its list from the hooks when plugins change; tell it ours changed by restating
       * that this plugin is ready. (A kernel signal for "contributions changed" would say it better.)
       */
      const contributionsChanged = () => {
        const status = (ctx.store.getState() as RootState).plugins.byName[ctx.name]
        if (status?.status !== 'ready') return
        ctx.store.dispatch(pluginsSlice.actions.pluginReady({ name: ctx.name, version: status.version ?? VERSION, source: status.source }))
      }
      const loadTop = () => void loadTopWallets(deps, contributionsChanged)

      // the first call out happens when the modal opens, never at page load
      ctx.hooks.beforeOpen.tap((request) => (loadTop(), request))
      ctx.hooks.afterOpen.tap(loadTop)
      if ((ctx.store.getState() as RootState).modal.open) loadTop() // loaded as a remote while opening

      ctx.hooks.resolveWalletListItems.tap((items) => {
        const state = ctx.store.getState() as RootState
        return registryWalletItems(items, selectWallets(state), state.connection.recentWallets, state.connectors.list)
      })
    },
  })
}

export default wallets
