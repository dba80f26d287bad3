import { BaseError, defineConnector, type ChainNamespace, type Connector } from '@portico/contracts/plugin'
import * as z from 'zod/mini'
import type { InjectedExtension } from './extension/injected.js'

/** A connector was asked for a namespace it does not serve. */
export class UnsupportedNamespaceError extends BaseError {
  override name = 'UnsupportedNamespaceError'
  constructor(connectorId: string, namespace: string) {
    super(`Connector "${connectorId}" has no provider for ${namespace}.`, { code: 'UNSUPPORTED_NAMESPACE' })
  }
}

/** Display names of well-known extensions, by their `injectedWeb3` key (the protocol carries no name). */
export const KNOWN_EXTENSION_NAMES: Readonly<Record<string, string>> = {
  'polkadot-js': 'polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  'enkrypt': 'Enkrypt',
  'fearless-wallet': 'Fearless Wallet',
  polkagate: 'PolkaGate',
  'nova-wallet': 'Nova Wallet',
}

const Name = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))
// a data URI only: anything else could load a remote (tracking) image or a script URL
const Icon = z.string().check(z.regex(/^data:image\/(svg\+xml|png|jpeg|jpg|webp|gif)[;,]/i))
const Key = z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'The injectedWeb3 key must be 1 to 64 letters, digits, dots, dashes or underscores.'))

/**
 * The connector id of an extension: `polkadot.<injectedWeb3 key>`, stable across page loads.
 *
 * @example
 * injectedConnectorId('polkadot-js') // 'polkadot.polkadot-js'
 */
export function injectedConnectorId(key: string): string {
  return `polkadot.${key.toLowerCase()}`
}

/**
 * The connector of an `injectedWeb3` extension (type ANNOUNCED: the Connect view lists it with the "installed"
 * tag); its polkadot provider is the entry itself. Its name is the one the extension gives, a known one for its key,
 * else the key; its icon only when the extension gives a data: image (the Connect view draws a monogram otherwise).
 * Throws when the key is not acceptable.
 */
export function createInjectedConnector(key: string, extension: InjectedExtension): Connector {
  Key.parse(key)
  const id = injectedConnectorId(key)
  const ownName = Name.safeParse(extension.name)
  const icon = Icon.safeParse(extension.icon)
  return defineConnector({
    id,
    name: ownName.success ? ownName.data : (KNOWN_EXTENSION_NAMES[key] ?? key),
    type: 'ANNOUNCED',
    chains: ['polkadot'],
    ...(icon.success ? { imageUrl: icon.data } : {}),
    info: { rdns: id },
    async getProvider(namespace: ChainNamespace): Promise<unknown> {
      if (namespace !== 'polkadot') throw new UnsupportedNamespaceError(id, namespace)
      return extension
    },
  })
}
