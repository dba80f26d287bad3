import { type Address, type PublicClient, getAddress, zeroAddress } from 'viem'
import type { ExchangeConfig } from '../config.js'
import { factoryAbi, pairAbi } from './abi.js'

/** One hop's reserves, ordered in the direction of the trade. */
export type Hop = { reserveIn: bigint; reserveOut: bigint }

/** A priced route: the token path, each hop's reserves and the amounts along it (as Router02 computes them). */
export interface Route {
  path: Address[]
  hops: Hop[]
  amounts: bigint[]
}

/**
 * Uniswap V2's getAmountOut (0.3 % fee), the same integer arithmetic as UniswapV2Library, so a quote equals the
 * router's getAmountsOut for the same reserves.
 *
 * @example
 * amountOut(1_000_000n, { reserveIn: 90_000_000_000n, reserveOut: 30n * 10n ** 18n })
 */
export function amountOut(amountIn: bigint, hop: Hop): bigint {
  const withFee = amountIn * 997n
  return (withFee * hop.reserveOut) / (hop.reserveIn * 1000n + withFee)
}

/**
 * How far a trade moves the price, in percent (0 to 100): the output against the output at the pools' mid prices,
 * the 0.3 % fee left out (it is not price movement). Four decimals.
 *
 * @example
 * priceImpact(route) // 0.0277
 */
export function priceImpact(route: Route): number {
  let mid = route.amounts[0]!
  for (const hop of route.hops) mid = (mid * hop.reserveOut * 997n) / (hop.reserveIn * 1000n)
  const out = route.amounts[route.amounts.length - 1]!
  if (mid <= 0n) return out > 0n ? 0 : 100
  const impact = Number(((mid - out) * 1_000_000n) / mid) / 10_000
  return Math.min(100, Math.max(0, impact))
}

/** Liquidity a Uniswap V2 pair locks forever at its creation: a pool with no more than this was drained. */
export const MINIMUM_LIQUIDITY = 1000n

/**
 * Reserves of the pool of `a` and `b`, ordered (a, b); undefined when there is no pool or it is empty: no reserves,
 * or drained (every provider withdrew, only the locked {@link MINIMUM_LIQUIDITY} is left, whose dust would quote
 * a near-total loss).
 */
export async function reserves(client: PublicClient, exchange: ExchangeConfig, a: Address, b: Address): Promise<Hop | undefined> {
  const pair = await client.readContract({ address: exchange.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })
  if (pair === zeroAddress) return undefined
  const [[r0, r1], token0, supply] = await Promise.all([
    client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'totalSupply' }),
  ])
  if (r0 === 0n || r1 === 0n || supply <= MINIMUM_LIQUIDITY) return undefined
  return getAddress(token0) === getAddress(a) ? { reserveIn: r0, reserveOut: r1 } : { reserveIn: r1, reserveOut: r0 }
}

/**
 * The best route for `amountIn` of `from` into `to`: the direct pool, or through WETH, whichever gives more.
 * Undefined when no pool joins them (or the pools would give nothing).
 *
 * @example
 * const route = await bestRoute(client, exchange, ptd, weth, 25_000_000n)
 */
export async function bestRoute(client: PublicClient, exchange: ExchangeConfig, from: Address, to: Address, amountIn: bigint): Promise<Route | undefined> {
  const weth = getAddress(exchange.weth)
  const paths: Address[][] = [[from, to]]
  if (from !== weth && to !== weth) paths.push([from, weth, to])
  const routes = await Promise.all(
    paths.map(async (path): Promise<Route | undefined> => {
      const hops = await Promise.all(path.slice(1).map((next, i) => reserves(client, exchange, path[i]!, next)))
      if (hops.some((h) => h === undefined)) return undefined
      const amounts = [amountIn]
      for (const hop of hops as Hop[]) amounts.push(amountOut(amounts[amounts.length - 1]!, hop))
      return { path, hops: hops as Hop[], amounts }
    }),
  )
  const out = (r: Route) => r.amounts[r.amounts.length - 1]!
  const best = routes.filter((r): r is Route => r !== undefined && out(r) > 0n).sort((x, y) => (out(y) > out(x) ? 1 : out(y) < out(x) ? -1 : 0))[0]
  return best
}
