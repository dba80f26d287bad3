import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import type { WalletFeature } from '@portico/plugin-account'
import { onrampMessages } from './messages.js'
import { onrampActions, onrampSlice } from './slice.js'

/** The Account view's Buy button (SPEC §2 feature order: onramp first). */
export const onrampFeature: WalletFeature = { id: 'onramp', label: 'account.feature.onramp', view: 'OnRampProviders', icon: 'onramp' }

/** Whether the Buy button shows: a connected eip155 account (the card providers deliver on EVM networks). */
export const offersOnramp = (state: PorticoState) => {
  const ns = state.chains.activeNamespace
  return ns === 'eip155' && state.chains.accounts[ns]?.status === 'connected'
}

/**
 * Onramp (buy crypto with a card): a Buy button on the Account view that opens OnRampProviders (the providers, with
 * their fee range), OnRampBuy (token, fiat currency, amount within the card's limits, the quote with its fees;
 * SPEC §8's defaults when the options call fails and the placeholder quote when the quote call does), then the
 * provider's checkout in a new window and BuyInProgress, which follows the purchase until the tokens arrive and
 * refreshes the balance and Activity.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), portfolio(), history(), onramp()] })
 */
export function onramp() {
  return definePlugin({
    name: 'onramp',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    views: {
      OnRampProviders: { load: () => import('./views/OnRampProvidersView.js'), title: 'onramp.providers.title' },
      OnRampBuy: { load: () => import('./views/OnRampBuyView.js'), title: 'onramp.providers.title' },
      BuyInProgress: { load: () => import('./views/BuyInProgressView.js'), title: 'onramp.progress.title' },
    },
    messages: { en: onrampMessages },
    setup(ctx) {
      ctx.store.inject(onrampSlice)
      const feature = ctx.extensions.contribute('account/features', { items: offersOnramp(ctx.store.getState()) ? [onrampFeature] : [] })
      const stopFollowing = ctx.startListening({
        predicate: (_action, current, previous) => offersOnramp(current) !== offersOnramp(previous),
        effect: (_action, api) => feature.update({ items: offersOnramp(api.getState() as PorticoState) ? [onrampFeature] : [] }),
      })
      // SPEC §4: a network or account change starts the purchase form over
      const reset = () => void ctx.store.dispatch(onrampActions.onrampReset())
      ctx.hooks.afterNetworkChange.tap(reset)
      ctx.hooks.afterDisconnect.tap(reset)
      return stopFollowing
    },
  })
}

export default onramp
