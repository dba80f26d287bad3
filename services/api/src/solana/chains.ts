import type { Logger } from '../config.js'
import type { DataStore } from '../store.js'
import { type SolanaChainConfig, type SolanaTokenConfig, SOL, solanaCaipNetworkId } from './config.js'
import { GenesisHashSchema, type SolanaRpc, solanaRpc } from './rpc.js'

/** A configured Solana chain with its RPC client, once its CAIP-2 id is known. */
export interface SolanaChainRuntime {
  config: SolanaChainConfig
  /** CAIP-2 id, e.g. `solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP`. */
  caip: string
  native: { name: string; symbol: string; decimals: number; iconUrl?: string }
  rpc: SolanaRpc
  /** Listed tokens by mint. */
  tokens: ReadonlyMap<string, SolanaTokenConfig>
}

/**
 * Opens the configured Solana chains: a chain without a configured `caipNetworkId` is asked for its genesis hash.
 * A chain that cannot be reached at start is left out with a warning (the api serves the others) and asked again
 * by {@link SolanaChains.retry}, so a chain started after the api joins later. Prices of SOL and of the listed
 * tokens are seeded into the price table.
 */
export class SolanaChains {
  readonly byId = new Map<string, SolanaChainRuntime>()
  private pending: SolanaChainConfig[]
  private retrying: Promise<void> | undefined
  private lastTry = 0

  constructor(
    configs: readonly SolanaChainConfig[],
    private readonly store: DataStore,
    private readonly logger: Logger,
    private readonly rpcTimeoutMs: number,
    /** Least time between two attempts at chains that did not answer. */
    private readonly retryMs = 5_000,
  ) {
    this.pending = [...configs]
  }

  /** Resolves every pending chain once (at start). */
  async open(): Promise<void> {
    this.lastTry = Date.now()
    const left: SolanaChainConfig[] = []
    for (const config of this.pending) {
      const rpc = solanaRpc(config.rpcUrl, this.rpcTimeoutMs)
      try {
        const caip = config.caipNetworkId ?? solanaCaipNetworkId(await rpc('getGenesisHash', [], GenesisHashSchema))
        if (this.byId.has(caip)) throw new Error(`chain ${caip} is configured twice`)
        await this.seedPrices(caip, config)
        this.byId.set(caip, {
          config,
          caip,
          native: SOL,
          rpc,
          tokens: new Map((config.tokens ?? []).map((t) => [t.mint, t])),
        })
        this.logger.info(`solana chain ${caip} at ${config.rpcUrl}`)
      } catch (error) {
        if (error instanceof Error && error.message.includes('configured twice')) throw error
        this.logger.warn(`solana chain at ${config.rpcUrl} is not served for now: ${error instanceof Error ? error.message : String(error)}`)
        left.push(config)
      }
    }
    this.pending = left
  }

  /** Tries the chains that did not answer again, at most once per `retryMs`; resolves when that attempt is done. */
  retry(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve()
    if (this.retrying) return this.retrying
    if (Date.now() - this.lastTry < this.retryMs) return Promise.resolve()
    this.retrying = this.open().finally(() => (this.retrying = undefined))
    return this.retrying
  }

  private async seedPrices(caip: string, config: SolanaChainConfig) {
    for (const [currency, price] of Object.entries(config.nativePrices ?? {})) await this.store.setPrice(caip, 'native', currency, price)
    for (const token of config.tokens ?? [])
      for (const [currency, price] of Object.entries(token.prices ?? {})) await this.store.setPrice(caip, token.mint, currency, price)
  }
}
