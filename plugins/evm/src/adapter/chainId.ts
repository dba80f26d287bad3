import { InvalidWalletResponseError } from '../errors.js'
import { evmChainId } from '../networks.js'

/**
 * A wallet's chain id as a decimal number: EIP-1193 wallets report `0x`-prefixed hex, some SDKs a number, a decimal
 * string or a CAIP-2 id (`eip155:1`). Undefined for anything else.
 */
export function normalizeChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return evmChainId(value)
  if (typeof value !== 'string') return undefined
  const raw = value.trim()
  return evmChainId(raw.startsWith('eip155:') ? raw.slice('eip155:'.length) : raw)
}

/** {@link normalizeChainId}, throwing INVALID_WALLET_RESPONSE when the wallet's answer is no chain id. */
export function parseChainId(value: unknown, method = 'eth_chainId'): number {
  const id = normalizeChainId(value)
  if (id === undefined) throw new InvalidWalletResponseError(method, value)
  return id
}
