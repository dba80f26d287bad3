import { BaseError, defineConnector, type ChainNamespace, type Connector } from '@portico/contracts/plugin'
import type { Wallet } from '@wallet-standard/core'
import * as z from 'zod/mini'

/** A connector was asked for a namespace it does not serve. */
export class UnsupportedNamespaceError extends BaseError {
  override name = 'UnsupportedNamespaceError'
  constructor(connectorId: string, namespace: string) {
    super(`Connector "${connectorId}" has no provider for ${namespace}.`, { code: 'UNSUPPORTED_NAMESPACE' })
  }
}

/** What a Wallet Standard wallet must say about itself to be listed (the standard requires a data: icon). */
export const WalletStandardInfoSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'The wallet has no name.'), z.maxLength(100, 'The wallet name is longer than 100 characters.')),
  // a data URI only: anything else could load a remote (tracking) image or a script URL
  icon: z.string().check(z.regex(/^data:image\/(svg\+xml|png|jpeg|jpg|webp|gif)[;,]/i, 'The icon must be a data:image URI.')),
})

/**
 * The connector id of a Wallet Standard wallet: `solana.<name as a slug>`. The standard gives wallets no rdns, so
 * the id (also used as the connector's rdns, for recent wallets) is derived from the name, stable across page loads.
 *
 * @example
 * walletStandardConnectorId('Portico Dev Wallet') // 'solana.portico-dev-wallet'
 */
export function walletStandardConnectorId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `solana.${slug || 'wallet'}`
}

/**
 * The connector of a Wallet Standard wallet (type ANNOUNCED: the Connect view lists it with the "installed" tag);
 * its solana provider is the wallet itself. Throws when the wallet's name or icon is not acceptable.
 */
export function createWalletStandardConnector(wallet: Wallet): Connector {
  const info = WalletStandardInfoSchema.parse({ name: wallet.name, icon: wallet.icon })
  const id = walletStandardConnectorId(info.name)
  return defineConnector({
    id,
    name: info.name,
    type: 'ANNOUNCED',
    chains: ['solana'],
    imageUrl: info.icon,
    info: { rdns: id },
    async getProvider(namespace: ChainNamespace): Promise<unknown> {
      if (namespace !== 'solana') throw new UnsupportedNamespaceError(id, namespace)
      return wallet
    },
  })
}
