import { ONRAMP_CARD_CHAINS, ONRAMP_CARD_FALLBACK_CHAIN } from '@portico/contracts/spec'

/** The card-onramp networks of SPEC §9 by EIP-155 chain id, and the dev stack's local chains. */
export const ONRAMP_NETWORKS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  42161: 'arbitrum',
  137: 'polygon',
  80094: 'berachain',
  43114: 'avalanche-c-chain',
  10: 'optimism',
  42220: 'celo',
  8453: 'base',
  31337: 'anvil',
  31338: 'anvil-2',
}

/**
 * The provider's name of a network (SPEC §9 card-onramp chains plus the local ones); a network that is not one of
 * them falls back to `ethereum`.
 *
 * @example
 * onrampNetwork('eip155:8453') // 'base'
 * onrampNetwork('eip155:5') // 'ethereum'
 */
export function onrampNetwork(caipNetworkId: string | undefined): string {
  const [namespace, reference] = caipNetworkId?.split(':') ?? []
  const name = namespace === 'eip155' ? ONRAMP_NETWORKS[Number(reference)] : undefined
  return name && (ONRAMP_CARD_CHAINS as readonly string[]).concat('anvil', 'anvil-2').includes(name) ? name : ONRAMP_CARD_FALLBACK_CHAIN
}
