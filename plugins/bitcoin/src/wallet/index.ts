import type { Connector } from '@portico/contracts/plugin'
import type { BitcoinErrors } from '../errors.js'
import type { BitcoinWalletHandle } from './handle.js'
import { isBitcoinRpcProvider, rpcProviderHandle } from './rpcProvider.js'
import { isSatsConnectProvider, satsConnectHandle } from './satsConnect.js'

export type { BitcoinAccount, BitcoinAccountPurpose, BitcoinWalletEvent, BitcoinWalletHandle, MessageProtocol } from './handle.js'

const handles = new WeakMap<object, BitcoinWalletHandle>()

/**
 * The connector's Bitcoin wallet as the adapter drives it: a sats-connect provider, or a request provider speaking
 * WalletConnect's bip122 methods. One handle per provider object; PROVIDER_NOT_FOUND when the connector has neither.
 */
export async function walletOf(connector: Connector, errors: BitcoinErrors): Promise<BitcoinWalletHandle> {
  let provider: unknown
  try {
    provider = await connector.getProvider('bip122')
  } catch (cause) {
    throw errors.providerNotFound(connector.id, cause)
  }
  if (typeof provider !== 'object' || provider === null) throw errors.providerNotFound(connector.id)
  let handle = handles.get(provider)
  if (!handle) {
    if (isSatsConnectProvider(provider)) handle = satsConnectHandle(provider, errors)
    else if (isBitcoinRpcProvider(provider)) handle = rpcProviderHandle(provider, errors)
    else throw errors.providerNotFound(connector.id)
    handles.set(provider, handle)
  }
  return handle
}
