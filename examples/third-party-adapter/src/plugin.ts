import { definePlugin, type ComponentModule } from '@portico/contracts/plugin'
import { watchConnector, WATCH_CONNECTOR_ID } from './connector.js'
import { messages } from './messages.js'
import { createWatchProvider } from './provider.js'
import { setWatchProvider } from './state.js'

/** The published version of this plugin (the publishing script bumps it for an update). */
export const VERSION = '1.0.0'

/** The view where the visitor types the address to watch. */
export const WATCH_VIEW = 'watch-address/Watch'

/** The storage key of the watched address, so a reload restores it without asking again. */
const STORAGE_KEY = 'address'

// The Connect view's lists, as `@portico/plugin-connect` declares them (that package is not published: only the
// fields this plugin uses are declared here).
declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    'connect/walletItems': { id: string; name: string; connectorId?: string; view?: string; viewData?: unknown }
  }
  interface ViewRegistry {
    'watch-address/Watch': undefined
  }
}

export type WatchAddressOptions = {
  /** The chain reported when the host has no eip155 network active yet (decimal). Default 1. */
  chainId?: number
}

/**
 * A "read-only address" connector from outside Portico: the visitor types any address and sees its balance and
 * activity as if connected; nothing can be signed or sent (a `READ_ONLY_ACCOUNT` Portico error says why). Its row
 * in the Connect view's wallet list opens the view that asks for the address.
 *
 * @example
 * createKernel({ remotes: { sources: [{ url: 'https://plugins.acme.example/manifest.json', publicKey: '…' }] } })
 */
export default function watchAddress(options: WatchAddressOptions = {}) {
  return definePlugin({
    name: 'watch-address',
    version: VERSION,
    contracts: '^1.0.0',
    kind: 'connector',
    activation: 'open',
    views: {
      [WATCH_VIEW]: { title: 'watchAddress.title', load: (): Promise<ComponentModule> => import('./WatchView.js') },
    },
    messages,
    async setup(ctx) {
      const chainId = () => {
        const active = ctx.store.getState().chains.activeCaipNetworkId
        return active?.startsWith('eip155:') ? Number(active.slice('eip155:'.length)) : (options.chainId ?? 1)
      }
      const provider = createWatchProvider({
        chainId,
        text: { readOnly: () => ctx.t('watchAddress.readOnly'), noAddress: () => ctx.t('watchAddress.noAddress') },
      })
      // a reload restores the connection (the adapter asks eth_accounts): the address comes back from storage
      const saved = await ctx.storage.getItem<string>(STORAGE_KEY).catch(() => undefined)
      if (typeof saved === 'string' && /^0x[0-9a-fA-F]{40}$/.test(saved)) provider.watch(saved)
      setWatchProvider(provider)
      ctx.registerConnector(watchConnector(provider, ctx.t('watchAddress.name')))
      // the wallet row opens the address form instead of connecting at once
      ctx.extensions.contribute('connect/walletItems', {
        transform: (items) =>
          items.map(({ connectorId, ...item }) => (connectorId === WATCH_CONNECTOR_ID ? { ...item, view: WATCH_VIEW } : { ...item, ...(connectorId ? { connectorId } : {}) })),
      })
      ctx.hooks.afterConnect.tapPromise(async ({ connectorId, address }) => {
        if (connectorId === WATCH_CONNECTOR_ID) await ctx.storage.setItem(STORAGE_KEY, address).catch(() => {})
      })
      ctx.hooks.afterDisconnect.tap(({ connectorId }) => {
        if (connectorId === WATCH_CONNECTOR_ID) void ctx.storage.removeItem(STORAGE_KEY).catch(() => {})
      })
      return () => setWatchProvider(undefined)
    },
  })
}
