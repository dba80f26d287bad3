import { getAddress, isAddress } from 'viem'
import type { FarcasterRegistryConfig } from './siwf.js'

/** OP Mainnet, where Farcaster's IdRegistry lives. */
export const FARCASTER_DEFAULT_CHAIN_ID = 10

/**
 * The Farcaster registry from the environment: PORTICO_FARCASTER_ID_REGISTRY (the IdRegistry address; Farcaster's
 * is 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b on OP Mainnet), PORTICO_FARCASTER_RPC_URL (an RPC of its chain) and
 * PORTICO_FARCASTER_CHAIN_ID (10 by default; also the `Chain ID` the messages must carry). Undefined (Farcaster
 * off) without a registry; a registry without an RPC URL, or a malformed value, fails at start with its name.
 *
 * @example
 * farcasterFromEnv({ PORTICO_FARCASTER_ID_REGISTRY: '0x…', PORTICO_FARCASTER_RPC_URL: 'http://127.0.0.1:8545', PORTICO_FARCASTER_CHAIN_ID: '31337' })
 */
export function farcasterFromEnv(env: NodeJS.ProcessEnv): FarcasterRegistryConfig | undefined {
  const registry = env.PORTICO_FARCASTER_ID_REGISTRY
  if (!registry) return undefined
  if (!isAddress(registry)) throw new Error(`PORTICO_FARCASTER_ID_REGISTRY: not an address: ${registry}.`)
  const rpcUrl = env.PORTICO_FARCASTER_RPC_URL
  if (!rpcUrl || !/^https?:\/\//.test(rpcUrl)) throw new Error('PORTICO_FARCASTER_RPC_URL must be the http(s) RPC URL of the IdRegistry chain.')
  const chainId = env.PORTICO_FARCASTER_CHAIN_ID ? Number(env.PORTICO_FARCASTER_CHAIN_ID) : FARCASTER_DEFAULT_CHAIN_ID
  if (!Number.isInteger(chainId) || chainId <= 0) throw new Error(`PORTICO_FARCASTER_CHAIN_ID: invalid chain id ${env.PORTICO_FARCASTER_CHAIN_ID}.`)
  return { idRegistry: getAddress(registry), rpcUrl, chainId }
}
