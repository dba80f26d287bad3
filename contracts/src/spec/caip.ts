import { MAX_CHAIN_ID } from './constants.js'

/** The chain namespaces Portico knows, in CAIP-2 spelling. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const

/** A CAIP-2 namespace Portico knows. */
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** A CAIP-2 network id, `namespace:reference` (e.g. `eip155:1`). */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** A CAIP-10 account id, `namespace:reference:address` (e.g. `eip155:1:0xab…`). */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/** The parts of a CAIP-10 account id. */
export type ParsedCaipAddress = { chainNamespace: ChainNamespace; chainId: string; address: string }

/** The parts of a CAIP-2 network id. */
export type ParsedCaipNetworkId = { chainNamespace: ChainNamespace; chainId: string }

// Character sets from the CAIP-2 and CAIP-10 grammars. Enforcing them rejects whitespace, unicode look-alikes and
// stray separators that a bare split(':') would let through.
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/** True when `x` is one of the chain namespaces Portico knows. */
export function isChainNamespace(x: unknown): x is ChainNamespace {
  return typeof x === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(x)
}

function splitCaipAddress(x: unknown): ParsedCaipAddress | undefined {
  if (typeof x !== 'string') return undefined
  const parts = x.split(':')
  if (parts.length !== 3) return undefined
  const [chainNamespace, chainId, address] = parts as [string, string, string]
  if (!isChainNamespace(chainNamespace) || !REFERENCE.test(chainId) || !ACCOUNT_ADDRESS.test(address)) return undefined
  return { chainNamespace, chainId, address }
}

/** True when `x` is a CAIP-10 account id: 3 non-empty colon-separated parts, a known namespace, CAIP characters. */
export function isCaipAddress(x: unknown): x is CaipAddress {
  return splitCaipAddress(x) !== undefined
}

/** Returns `s` when it is a CAIP-10 account id, else throws `Invalid CAIP Address`. */
export function validateCaipAddress(s: unknown): CaipAddress {
  if (!isCaipAddress(s)) throw new Error('Invalid CAIP Address')
  return s
}

/** Splits a CAIP-10 account id into namespace, chain id and address; throws `Invalid CAIP-10 address`. */
export function parseCaipAddress(s: unknown): ParsedCaipAddress {
  const parsed = splitCaipAddress(s)
  if (!parsed) throw new Error('Invalid CAIP-10 address')
  return parsed
}

/** True when `x` is a CAIP-2 network id: 2 non-empty colon-separated parts, a known namespace, CAIP characters. */
export function isCaipNetworkId(x: unknown): x is CaipNetworkId {
  if (typeof x !== 'string') return false
  const parts = x.split(':')
  return parts.length === 2 && isChainNamespace(parts[0]) && REFERENCE.test(parts[1] as string)
}

/** Splits a CAIP-2 network id into namespace and chain id; throws `Invalid CAIP-2 network id`. */
export function parseCaipNetworkId(s: unknown): ParsedCaipNetworkId {
  if (!isCaipNetworkId(s)) throw new Error('Invalid CAIP-2 network id')
  const [chainNamespace, chainId] = s.split(':') as [ChainNamespace, string]
  return { chainNamespace, chainId }
}

/**
 * Returns a numeric chain id (a positive integer below 2^31), from a number, a decimal string or a 0x-hex string;
 * throws `Invalid chainId` otherwise.
 */
export function validateChainId(id: string | number): number {
  let n: number
  if (typeof id === 'number') n = id
  else if (typeof id === 'string' && /^(\d+|0x[0-9a-fA-F]+)$/.test(id)) n = Number(id)
  else throw new Error('Invalid chainId')
  if (!Number.isInteger(n) || n <= 0 || n >= MAX_CHAIN_ID) throw new Error('Invalid chainId')
  return n
}
