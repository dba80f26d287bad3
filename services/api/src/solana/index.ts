import type { ApiTokenBalance, HistoryResponse } from '@portico/contracts/api'
import type { BalanceService, IconUrlFor } from '../balances.js'
import { errorMessage } from '../balances.js'
import type { Logger } from '../config.js'
import { ApiProblem } from '../errors.js'
import { ReadCache } from '../readCache.js'
import type { DataStore } from '../store.js'
import { readSolanaBalances } from './balances.js'
import { SolanaChains, type SolanaChainRuntime } from './chains.js'
import type { SolanaChainConfig } from './config.js'
import { SolanaHistory } from './history.js'
import { SolanaAddressSchema } from './rpc.js'

export { SolanaChainsFileSchema, solanaCaipNetworkId, type SolanaChainConfig, type SolanaTokenConfig } from './config.js'
export type { SolanaChainRuntime } from './chains.js'

/** True for a base58 Solana address (32 to 44 characters), the account kind the solana chains answer for. */
export const isSolanaAddress = (address: string) => SolanaAddressSchema.safeParse(address).success

/** Options of {@link SolanaService}. */
export interface SolanaServiceOptions {
  store: DataStore
  /** Caches balances exactly like eip155 balances (balance_cache, forceUpdate). */
  balances: BalanceService
  logger: Logger
  rpcTimeoutMs: number
  historyPageSize: number
  /** How long a history page is kept in this process (default 1 s; 0 off): the chain is read on demand. */
  historyCacheMs?: number
}

/**
 * Balances and history of Solana accounts on the configured Solana chains (SPEC §7 shapes). Nothing is indexed:
 * both are read from the chain's JSON-RPC when asked, balances cached like eip155 ones, history pages for a moment.
 *
 * @example
 * const solana = new SolanaService([{ rpcUrl: 'http://127.0.0.1:8899' }], { store, balances, logger, rpcTimeoutMs: 5_000, historyPageSize: 20 })
 * await solana.open()
 * await solana.balances(owner, { chainId: solana.chainIds()[0], currency: 'usd', force: false, iconUrl })
 */
export class SolanaService {
  private readonly chains: SolanaChains
  private readonly history: SolanaHistory
  private readonly pages: ReadCache<HistoryResponse>

  constructor(
    configs: readonly SolanaChainConfig[],
    private readonly options: SolanaServiceOptions,
  ) {
    this.chains = new SolanaChains(configs, options.store, options.logger, options.rpcTimeoutMs)
    this.history = new SolanaHistory(options.store, options.historyPageSize)
    this.pages = new ReadCache(options.historyCacheMs ?? 1_000, 1_000)
  }

  /** Asks each configured chain for its CAIP-2 id (when not configured) and seeds prices. */
  open(): Promise<void> {
    return this.chains.open()
  }

  /** CAIP-2 ids of the Solana chains served now (a chain that did not answer yet is asked again, see retry). */
  async servedChainIds(): Promise<string[]> {
    await this.chains.retry()
    return this.chainIds()
  }

  /** CAIP-2 ids of the Solana chains served. */
  chainIds(): string[] {
    return [...this.chains.byId.keys()]
  }

  /** RPC URL of each served Solana chain, by CAIP-2 id. */
  rpcUrls(): Map<string, string> {
    return new Map([...this.chains.byId].map(([caip, chain]) => [caip, chain.config.rpcUrl]))
  }

  /**
   * Balances of `owner` on one Solana chain, or on all when `chainId` is undefined. An unknown chain yields nothing;
   * a requested chain that cannot be read is a 502; with all chains an unreachable one is left out.
   */
  async balances(owner: string, options: { chainId?: string; currency: string; force: boolean; iconUrl: IconUrlFor }): Promise<ApiTokenBalance[]> {
    const read = (chain: SolanaChainRuntime) => {
      const key = `${chain.caip}|${owner}|${options.currency}|${options.iconUrl('token', '')}`
      return this.options.balances.cached(key, chain.caip, options.force, () => readSolanaBalances(chain, this.options.store, owner, options))
    }
    if (options.chainId !== undefined) {
      const chain = this.chains.byId.get(options.chainId)
      if (!chain) return []
      return this.unavailable(chain, 'balances', () => read(chain))
    }
    const results = await Promise.allSettled([...this.chains.byId.values()].map(read))
    const balances: ApiTokenBalance[] = []
    for (const result of results) {
      if (result.status === 'fulfilled') balances.push(...result.value)
      else this.options.logger.warn(`solana balance read failed: ${errorMessage(result.reason)}`)
    }
    return balances
  }

  /**
   * One page of `owner`'s history on `chainId` (newest first, `next` cursor). Without `chainId`, the first served
   * Solana chain's (history pages do not mix chains: each chain has its own cursor). Unknown chain: empty.
   */
  async page(owner: string, options: { chainId?: string; cursor?: string; iconUrl: IconUrlFor }): Promise<HistoryResponse> {
    const chain = options.chainId !== undefined ? this.chains.byId.get(options.chainId) : this.chains.byId.values().next().value
    if (!chain) return { data: [], next: null }
    const key = `${chain.caip}|${owner}|${options.cursor ?? ''}|${options.iconUrl('token', '')}`
    return this.unavailable(chain, 'history', () => this.pages.get(key, () => this.history.page(chain, owner, options)))
  }

  private async unavailable<T>(chain: SolanaChainRuntime, what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      if (error instanceof ApiProblem) throw error
      throw new ApiProblem(502, 'CHAIN_UNAVAILABLE', `Could not read ${what} on ${chain.caip}: ${errorMessage(error)}`, [
        { name: 'chainId', description: `${chain.caip} is unavailable` },
      ])
    }
  }
}

declare module '../routes/context.js' {
  interface RouteDeps {
    /** Solana accounts' balances and history. */
    solana: SolanaService
  }
}
