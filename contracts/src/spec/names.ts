import { validateChainId } from './caip.js'

/** Bit set on a chain id to make an ENSIP-11 coin type for an EVM chain. */
export const COIN_TYPE_FLAG = 0x80000000

/** True when `name` is a registrable account name: ASCII letters, digits and hyphens only, at least 4 of them. */
export function isValidAccountName(name: unknown): boolean {
  return typeof name === 'string' && /^[a-zA-Z0-9-]{4,}$/.test(name)
}

/** ENSIP-11 coin type of an EVM chain (`chainId | 0x80000000`, unsigned); throws `Invalid chainId` on a bad id. */
export function coinTypeForChainId(id: string | number): number {
  return (validateChainId(id) | COIN_TYPE_FLAG) >>> 0
}
