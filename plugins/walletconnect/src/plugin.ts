import { definePlugin } from '@portico/contracts/plugin'
import { WALLETCONNECT_CONNECTOR_ID } from './constants.js'
import { createWalletConnectConnector, type WalletConnectParameters } from './connector.js'
import { listingFromViewData } from './links.js'
import { walletConnectMessages } from './messages.js'
import { walletConnectSlice } from './slice.js'

/**
 * WalletConnect: the `walletConnect` connector (the "universal" adapter on `@walletconnect/universal-provider`) and
 * its views, ConnectingWalletConnect (QR code, copy link, open in the wallet's app) and ConnectingWalletConnectBasic
 * (what desktop visitors see when the host has no chain adapter). The SDK loads on first use, never at page load.
 *
 * @example
 * createKernel({ projectId, endpoints: { relay: 'ws://localhost:4330' }, plugins: [connect(), evm(), walletConnect()] })
 */
export function walletConnect(parameters: WalletConnectParameters = {}) {
  return definePlugin({
    name: 'walletconnect',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'connector',
    views: {
      ConnectingWalletConnect: {
        load: () => import('./views/ConnectingWalletConnect.js'),
        title: (data: unknown) => listingFromViewData(data)?.name ?? 'wc.title',
      },
      ConnectingWalletConnectBasic: { load: () => import('./views/ConnectingWalletConnectBasic.js'), title: 'wc.basic.title' },
    },
    messages: { en: walletConnectMessages },
    setup(ctx) {
      ctx.store.inject(walletConnectSlice)
      const connector = createWalletConnectConnector(
        { dispatch: ctx.store.dispatch, getState: ctx.store.getState, storage: ctx.storage, log: ctx.log, kernelOptions: ctx.kernelOptions },
        { ...(ctx.options as WalletConnectParameters), ...parameters },
      )
      ctx.registerConnector(connector)

      // the Connect view opens the QR view for the WalletConnect entry
      ctx.hooks.resolveWalletListItems.tap((items) =>
        items.map((item) =>
          item.connectorId === WALLETCONNECT_CONNECTOR_ID || (item.id === WALLETCONNECT_CONNECTOR_ID && !item.view)
            ? { ...item, view: 'ConnectingWalletConnect', tag: item.tag ?? 'connect.tag.qrCode' }
            : item,
        ),
      )
      // the account shows the wallet on the other end of the session, not "WalletConnect"
      ctx.hooks.afterConnect.tapPromise(async ({ namespace, connectorId }) => {
        if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return
        const peer = connector.host.activeSession()?.peer.metadata
        if (!peer?.name) return
        const icon = peer.icons?.find((i) => /^(https:|data:image\/)/.test(i))
        ctx.store.dispatch({
          type: 'chains/accountUpdated',
          payload: { namespace, patch: { connectedWalletInfo: { name: peer.name, ...(icon ? { icon } : {}), type: 'WALLET_CONNECT' } } },
        })
      })
      // closing the modal gives up the pairing (the kernel resets the URI itself)
      ctx.hooks.afterClose.tap(() => connector.pairing.abort('The modal was closed.'))

      return () => void connector.destroy()
    },
  })
}

export default walletConnect
export type { WalletConnectParameters }
