import { defineConnector, type Connector } from '@portico/contracts/plugin'
import type { WatchProvider } from './provider.js'

/** The connector's id: the kernel connects with it, the wallet list shows it. */
export const WATCH_CONNECTOR_ID = 'watch-address'

/** An eye, as a data URL (a connector's image is a URL). */
const EYE_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="12" fill="#0e7490"/><path d="M8 24s6-10 16-10 16 10 16 10-6 10-16 10S8 24 8 24z" fill="none" stroke="#fff" stroke-width="3"/><circle cx="24" cy="24" r="5" fill="#fff"/></svg>',
  )

/**
 * The "read-only address" connector: an eip155 connector whose provider is a watched address. The chain adapter
 * (the host's evm plugin) connects through it like through any wallet; signing and sending are refused.
 *
 * @example
 * ctx.registerConnector(watchConnector(provider, ctx.t('watchAddress.name')))
 */
export function watchConnector(provider: WatchProvider, name: string): Connector {
  return defineConnector({
    id: WATCH_CONNECTOR_ID,
    name,
    type: 'EXTERNAL',
    chains: ['eip155'],
    imageUrl: EYE_ICON,
    getProvider: async (namespace) => (namespace === 'eip155' ? provider : undefined),
  })
}
