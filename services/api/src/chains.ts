import { createPublicClient, http, type PublicClient } from 'viem'
import { type ChainConfig, DEFAULT_NATIVE_CURRENCY, caipNetworkId } from './config.js'

/** A configured chain with its RPC client. */
export interface ChainRuntime {
  config: ChainConfig
  /** CAIP-2 id, e.g. `eip155:31337`. */
  caip: string
  native: { name: string; symbol: string; decimals: number; iconUrl?: string }
  client: PublicClient
}

/**
 * Builds one RPC client per chain. Calls are batched into JSON-RPC batches (many balanceOf reads per request) and
 * never retried by viem: the indexer has its own backoff and a request should fail fast when a chain is down.
 */
export function createChainRuntimes(configs: readonly ChainConfig[], rpcTimeoutMs: number): Map<string, ChainRuntime> {
  const chains = new Map<string, ChainRuntime>()
  for (const config of configs) {
    const caip = caipNetworkId(config.chainId)
    if (chains.has(caip)) throw new Error(`chain ${caip} is configured twice`)
    chains.set(caip, {
      config,
      caip,
      native: config.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY,
      client: createPublicClient({
        transport: http(config.rpcUrl, { batch: { wait: 0 }, retryCount: 0, timeout: rpcTimeoutMs }),
      }),
    })
  }
  return chains
}
