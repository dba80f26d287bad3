import type { Connector } from '@portico/contracts/plugin'
import type { SolanaErrors } from '../errors.js'
import type { SolanaWalletHandle } from './handle.js'
import { isSolanaRpcProvider, rpcProviderHandle } from './rpcProvider.js'
import { isSolanaStandardWallet, standardWalletHandle } from './standard.js'

export type { SolanaWalletHandle } from './handle.js'

const handles = new WeakMap<object, SolanaWalletHandle>()

/**
 * The connector's Solana wallet as the adapter drives it: a Wallet Standard wallet, or a `solana_*` request
 * provider. One handle per provider object; PROVIDER_NOT_FOUND when the connector has neither.
 */
export async function walletOf(connector: Connector, errors: SolanaErrors): Promise<SolanaWalletHandle> {
  let provider: unknown
  try {
    provider = await connector.getProvider('solana')
  } catch (cause) {
    throw errors.providerNotFound(connector.id, cause)
  }
  if (typeof provider !== 'object' || provider === null) throw errors.providerNotFound(connector.id)
  let handle = handles.get(provider)
  if (!handle) {
    if (isSolanaStandardWallet(provider)) handle = standardWalletHandle(provider, errors)
    else if (isSolanaRpcProvider(provider)) handle = rpcProviderHandle(provider, errors)
    else throw errors.providerNotFound(connector.id)
    handles.set(provider, handle)
  }
  return handle
}
