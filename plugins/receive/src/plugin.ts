import { definePlugin } from '@portico/contracts/plugin'
import type { WalletFeature } from '@portico/plugin-account'
import { receiveMessages } from './messages.js'

/** The Account view's Receive button (SPEC §2 feature order: onramp, swaps, receive, send). */
export const receiveFeature: WalletFeature = { id: 'receive', label: 'account.feature.receive', view: 'WalletReceive', icon: 'arrow-down' }

/**
 * Receive: a button on the Account view that opens WalletReceive, the connected address as a scannable QR code
 * (the `qrcode` library), copy with a toast, the networks of the address's namespace it can receive on and the
 * icons of the tokens it holds. Loads right after the first view shows, so its button is there on the Account view.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), portfolio(), receive()] })
 */
export function receive() {
  return definePlugin({
    name: 'receive',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    views: {
      WalletReceive: { load: () => import('./views/ReceiveView.js'), title: 'receive.title' },
    },
    messages: { en: receiveMessages },
    setup(ctx) {
      ctx.extensions.contribute('account/features', { items: [receiveFeature] })
    },
  })
}

export default receive
