import type { ApiTokenBalance } from '@portico/contracts/api'
import { erc20Abi, formatUnits, getAddress } from 'viem'
import type { ChainRuntime } from './chains.js'
import type { Logger } from './config.js'
import { ApiProblem } from './errors.js'
import type { Queryable } from './db/index.js'
import type { DataStore } from './store.js'
import { ReadCache } from './readCache.js'

/** Where icons live when a token or currency has no configured icon URL. */
export type IconUrlFor = (kind: 'token', id: string) => string

/**
 * Reads native and ERC-20 balances from the chains, priced from the price table. Results are cached in the
 * database (table balance_cache): replicas behind one load balancer then answer alike, and a `forceUpdate` on any
 * of them refreshes the entry for all (each process's in-memory copy of a hot entry, see ReadCache, lags by at
 * most `readCacheMs`). Expiry uses the database clock, so replicas with skewed clocks agree too. The key holds
 * chain, address, currency and the icon base URL, so replicas configured alike share entries and a differently
 * configured one never serves another's icon URLs.
 */
export class BalanceService {
  // Concurrent identical reads in this process share one RPC round trip instead of stampeding the node.
  private inflight = new Map<string, Promise<ApiTokenBalance[]>>()
  private writes = 0
  /** In front of balance_cache: a hot address is read from the database once per readCacheMs per process. */
  private readonly recent: ReadCache<ApiTokenBalance[]>

  constructor(
    private readonly db: Queryable,
    private readonly chains: Map<string, ChainRuntime>,
    private readonly store: DataStore,
    private readonly cacheMs: number,
    private readonly logger: Logger,
    readCacheMs = 0,
  ) {
    this.recent = new ReadCache(Math.min(readCacheMs, cacheMs))
  }

  /** Drops cached balances of a chain (after a chain reset) or of everything, for every replica. */
  async invalidate(chainId?: string): Promise<void> {
    this.recent.clear()
    if (chainId) await this.db.query('delete from balance_cache where chain_id = $1', [chainId])
    else await this.db.query('delete from balance_cache')
  }

  /**
   * Balances of `address` on one chain, or on all chains when `chainId` is undefined. A chain not configured here
   * yields nothing (the modal treats unsupported networks as empty). A requested chain that cannot be read is a
   * 502; with all chains, an unreachable one is left out so the others still show.
   */
  async get(
    address: `0x${string}`,
    options: { chainId?: string; currency: string; force: boolean; iconUrl: IconUrlFor },
  ): Promise<ApiTokenBalance[]> {
    if (options.chainId !== undefined) {
      const chain = this.chains.get(options.chainId)
      if (!chain) return []
      try {
        return await this.forChain(chain, address, options)
      } catch (error) {
        if (error instanceof ApiProblem) throw error
        throw new ApiProblem(502, 'CHAIN_UNAVAILABLE', `Could not read balances on ${chain.caip}: ${errorMessage(error)}`, [
          { name: 'chainId', description: `${chain.caip} is unavailable` },
        ])
      }
    }
    const results = await Promise.allSettled([...this.chains.values()].map((c) => this.forChain(c, address, options)))
    const balances: ApiTokenBalance[] = []
    for (const result of results) {
      if (result.status === 'fulfilled') balances.push(...result.value)
      else this.logger.warn(`balance read failed: ${errorMessage(result.reason)}`)
    }
    return balances
  }

  private async forChain(
    chain: ChainRuntime,
    address: `0x${string}`,
    options: { currency: string; force: boolean; iconUrl: IconUrlFor },
  ): Promise<ApiTokenBalance[]> {
    const key = `${chain.caip}|${address.toLowerCase()}|${options.currency}|${options.iconUrl('token', '')}`
    return this.cached(key, chain.caip, options.force, () => this.read(chain, address, options))
  }

  /**
   * The caching every chain's balances go through (eip155 here, solana in solana/balances.ts): this process's recent
   * reads, then balance_cache, else `read()` (one at a time per key) stored for `cacheMs`. `force` skips both.
   */
  async cached(key: string, chainId: string, force: boolean, read: () => Promise<ApiTokenBalance[]>): Promise<ApiTokenBalance[]> {
    if (!force) return this.recent.get(key, () => this.cachedOrRead(key, chainId, force, read))
    const balances = await this.cachedOrRead(key, chainId, force, read)
    this.recent.set(key, balances)
    return balances
  }

  /** From balance_cache unless `force`, else read from the chain (one read per key at a time) and stored. */
  private async cachedOrRead(
    key: string,
    chainId: string,
    force: boolean,
    readChain: () => Promise<ApiTokenBalance[]>,
  ): Promise<ApiTokenBalance[]> {
    if (!force) {
      const [hit] = await this.db.query<{ balances: ApiTokenBalance[] }>(
        'select balances from balance_cache where key = $1 and expires_at > now()',
        [key],
      )
      if (hit) return hit.balances
      const pending = this.inflight.get(key)
      if (pending) return pending
    }
    const read = readChain().finally(() => this.inflight.delete(key))
    this.inflight.set(key, read)
    const balances = await read
    await this.db.query(
      `insert into balance_cache (key, chain_id, balances, expires_at)
       values ($1, $2, $3, now() + $4 * interval '1 millisecond')
       on conflict (key) do update set balances = excluded.balances, expires_at = excluded.expires_at`,
      [key, chainId, JSON.stringify(balances), this.cacheMs],
    )
    // Expired rows are dropped now and then (by whichever replica writes), so the table stays the size of the
    // addresses seen within the cache time.
    if (++this.writes % 200 === 0)
      await this.db.query("delete from balance_cache where expires_at < now() - interval '1 minute'")
    return balances
  }

  private async read(
    chain: ChainRuntime,
    address: `0x${string}`,
    options: { currency: string; iconUrl: IconUrlFor },
  ): Promise<ApiTokenBalance[]> {
    const tokens = await this.store.listedTokens(chain.caip)
    const [native, ...tokenBalances] = await Promise.all([
      chain.client.getBalance({ address }),
      ...tokens.map((t) =>
        chain.client
          .readContract({ address: t.address as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
          .catch((error: unknown) => {
            // A listed token that is not (or no longer) a contract on this chain, e.g. after an anvil restart, must
            // not hide the other balances.
            this.logger.warn(`balanceOf ${t.address} on ${chain.caip} failed: ${errorMessage(error)}`)
            return 0n
          }),
      ),
    ])
    const prices = await this.store.prices(options.currency, [
      { chainId: chain.caip, asset: 'native' },
      ...tokens.map((t) => ({ chainId: chain.caip, asset: t.address })),
    ])
    const balances: ApiTokenBalance[] = []
    // Zero balances are left out: the list is the account's holdings, as the hosted API reports them.
    if (native > 0n) {
      balances.push(
        item({
          name: chain.native.name,
          symbol: chain.native.symbol,
          chainId: chain.caip,
          decimals: chain.native.decimals,
          raw: native,
          price: prices.get(`${chain.caip}|native`),
          iconUrl: chain.native.iconUrl ?? options.iconUrl('token', chain.native.symbol),
        }),
      )
    }
    tokens.forEach((token, i) => {
      const raw = tokenBalances[i] as bigint
      if (raw <= 0n || token.decimals === null) return
      balances.push(
        item({
          name: token.name ?? token.symbol ?? 'Unknown token',
          symbol: token.symbol ?? '',
          chainId: chain.caip,
          address: `${chain.caip}:${getAddress(token.address)}`,
          decimals: token.decimals,
          raw,
          price: prices.get(`${chain.caip}|${token.address}`),
          iconUrl: token.iconUrl ?? options.iconUrl('token', token.symbol ?? 'unknown'),
        }),
      )
    })
    return balances
  }
}

/** One balance entry of the SPEC §7 shape from a raw integer amount and its decimals. */
export function item(t: {
  name: string
  symbol: string
  chainId: string
  address?: string
  decimals: number
  raw: bigint
  price: number | undefined
  iconUrl: string
}): ApiTokenBalance {
  const numeric = formatUnits(t.raw, t.decimals)
  const price = t.price ?? 0
  return {
    name: t.name,
    symbol: t.symbol,
    chainId: t.chainId,
    ...(t.address ? { address: t.address } : {}),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(t.decimals), numeric },
    iconUrl: t.iconUrl,
  }
}

/** A short message for logs and error bodies (viem errors carry long multi-line details). */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string')
    return error.shortMessage
  return error instanceof Error ? error.message.split('\n')[0] : String(error)
}
