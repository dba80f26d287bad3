import type { Connector } from '@portico/contracts/plugin'
import type { PolkadotErrors } from '../errors.js'
import type { PolkadotWalletHandle } from './handle.js'
import { injectedExtensionHandle, isInjectedExtension } from './injected.js'
import { isPolkadotRpcProvider, rpcProviderHandle } from './rpcProvider.js'

export type { PolkadotWalletAccount, PolkadotWalletHandle } from './handle.js'

const handles = new WeakMap<object, PolkadotWalletHandle>()

/**
 * The connector's Polkadot wallet as the adapter drives it: an `injectedWeb3` extension, or a `polkadot_*` request
 * provider. One handle per provider object; PROVIDER_NOT_FOUND when the connector has neither.
 */
export async function walletOf(connector: Connector, errors: PolkadotErrors, appName: string): Promise<PolkadotWalletHandle> {
  let provider: unknown
  try {
    provider = await connector.getProvider('polkadot')
  } catch (cause) {
    throw errors.providerNotFound(connector.id, cause)
  }
  if (typeof provider !== 'object' || provider === null) throw errors.providerNotFound(connector.id)
  let handle = handles.get(provider)
  if (!handle) {
    if (isInjectedExtension(provider)) handle = injectedExtensionHandle(provider, appName, errors)
    else if (isPolkadotRpcProvider(provider)) handle = rpcProviderHandle(provider, errors)
    else throw errors.providerNotFound(connector.id)
    handles.set(provider, handle)
  }
  return handle
}
