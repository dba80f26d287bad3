import { definePlugin } from '@portico/contracts/plugin'
import type { WalletFeature } from '@portico/plugin-account'
import { sendMessages } from './messages.js'
import { sendActions, sendSlice } from './slice.js'

/** The Account view's Send button (SPEC §2 feature order: onramp, swaps, receive, send). */
export const sendFeature: WalletFeature = { id: 'send', label: 'account.feature.send', view: 'WalletSend', icon: 'arrow-up' }

/**
 * Send: a button on the Account view that opens WalletSend (a token from the account's balances, an amount with
 * Max, the receiver's address checked for the namespace), then WalletSendPreview (the network fee in the native
 * currency and USD, "Insufficient gas" when the balance cannot pay it) which sends the native currency or an
 * ERC-20 `transfer` through the kernel; on Solana, SOL or an SPL token (`transferChecked`, the receiver's token
 * account created in the same transaction when missing) through the solana adapter, with code loaded only then.
 * Balances and refreshes go through the portfolio and history plugins' APIs (`portfolio/api`, `history/api`) when
 * those plugins are there. The form resets after a send and on a network or account change.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), portfolio(), send()] })
 */
export function send() {
  return definePlugin({
    name: 'send',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    views: {
      WalletSend: { load: () => import('./views/SendView.js'), title: 'send.title' },
      WalletSendPreview: { load: () => import('./views/SendPreviewView.js'), title: 'send.preview.title' },
    },
    messages: { en: sendMessages },
    setup(ctx) {
      ctx.store.inject(sendSlice)
      ctx.extensions.contribute('account/features', { items: [sendFeature] })
      // SPEC §4: switching network resets the send state; so does leaving the account
      const reset = () => void ctx.store.dispatch(sendActions.sendReset())
      ctx.hooks.afterNetworkChange.tap(reset)
      ctx.hooks.afterDisconnect.tap(reset)
    },
  })
}

export default send
