import type { TransactionRequest } from '@portico/contracts/plugin'
import { getAddress, isAddress, numberToHex, type Address } from 'viem'
import { InvalidWalletResponseError, toEvmError, type EvmAction } from '../errors.js'
import type { Eip1193Provider } from '../provider.js'

/** One EIP-1193 request; whatever the wallet throws becomes an EvmError (USER_REJECTED for a refusal). */
export async function walletRequest(provider: Eip1193Provider, action: EvmAction, method: string, params?: unknown): Promise<unknown> {
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    throw toEvmError(error, action, method)
  }
}

/** The wallet's accounts, checksummed; INVALID_WALLET_RESPONSE when it is not a list of addresses. */
export function parseAccounts(method: string, value: unknown): Address[] {
  if (!Array.isArray(value) || !value.every((a) => typeof a === 'string' && isAddress(a, { strict: false }))) {
    throw new InvalidWalletResponseError(method, value)
  }
  return value.map((a: string) => getAddress(a))
}

/** A transaction in the JSON-RPC shape wallets and nodes take (hex quantities, the chain it is meant for). */
export function toRpcTransaction(from: string, chainId: number, tx: TransactionRequest) {
  return {
    from,
    to: tx.to,
    ...(tx.value !== undefined ? { value: numberToHex(tx.value) } : {}),
    ...(tx.data !== undefined ? { data: tx.data } : {}),
    ...(tx.gas !== undefined ? { gas: numberToHex(tx.gas) } : {}),
    chainId: numberToHex(chainId),
  }
}
