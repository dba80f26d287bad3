import { definePlugin, type ConnectMethod } from '@portico/contracts/plugin'
import { connectMessages } from './messages.js'

export type ConnectParameters = {
  /** Set to `false` to leave out the wallet list, e.g. for an email-only login. Default `true`. */
  wallets?: boolean
}

/** The `wallet` connect method: the list of connectors and wallets. */
export const walletConnectMethod: ConnectMethod = { id: 'wallet', load: () => import('./views/WalletMethod.js') }

/**
 * The Connect view: connect methods (email, social, wallet by default) contributed through
 * `resolveConnectMethods`, this plugin adding the wallet list.
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
    views: {
      Connect: { load: () => import('./views/ConnectView.js'), title: 'connect.title' },
      ConnectingExternal: {
        load: () => import('./views/ConnectingExternalView.js'),
        // the wallet's name, as the incumbents title this screen
        title: (data: { connectorId?: string } | undefined, state: { connectors: { list: { id: string; name: string }[] } }) =>
          state.connectors.list.find((c) => c.id === data?.connectorId)?.name ?? 'connecting.title',
      },
    },
    messages: { en: connectMessages },
    setup({ hooks }) {
      if (parameters.wallets === false) return
      hooks.resolveConnectMethods.tap((methods) => [...methods, walletConnectMethod])
    },
  })
}

export default connect
