import { definePlugin, type PluginContext, type PorticoState } from '@portico/contracts/plugin'
import type { AccountTab } from '@portico/plugin-account'
import { nftsMessages } from './messages.js'
import { nftsKey, nftsTarget, type NftsDeps } from './nfts.js'
import { nftsActions, nftsSlice } from './slice.js'

/** The NFTs tab; replaces the Account view's `nfts` tab by id. */
export const nftsTab: AccountTab = { id: 'nfts', label: 'nfts.tab', load: () => import('./views/NftsTab.js') }

/** The nfts deps from a plugin context or a kernel (both carry the same services). */
export function nftsDeps(source: Pick<PluginContext, 'http' | 't'> & {
  store: { dispatch: NftsDeps['dispatch']; getState: () => PorticoState }
  notify: { toast: NftsDeps['toast'] }
  warn?: NftsDeps['warn']
}): NftsDeps {
  return {
    http: source.http,
    dispatch: source.store.dispatch,
    getState: source.store.getState,
    toast: source.notify.toast,
    t: source.t,
    // eslint-disable-next-line no-console
    warn: source.warn ?? ((...args) => console.warn('[nfts]', ...args)),
  }
}

/**
 * NFTs on the Account view's NFTs tab: the ERC-721 tokens of the active account on the active network as a grid
 * of images with names and collections, from the api's NFT endpoint, page by page. Loads when the tab shows and
 * again every 15 s while it shows (a token received meanwhile appears); forgets when the account or network
 * changes.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), nfts()] })
 */
export function nfts() {
  return definePlugin({
    name: 'nfts',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    messages: { en: nftsMessages },
    setup(ctx: PluginContext) {
      ctx.store.inject(nftsSlice)
      ctx.extensions.contribute('account/tabs', { items: [nftsTab] })
      // another account or network: the old grid must not show, even for a moment
      const keyOf = (state: PorticoState) => {
        const target = nftsTarget(state)
        return target ? nftsKey(target) : undefined
      }
      ctx.startListening({
        predicate: (_action, current, previous) => keyOf(current) !== keyOf(previous),
        effect: () => void ctx.store.dispatch(nftsActions.nftsReset()),
      })
    },
  })
}

export default nfts
