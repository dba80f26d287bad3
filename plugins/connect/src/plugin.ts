import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import type { ConnectMethod } from './extensionPoints.js'
import { connectMessages } from './messages.js'
import { createOwnWalletItemsSelector } from './walletList.js'

export type ConnectParameters = {
  /** Set to `false` to leave out the wallet list, e.g. for an email-only login. Default `true`. */
  wallets?: boolean
}

/** The `wallet` connect method: the list of connectors and wallets. */
export const walletConnectMethod: ConnectMethod = { id: 'wallet', load: () => import('./views/WalletMethod.js') }

/**
 * The Connect view. It owns two extension points: `connect/methods` (email, social, wallet by default, in the
 * host's `connectMethodsOrder`), to which this plugin adds the wallet method, and `connect/walletItems`, to which
 * it adds the registered connectors and recent wallets before other plugins add or rewrite theirs.
 *
 * @example
 * createKernel({ projectId, plugins: [connect(), account()] })
 */
export function connect(parameters: ConnectParameters = {}) {
  return definePlugin({
    name: 'connect',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'open',
    views: {
      Connect: { load: () => import('./views/ConnectView.js'), title: 'connect.title' },
      ConnectingExternal: {
        load: () => import('./views/ConnectingExternalView.js'),
        // the wallet's name, as the incumbents title this screen
        title: (data: { connectorId?: string } | undefined, state: PorticoState) =>
          state.connectors.list.find((c) => c.id === data?.connectorId)?.name ?? 'connecting.title',
      },
    },
    messages: { en: connectMessages },
    setup({ extensions }) {
      // the list's own items come first (stage -1); other plugins' items follow, then their rewrites
      extensions.contribute('connect/walletItems', { stage: -1, select: createOwnWalletItemsSelector() })
      if (parameters.wallets === false) return
      extensions.contribute('connect/methods', { items: [walletConnectMethod] })
    },
  })
}

export default connect
