import { type Address, erc20Abi as viemErc20Abi, getAddress } from 'viem'
import type { ChainRuntime } from '../chains.js'
import type { DataStore } from '../store.js'
import { reserves } from './pools.js'

/** A token priced from the pools, with what the chain says about it. */
export interface PoolPrice {
  price: number
  name: string
  symbol: string
  decimals: number
}

const units = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals

/**
 * The price of a token that has no configured price, from the chain's pools: against WETH (priced as the native
 * currency), else against a configured token with a price. Undefined without an exchange, a pool or a priced side.
 * Name, symbol and decimals come from the token table, else from the token contract.
 *
 * @example
 * await poolPrice(chains, store, 'eip155:31337', weth, 'usd') // { price: 3000, symbol: 'WETH', … }
 */
export async function poolPrice(chains: Map<string, ChainRuntime>, store: DataStore, caip2: string, token: Address, currency: string): Promise<PoolPrice | undefined> {
  const chain = chains.get(caip2)
  const exchange = chain?.config.exchange
  if (!chain || !exchange) return undefined
  const address = getAddress(token)
  const weth = getAddress(exchange.weth)
  const known = (await store.tokens([{ chainId: caip2, address }])).get(`${caip2}|${address.toLowerCase()}`)
  const read = <T>(functionName: 'name' | 'symbol' | 'decimals') => chain.client.readContract({ address, abi: viemErc20Abi, functionName }) as Promise<T>
  const [name, symbol, decimals] = await Promise.all([
    known?.name ?? read<string>('name'),
    known?.symbol ?? read<string>('symbol'),
    known?.decimals ?? read<number>('decimals'),
  ])
  const meta = { name: name ?? symbol, symbol, decimals: Number(decimals) }
  // the counterparts: WETH at the native price, then the configured tokens at theirs
  const counterparts = [
    { address: weth, decimals: chain.native.decimals, asset: 'native' },
    ...(chain.config.tokens ?? []).map((t) => ({ address: getAddress(t.address), decimals: t.decimals, asset: t.address.toLowerCase() })),
  ].filter((c) => c.address !== address || c.asset === 'native')
  const prices = await store.prices(currency, counterparts.map((c) => ({ chainId: caip2, asset: c.asset })))
  if (address === weth) {
    const price = prices.get(`${caip2}|native`)
    return price === undefined ? undefined : { price, ...meta }
  }
  for (const c of counterparts) {
    const price = prices.get(`${caip2}|${c.asset}`)
    if (price === undefined) continue
    const pool = await reserves(chain.client, exchange, address, c.address)
    if (!pool) continue
    return { price: (price * units(pool.reserveOut, c.decimals)) / units(pool.reserveIn, meta.decimals), ...meta }
  }
  return undefined
}
