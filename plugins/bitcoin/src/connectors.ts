import { BaseError, defineConnector, type ChainNamespace, type Connector } from '@portico/contracts/plugin'
import * as z from 'zod/mini'
import type { SatsConnectEventName, SatsConnectProvider } from './wallet/satsConnect.js'

/** A connector was asked for a namespace it does not serve. */
export class UnsupportedNamespaceError extends BaseError {
  override name = 'UnsupportedNamespaceError'
  constructor(connectorId: string, namespace: string) {
    super(`Connector "${connectorId}" has no provider for ${namespace}.`, { code: 'UNSUPPORTED_NAMESPACE' })
  }
}

/** What a wallet in `window.btc_providers` must say about itself to be listed. */
export const SatsConnectInfoSchema = z.object({
  // a dotted path on window (`XverseProviders.BitcoinProvider`), which is how sats-connect finds the provider
  id: z.string().check(z.regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,4}$/, 'The provider id must be a path on window.')),
  name: z.string().check(z.trim(), z.minLength(1, 'The wallet has no name.'), z.maxLength(100, 'The wallet name is longer than 100 characters.')),
  // a data URI only: anything else could load a remote (tracking) image or a script URL
  icon: z.string().check(z.regex(/^data:image\/(svg\+xml|png|jpeg|jpg|webp|gif)[;,]/i, 'The icon must be a data:image URI.')),
})
export type SatsConnectInfo = z.infer<typeof SatsConnectInfoSchema>

/** What the connector needs of sats-connect: its `request` and `addListener`, which take the wallet's provider id. */
export type SatsConnectModule = {
  request(method: never, params: never, providerId?: string): Promise<unknown>
  addListener(event: never, listener: never, providerId: string): () => void
}

/** sats-connect itself, loaded on first use (it reaches for `window` and its wallet-picker UI). */
export const loadSatsConnect = async (): Promise<SatsConnectModule> => (await import('sats-connect')) as unknown as SatsConnectModule

/**
 * The connector id of a sats-connect wallet: `bitcoin.<name as a slug>`, stable across page loads (also its rdns, for
 * recent wallets).
 *
 * @example
 * satsConnectConnectorId('Portico Dev Wallet') // 'bitcoin.portico-dev-wallet'
 */
export function satsConnectConnectorId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `bitcoin.${slug || 'wallet'}`
}

/**
 * The connector of a wallet sats-connect knows of (type ANNOUNCED: the Connect view lists it with the "installed"
 * tag); its bip122 provider speaks through sats-connect's `request(method, params, providerId)`. Throws when the
 * wallet's id, name or icon is not acceptable.
 *
 * @example
 * const connector = createSatsConnectConnector(window.btc_providers[0])
 */
export function createSatsConnectConnector(wallet: unknown, load: () => Promise<SatsConnectModule> = loadSatsConnect): Connector {
  const info = SatsConnectInfoSchema.parse(wallet)
  const id = satsConnectConnectorId(info.name)
  let provider: Promise<SatsConnectProvider> | undefined
  return defineConnector({
    id,
    name: info.name,
    type: 'ANNOUNCED',
    chains: ['bip122'],
    imageUrl: info.icon,
    info: { rdns: id },
    async getProvider(namespace: ChainNamespace): Promise<unknown> {
      if (namespace !== 'bip122') throw new UnsupportedNamespaceError(id, namespace)
      provider ??= load().then(
        (sc): SatsConnectProvider => ({
          protocol: 'sats-connect',
          id: info.id,
          request: (method, params) => sc.request(method as never, params as never, info.id),
          addListener: (event: SatsConnectEventName, listener) => sc.addListener(event as never, listener as never, info.id),
        }),
        (error: unknown) => {
          provider = undefined // a chunk that failed to download is fetched again on the next call
          throw error
        },
      )
      return provider
    },
  })
}
