import { BaseError, defineConnector, type ChainNamespace, type Connector } from '@portico/contracts/plugin'
import type { Eip1193Provider, Eip6963ProviderInfo } from './eip6963.js'
import { injectedWalletName } from './walletName.js'

/** The connector id of `window.ethereum`. */
export const INJECTED_CONNECTOR_ID = 'injected'

/** A connector was asked for a namespace it does not serve. */
export class UnsupportedNamespaceError extends BaseError {
  override name = 'UnsupportedNamespaceError'
  constructor(connectorId: string, namespace: string) {
    super(`Connector "${connectorId}" has no provider for ${namespace}.`, { code: 'UNSUPPORTED_NAMESPACE' })
  }
}

function providerFor(id: string, provider: Eip1193Provider) {
  return async (namespace: ChainNamespace): Promise<unknown> => {
    if (namespace !== 'eip155') throw new UnsupportedNamespaceError(id, namespace)
    return provider
  }
}

/** The connector for `window.ethereum` (type INJECTED), named after the wallet's flags. */
export function createInjectedConnector(provider: Eip1193Provider): Connector {
  return defineConnector({
    id: INJECTED_CONNECTOR_ID,
    name: injectedWalletName(provider),
    type: 'INJECTED',
    chains: ['eip155'],
    getProvider: providerFor(INJECTED_CONNECTOR_ID, provider),
  })
}

/** The connector for an EIP-6963 announced wallet (type ANNOUNCED): its id is the wallet's rdns. */
export function createAnnouncedConnector(info: Eip6963ProviderInfo, provider: Eip1193Provider): Connector {
  return defineConnector({
    id: info.rdns,
    name: info.name,
    type: 'ANNOUNCED',
    chains: ['eip155'],
    imageUrl: info.icon,
    info: { rdns: info.rdns },
    getProvider: providerFor(info.rdns, provider),
  })
}
