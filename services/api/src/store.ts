import type { ChainConfig, Prices, TokenConfig } from './config.js'
import { caipNetworkId } from './config.js'
import type { Queryable } from './db/index.js'
import { ReadCache } from './readCache.js'

/** A token row. */
export interface TokenRecord {
  chainId: string
  address: string
  name: string | null
  symbol: string | null
  decimals: number | null
  iconUrl: string | null
  listed: boolean
}

interface TokenRow {
  chain_id: string
  address: string
  name: string | null
  symbol: string | null
  decimals: number | null
  icon_url: string | null
  listed: boolean
}

const toToken = (r: TokenRow): TokenRecord => ({
  chainId: r.chain_id,
  address: r.address,
  name: r.name,
  symbol: r.symbol,
  decimals: r.decimals,
  iconUrl: r.icon_url,
  listed: r.listed,
})

/** Typed access to the tokens, prices and names tables. Addresses are stored lowercase. */
export class DataStore {
  /** Recent identities (see ReadCache); a name written by this process clears it. */
  private readonly identities: ReadCache<{ name: string | null; avatar: string | null }>

  constructor(
    private readonly db: Queryable,
    readCacheMs = 0,
  ) {
    this.identities = new ReadCache(readCacheMs)
  }

  /** Adds or updates a token; `listed` tokens are read for balances. */
  async upsertToken(chainId: string, token: Omit<TokenConfig, 'prices'>, listed = true): Promise<void> {
    await this.db.query(
      `insert into tokens (chain_id, address, name, symbol, decimals, icon_url, listed) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (chain_id, address) do update set name = excluded.name, symbol = excluded.symbol,
         decimals = excluded.decimals, icon_url = excluded.icon_url, listed = tokens.listed or excluded.listed`,
      [chainId, token.address.toLowerCase(), token.name, token.symbol, token.decimals, token.iconUrl ?? null, listed],
    )
  }

  /** Records what the indexer learnt about a token it met in a log, without listing it. */
  async rememberToken(token: Omit<TokenRecord, 'listed' | 'iconUrl'>): Promise<void> {
    await this.db.query(
      `insert into tokens (chain_id, address, name, symbol, decimals, listed) values ($1, $2, $3, $4, $5, false)
       on conflict (chain_id, address) do nothing`,
      [token.chainId, token.address.toLowerCase(), token.name, token.symbol, token.decimals],
    )
  }

  /** Listed tokens of a chain. */
  async listedTokens(chainId: string): Promise<TokenRecord[]> {
    const rows = await this.db.query<TokenRow>(
      'select * from tokens where chain_id = $1 and listed order by address',
      [chainId],
    )
    return rows.map(toToken)
  }

  /** Tokens by (chain, address) pairs. */
  async tokens(keys: readonly { chainId: string; address: string }[]): Promise<Map<string, TokenRecord>> {
    const result = new Map<string, TokenRecord>()
    if (keys.length === 0) return result
    const rows = await this.db.query<TokenRow>(
      `select t.* from tokens t join unnest($1::text[], $2::text[]) as k(chain_id, address)
         on t.chain_id = k.chain_id and t.address = k.address`,
      [keys.map((k) => k.chainId), keys.map((k) => k.address.toLowerCase())],
    )
    for (const row of rows) result.set(`${row.chain_id}|${row.address}`, toToken(row))
    return result
  }

  /** Sets a price; `asset` is 'native' or a token address. */
  async setPrice(chainId: string, asset: string, currency: string, price: number): Promise<void> {
    await this.db.query(
      `insert into prices (chain_id, asset, currency, price) values ($1, $2, $3, $4)
       on conflict (chain_id, asset, currency) do update set price = excluded.price, updated_at = now()`,
      [chainId, asset.toLowerCase(), currency.toLowerCase(), price],
    )
  }

  /** Prices of several assets in one currency, keyed `chainId|asset`. */
  async prices(currency: string, keys: readonly { chainId: string; asset: string }[]): Promise<Map<string, number>> {
    const result = new Map<string, number>()
    if (keys.length === 0) return result
    const rows = await this.db.query<{ chain_id: string; asset: string; price: string }>(
      `select p.chain_id, p.asset, p.price::text as price from prices p
         join unnest($1::text[], $2::text[]) as k(chain_id, asset) on p.chain_id = k.chain_id and p.asset = k.asset
       where p.currency = $3`,
      [keys.map((k) => k.chainId), keys.map((k) => k.asset.toLowerCase()), currency.toLowerCase()],
    )
    for (const row of rows) result.set(`${row.chain_id}|${row.asset}`, Number(row.price))
    return result
  }

  /** Registers (or moves) a name to an address (seeding and tests), replacing the address's other name. */
  async setName(name: string, address: string, avatar: string | null = null): Promise<void> {
    // one name per address (unique index): the address's previous name goes
    await this.db.query('delete from names where address = $1 and name <> $2', [address.toLowerCase(), name])
    await this.db.query(
      `insert into names (name, address, avatar) values ($1, $2, $3)
       on conflict (name) do update set address = excluded.address, avatar = excluded.avatar, updated_at = now()`,
      [name, address.toLowerCase(), avatar],
    )
    this.forgetIdentities()
  }

  /** Drops the cached identities: after a name was written, any of them may be stale (a name may have moved). */
  forgetIdentities(): void {
    this.identities.clear()
  }

  /** The identity of an address: its most recently updated name. */
  async identity(address: string): Promise<{ name: string | null; avatar: string | null }> {
    return this.identities.get(address.toLowerCase(), () => this.readIdentity(address))
  }

  private async readIdentity(address: string): Promise<{ name: string | null; avatar: string | null }> {
    const [row] = await this.db.query<{ name: string; avatar: string | null }>(
      'select name, avatar from names where address = $1 order by updated_at desc, name limit 1',
      [address.toLowerCase()],
    )
    return { name: row?.name ?? null, avatar: row?.avatar ?? null }
  }

  /** Writes configured tokens and prices of the chains (idempotent, at every start). */
  async seedChains(chains: readonly ChainConfig[]): Promise<void> {
    for (const chain of chains) {
      const caip = caipNetworkId(chain.chainId)
      await this.seedPrices(caip, 'native', chain.nativePrices)
      for (const token of chain.tokens ?? []) {
        await this.upsertToken(caip, token, true)
        await this.seedPrices(caip, token.address, token.prices)
      }
    }
  }

  private async seedPrices(chainId: string, asset: string, prices: Prices | undefined) {
    for (const [currency, price] of Object.entries(prices ?? {})) await this.setPrice(chainId, asset, currency, price)
  }
}
