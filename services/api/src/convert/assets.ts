import { GAS_PRICE_UNSUPPORTED_MESSAGE, NATIVE_TOKEN_PLACEHOLDER_ADDRESS, SWAPS_UNSUPPORTED_MESSAGE } from '@portico/contracts/api'
import { type Address, getAddress } from 'viem'
import type { ChainRuntime } from '../chains.js'
import type { ExchangeConfig } from '../config.js'
import { ApiProblem } from '../errors.js'

/** A chain with an exchange. */
export type SwapChain = ChainRuntime & { exchange: ExchangeConfig }

/** A token of a swap, resolved: its chain, and its address (WETH standing in for the native currency). */
export interface SwapAsset {
  chain: SwapChain
  /** The ERC-20 traded: the token itself, or WETH for the native currency. */
  address: Address
  native: boolean
  /** The CAIP-10 id as the API writes it (checksummed; the placeholder for the native currency). */
  caip10: string
}

const problem = (field: string, message: string) => new ApiProblem(400, 'VALIDATION_ERROR', message, [{ name: field, description: message }])

/** The chain of a CAIP-2 id if it has an exchange; otherwise SPEC §8's "Network not supported for Swaps" (400). */
export function swapChain(chains: Map<string, ChainRuntime>, caip2: string, field = 'chainId'): SwapChain {
  const chain = chains.get(caip2)
  if (!chain?.config.exchange) throw problem(field, SWAPS_UNSUPPORTED_MESSAGE)
  return { ...chain, exchange: chain.config.exchange }
}

/** A served EVM chain for gas prices; otherwise "Network not supported for Gas Price" (400). */
export function gasChain(chains: Map<string, ChainRuntime>, caip2: string): ChainRuntime {
  const chain = chains.get(caip2)
  if (!chain) throw problem('chainId', GAS_PRICE_UNSUPPORTED_MESSAGE)
  return chain
}

/** Splits a CAIP-10 id into its CAIP-2 chain and an EVM address (400 naming `field` when it is not one). */
export function splitCaip10(caip10: string, field: string): { caip2: string; address: Address } {
  const parts = caip10.split(':')
  const address = parts[2] ?? ''
  if (parts.length !== 3 || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw problem(field, `${field} must be a CAIP-10 EVM address (eip155:<chain id>:0x followed by 40 hex characters)`)
  return { caip2: `${parts[0]}:${parts[1]}`, address: getAddress(address.toLowerCase()) }
}

/**
 * Resolves a CAIP-10 token of a swap; the placeholder address (0xeeee…) is the native currency, traded as WETH.
 *
 * @example
 * resolveAsset(chains, 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'from').native // true
 */
export function resolveAsset(chains: Map<string, ChainRuntime>, caip10: string, field: string): SwapAsset {
  const { caip2, address } = splitCaip10(caip10, field)
  const chain = swapChain(chains, caip2, field)
  const native = address.toLowerCase() === NATIVE_TOKEN_PLACEHOLDER_ADDRESS
  return {
    chain,
    native,
    address: native ? getAddress(chain.exchange.weth) : address,
    caip10: `${caip2}:${native ? NATIVE_TOKEN_PLACEHOLDER_ADDRESS : address}`,
  }
}

/** Resolves `from` and `to`, which must be on one chain and differ. */
export function resolvePair(chains: Map<string, ChainRuntime>, from: string, to: string): { from: SwapAsset; to: SwapAsset } {
  const a = resolveAsset(chains, from, 'from')
  const b = resolveAsset(chains, to, 'to')
  if (a.chain.caip !== b.chain.caip) throw problem('to', `from and to must be on the same network (${a.chain.caip}, ${b.chain.caip})`)
  if (a.address === b.address) throw problem('to', 'from and to must be different tokens (the native currency trades as WETH)')
  return { from: a, to: b }
}

/** Throws a 400 naming `field` (for input the schemas cannot judge alone). */
export const invalid = problem
