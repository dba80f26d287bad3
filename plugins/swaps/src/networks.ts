import { SWAP_CHAIN_IDS } from '@portico/contracts/spec'

/** The local anvil chains the development stack deploys its exchange on. */
export const LOCAL_SWAP_CHAIN_IDS = [31337, 31338] as const

/**
 * Whether swaps are offered on a network: SPEC §9's swap networks and the local chains (eip155 only).
 *
 * @example
 * isSwapNetwork('eip155:8453') // true
 */
export function isSwapNetwork(caipNetworkId: string | undefined, extra: readonly number[] = LOCAL_SWAP_CHAIN_IDS): boolean {
  const [namespace, reference] = caipNetworkId?.split(':') ?? []
  if (namespace !== 'eip155' || !reference) return false
  const id = Number(reference)
  return (SWAP_CHAIN_IDS as readonly number[]).includes(id) || extra.includes(id)
}
