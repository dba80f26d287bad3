import { definePlugin } from '@portico/contracts/plugin'
import { walletsMessages } from './messages.js'
import { loadTopWallets, type WalletsDeps } from './registry.js'
import { walletsActions, walletsSlice, type WalletsConfig } from './slice.js'
import { createRegistryWalletItemsSelector } from './walletEntries.js'

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

/**
 * The registry query's configuration from the factory's parameters (for a remote copy, the host's
 * `features.wallets`, so they are checked here): ids the query cannot carry are dropped, duplicates too.
 */
export function resolveWalletsConfig(parameters: WalletsParameters): WalletsConfig {
  return {
    featuredWalletIds: ids(parameters.featuredWalletIds),
    includeWalletIds: ids(parameters.includeWalletIds),
    excludeWalletIds: ids(parameters.excludeWalletIds),
  }
}

/**
 * The wallet registry explorer: the AllWallets view (recent, featured, recommended, then every wallet in pages
 * of 40, virtualized, with search; where a mobile visitor of a host without chain adapters starts) and the featured
 * and recommended items it contributes to the Connect view's wallet list, with the registry count for its "All
 * wallets" entry. Nothing is fetched before the modal opens.
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
    activation: 'open',
    views: {
      // SPEC §2: a mobile visitor of a host without chain adapters starts here
      AllWallets: { load: () => import('./views/AllWalletsView.js'), title: 'wallets.title', openWithoutAdapters: 'mobile' },
    },
    messages: { en: walletsMessages },
    setup(ctx) {
      ctx.store.inject(walletsSlice)
      ctx.store.dispatch(walletsActions.configured(resolveWalletsConfig(parameters)))
      const deps: WalletsDeps = { http: ctx.http, dispatch: ctx.store.dispatch, getState: ctx.store.getState }
      const loadTop = () => void loadTopWallets(deps)

      // the first call out happens when the modal opens, never at page load
      ctx.hooks.beforeOpen.tap((request) => (loadTop(), request))
      ctx.hooks.afterOpen.tap(loadTop)
      if (ctx.store.getState().modal.open) loadTop() // loaded as a remote while opening

      // featured and recommended on the Connect view, re-read by it whenever the slice changes
      ctx.extensions.contribute('connect/walletItems', { select: createRegistryWalletItemsSelector() })
    },
  })
}

export default wallets
