import { definePlugin, type ChainNamespace } from '@portico/contracts/plugin'
import { walletInfoReported } from '@portico/kernel'
import { WALLETCONNECT_CONNECTOR_ID } from './constants.js'
import { createWalletConnectConnector, type WalletConnectParameters } from './connector.js'
import { listingFromViewData } from './links.js'
import { SUPPORTED_NAMESPACES } from './namespaces.js'
import { asOneClickSignIn } from './oneClick.js'
import { walletConnectMessages } from './messages.js'
import { pairingUriCleared, walletConnectSlice } from './slice.js'
import { createWalletItemsTransform } from './walletItems.js'

/**
 * WalletConnect: the `walletConnect` connector (the "universal" adapter on `@walletconnect/universal-provider`) and
 * its views, ConnectingWalletConnect (QR code, copy link, open in the wallet's app) and ConnectingWalletConnectBasic
 * (what desktop visitors see when the host has no chain adapter). The SDK loads on first use, never at page load.
 * Options come from the factory's parameters (for a remote copy, the host's `features.walletconnect`).
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
    activation: 'open',
    views: {
      ConnectingWalletConnect: {
        load: () => import('./views/ConnectingWalletConnect.js'),
        title: (data: unknown) => listingFromViewData(data)?.name ?? 'wc.title',
      },
      // SPEC §2: a desktop visitor of a host without chain adapters starts here
      ConnectingWalletConnectBasic: {
        load: () => import('./views/ConnectingWalletConnectBasic.js'),
        title: 'wc.basic.title',
        openWithoutAdapters: 'desktop',
      },
    },
    messages: { en: walletConnectMessages },
    setup(ctx) {
      ctx.store.inject(walletConnectSlice)
      // eip155 always (the QR view of a host without adapters proposes it), another namespace once its adapter is there
      const namespaces = (): readonly ChainNamespace[] => SUPPORTED_NAMESPACES.filter((ns) => ns === 'eip155' || ctx.getAdapter(ns))
      // the sign-in plugin's API, duck-typed (`siwx/api` is its extension point, read untyped: no import between plugins)
      const readPoint = ctx.extensions.read as unknown as (point: string) => readonly unknown[]
      const connector = createWalletConnectConnector(
        {
          dispatch: ctx.store.dispatch,
          getState: ctx.store.getState,
          storage: ctx.storage,
          log: ctx.log,
          namespaces,
          oneClick: () => asOneClickSignIn(readPoint('siwx/api')),
        },
        parameters,
      )
      let unregister = ctx.registerConnector(connector)
      // a chain adapter that arrives later (a remote solana): register again so the connector list says it serves it
      let served = namespaces().join()
      ctx.hooks.afterPluginReady.tap(() => {
        if (namespaces().join() === served) return
        served = namespaces().join()
        unregister()
        unregister = ctx.registerConnector(connector)
      })
      // one session serves every namespace: when the kernel lets one go, the others end with it
      ctx.hooks.afterDisconnect.tap(({ namespace, connectorId }) => {
        if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return
        const { accounts } = ctx.store.getState().chains
        for (const ns of SUPPORTED_NAMESPACES) {
          const account = accounts[ns]
          if (ns !== namespace && account?.status === 'connected' && account.connectorId === WALLETCONNECT_CONNECTOR_ID)
            connector.host.namespace(ns).ended('The WalletConnect session ended.')
        }
      })

      // the Connect view opens the QR view for the WalletConnect entry
      ctx.extensions.contribute('connect/walletItems', { transform: createWalletItemsTransform() })

      // the account shows the wallet on the other end of the session, not "WalletConnect"
      ctx.hooks.afterConnect.tapPromise(async ({ namespace, connectorId }) => {
        if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return
        const peer = connector.host.activeSession()?.peer.metadata
        if (!peer?.name) return
        const icon = peer.icons?.find((i) => /^(https:|data:image\/)/.test(i))
        ctx.store.dispatch(walletInfoReported({ namespace, walletInfo: { name: peer.name, ...(icon ? { icon } : {}), type: 'WALLET_CONNECT' } }))
      })
      // closing the modal resets the pairing URI (SPEC §2) and gives up the pairing
      ctx.hooks.afterClose.tap(() => {
        ctx.store.dispatch(pairingUriCleared())
        connector.pairing.abort('The modal was closed.')
      })

      return () => {
        unregister()
        void connector.destroy()
      }
    },
  })
}

export default walletConnect
export type { WalletConnectParameters }
