import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import type { WalletFeature } from '@portico/plugin-account'
import { swapsMessages } from './messages.js'
import { isSwapNetwork } from './networks.js'
import { swapsActions, swapsSlice } from './slice.js'

/** The Account view's Swap button (SPEC §2 feature order: onramp, swaps, receive, send). */
export const swapsFeature: WalletFeature = { id: 'swaps', label: 'account.feature.swaps', view: 'Swap', icon: 'swaps' }

/** Whether the Swap button shows: an eip155 account on a swap network (SPEC §9's twelve and the local chains). */
export const offersSwaps = (state: PorticoState) => state.chains.activeNamespace === 'eip155' && isSwapNetwork(state.chains.activeCaipNetworkId)

/**
 * Swaps: a button on the Account view (on the swap networks only) that opens Swap (from and to tokens chosen from
 * the account's balances and the api's swappable tokens, with search; the amount; a quote with its rate, price
 * impact, minimum received at 1 % slippage and the network fee in USD, refreshed while the view is open) and
 * SwapPreview (the approve step when the exchange may not yet spend the token, then the swap through the wallet,
 * then its progress). Everything goes through the api's `/v1/convert/*` endpoints; balances through the portfolio
 * plugin's `portfolio/api` when it is there.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), portfolio(), swaps()] })
 */
export function swaps() {
  return definePlugin({
    name: 'swaps',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    views: {
      Swap: { load: () => import('./views/SwapView.js'), title: 'swaps.title' },
      SwapPreview: { load: () => import('./views/SwapPreviewView.js'), title: 'swaps.preview.title' },
    },
    messages: { en: swapsMessages },
    setup(ctx) {
      ctx.store.inject(swapsSlice)
      const feature = ctx.extensions.contribute('account/features', { items: offersSwaps(ctx.store.getState()) ? [swapsFeature] : [] })
      const stopFollowing = ctx.startListening({
        predicate: (_action, current, previous) => offersSwaps(current) !== offersSwaps(previous),
        effect: (_action, api) => feature.update({ items: offersSwaps(api.getState() as PorticoState) ? [swapsFeature] : [] }),
      })
      // SPEC §4: a network or account change starts the swap over
      const reset = () => void ctx.store.dispatch(swapsActions.swapReset())
      ctx.hooks.afterNetworkChange.tap(reset)
      ctx.hooks.afterDisconnect.tap(reset)
      return stopFollowing
    },
  })
}

export default swaps
