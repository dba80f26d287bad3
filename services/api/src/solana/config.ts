import { z } from 'zod'
import type { Prices } from '../config.js'
import { SolanaAddressSchema } from './rpc.js'

/** An SPL token (SPL Token or Token-2022 mint) whose balances and transfers the API reports on a Solana chain. */
export interface SolanaTokenConfig {
  /** Base58 mint address. */
  mint: string
  name: string
  symbol: string
  decimals: number
  iconUrl?: string
  prices?: Prices
}

/** A Solana chain the API serves: balances and history read on demand from its JSON-RPC. */
export interface SolanaChainConfig {
  rpcUrl: string
  /**
   * CAIP-2 id (`solana:` and the first 32 characters of the genesis hash). Default: read from the chain with
   * `getGenesisHash` at start.
   */
  caipNetworkId?: string
  name?: string
  /** Fiat prices of SOL (seeded into the price table at start). */
  nativePrices?: Prices
  tokens?: SolanaTokenConfig[]
}

declare module '../config.js' {
  interface ApiServerOptions {
    /** Solana chains to serve (default none; `PORTICO_SOLANA_RPC_URL` adds the local one, see env.ts). */
    solana?: SolanaChainConfig[]
  }
}

/** SOL: 9 decimals (SPEC §3). */
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

const prices = z.record(z.string().regex(/^[a-z]{3}$/), z.number().nonnegative())

/** The `solana` list of the PORTICO_API_CONFIG file (see ConfigFileSchema). */
export const SolanaChainsFileSchema = z.array(
  z.object({
    rpcUrl: z.url(),
    caipNetworkId: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/, 'Invalid CAIP-2 network id: expected solana: and 32 base58 characters').optional(),
    name: z.string().optional(),
    nativePrices: prices.optional(),
    tokens: z
      .array(
        z.object({
          mint: SolanaAddressSchema,
          name: z.string(),
          symbol: z.string(),
          decimals: z.number().int().min(0).max(255),
          iconUrl: z.string().optional(),
          prices: prices.optional(),
        }),
      )
      .optional(),
  }),
)

/** CAIP-2 id of a Solana chain from its genesis hash (CAIP-30: the first 32 characters). */
export const solanaCaipNetworkId = (genesisHash: string) => `solana:${genesisHash.slice(0, 32)}`
