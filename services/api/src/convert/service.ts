import {
  NATIVE_TOKEN_PLACEHOLDER_ADDRESS,
  type ApiSwapToken,
  type ConvertBuildApproveResponse,
  type ConvertBuildTransactionResponse,
  type ConvertGasPriceResponse,
  type ConvertQuotesResponse,
} from '@portico/contracts/api'
import { type Address, BaseError, type Hex, HttpRequestError, TimeoutError, encodeFunctionData, getAddress, maxUint256 } from 'viem'
import type { IconUrlFor } from '../balances.js'
import type { ChainRuntime } from '../chains.js'
import { ApiProblem } from '../errors.js'
import { erc20Abi, routerAbi } from './abi.js'
import { type SwapAsset, gasChain, invalid, resolveAsset, resolvePair, splitCaip10, swapChain } from './assets.js'
import { bestRoute, priceImpact, reserves } from './pools.js'

/** How long a built swap stays valid: its deadline is the later of the latest block's time and now, plus this. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** Symbols offered first in the token selector, when the chain has them. */
export const SUGGESTED_SWAP_SYMBOLS = ['ETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'PTD', 'PTE']
/** Symbols of the popular row, when the chain has them. */
export const POPULAR_SWAP_SYMBOLS = ['ETH', 'USDC', 'USDT', 'PTD']
/** Gas limits used when estimation is turned off: per swap (plus per extra hop) and per approval. */
const FALLBACK_GAS = { swap: 200_000n, hop: 100_000n, approve: 60_000n }

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error))

/** Runs a chain read; a failure is a 502 CHAIN_UNAVAILABLE naming the chain, never a 500. */
async function onChain<T>(chain: ChainRuntime, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiProblem) throw error
    throw new ApiProblem(502, 'CHAIN_UNAVAILABLE', `Could not read ${what} on ${chain.caip}: ${message(error)}`, [{ name: 'chainId', description: chain.caip }])
  }
}

const positive = (amount: string, field = 'amount') => {
  const value = BigInt(amount)
  if (value === 0n) throw invalid(field, `${field} must be more than 0`)
  if (value > maxUint256) throw invalid(field, `${field} must fit in 256 bits`)
  return value
}

/**
 * The convert (swap) endpoints over the Uniswap V2 deployments of the configured chains: tokens, quotes from the
 * pools' reserves, allowances, gas prices, and approve and swap transactions for Router02.
 */
export class ConvertService {
  constructor(private readonly chains: Map<string, ChainRuntime>) {}

  /**
   * The native currency and the configured tokens that have a pool (with WETH or another configured token).
   *
   * @example
   * await convert.tokens('eip155:31337', iconUrl) // { tokens: [ETH, PTD, PTE], suggested, popular }
   */
  async tokens(caip2: string, iconUrl: IconUrlFor): Promise<{ tokens: ApiSwapToken[]; suggested: string[]; popular: string[] }> {
    const chain = swapChain(this.chains, caip2)
    const configured = chain.config.tokens ?? []
    const weth = getAddress(chain.exchange.weth)
    const liquid = await onChain(chain, 'pools', () =>
      Promise.all(
        configured.map(async (token) => {
          const others = [weth, ...configured.map((t) => getAddress(t.address))].filter((a) => a !== getAddress(token.address))
          const pools = await Promise.all(others.map((other) => reserves(chain.client, chain.exchange, getAddress(token.address), other)))
          return pools.some((p) => p !== undefined)
        }),
      ),
    )
    const native = chain.native
    const tokens: ApiSwapToken[] = [
      { name: native.name, symbol: native.symbol, address: `${caip2}:${NATIVE_TOKEN_PLACEHOLDER_ADDRESS}`, decimals: native.decimals, logoUri: native.iconUrl ?? iconUrl('token', native.symbol), eip2612: false },
      ...configured
        .filter((_, i) => liquid[i])
        .map((t) => ({ name: t.name, symbol: t.symbol, address: `${caip2}:${getAddress(t.address)}`, decimals: t.decimals, logoUri: t.iconUrl ?? iconUrl('token', t.symbol), eip2612: false })),
    ]
    const symbols = new Set(tokens.map((t) => t.symbol))
    return { tokens, suggested: SUGGESTED_SWAP_SYMBOLS.filter((s) => symbols.has(s)), popular: POPULAR_SWAP_SYMBOLS.filter((s) => symbols.has(s)) }
  }

  /**
   * A quote from the pools' current reserves (the best of the direct pool and the route through WETH); no quote
   * when no pool joins the tokens.
   *
   * @example
   * await convert.quotes({ from: 'eip155:31337:0x5FbD…', to: 'eip155:31337:0xeeee…', amount: '25000000' })
   */
  async quotes(q: { from: string; to: string; amount: string }): Promise<ConvertQuotesResponse> {
    const { from, to } = resolvePair(this.chains, q.from, q.to)
    const amountIn = positive(q.amount)
    const route = await onChain(from.chain, 'pools', () => bestRoute(from.chain.client, from.chain.exchange, from.address, to.address, amountIn))
    if (!route) return { quotes: [] }
    const out = route.amounts[route.amounts.length - 1]!
    return {
      quotes: [{ id: null, fromAmount: amountIn.toString(), fromAccount: from.caip10, toAmount: out.toString(), toAccount: to.caip10, priceImpact: priceImpact(route) }],
    }
  }

  /**
   * What the router may spend of a token for an owner; the native currency needs no approval (maximum uint256).
   *
   * @example
   * await convert.allowance('eip155:31337:0x5FbD…', 'eip155:31337:0xf39F…') // '0'
   */
  async allowance(tokenAddress: string, userAddress: string): Promise<string> {
    const token = resolveAsset(this.chains, tokenAddress, 'tokenAddress')
    const owner = splitCaip10(userAddress, 'userAddress').address
    if (token.native) return maxUint256.toString()
    const value = await onChain(token.chain, 'the allowance', () =>
      token.chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'allowance', args: [owner, token.chain.exchange.router] }),
    )
    return value.toString()
  }

  /**
   * Gas prices of a served chain: the node's price as standard, +10 % as fast and +25 % as instant (wei).
   *
   * @example
   * await convert.gasPrice('eip155:31337') // { standard: '1000000000', fast: '1100000000', instant: '1250000000' }
   */
  async gasPrice(caip2: string): Promise<ConvertGasPriceResponse> {
    const chain = gasChain(this.chains, caip2)
    const price = await onChain(chain, 'the gas price', () => chain.client.getGasPrice())
    return { standard: price.toString(), fast: ((price * 110n) / 100n).toString(), instant: ((price * 125n) / 100n).toString() }
  }

  /**
   * An ERC-20 approve of the router for `amount` of `from` (the maximum when absent), sent by `userAddress`.
   *
   * @example
   * await convert.buildApprove({ from: 'eip155:31337:0x5FbD…', to: 'eip155:31337:0xeeee…', userAddress, amount: '25000000' })
   */
  async buildApprove(q: { from: string; to: string; userAddress: string; amount?: string }): Promise<ConvertBuildApproveResponse> {
    const { from } = resolvePair(this.chains, q.from, q.to)
    if (from.native) throw invalid('from', 'The native currency needs no approval: from must be a token')
    const user = splitCaip10(q.userAddress, 'userAddress').address
    const amount = q.amount === undefined ? maxUint256 : BigInt(q.amount)
    if (amount > maxUint256) throw invalid('amount', 'amount must fit in 256 bits')
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [from.chain.exchange.router, amount] })
    const [gas, gasPrice] = await Promise.all([
      this.estimate(from.chain, { account: user, to: from.address, data, value: 0n }, FALLBACK_GAS.approve),
      onChain(from.chain, 'the gas price', () => from.chain.client.getGasPrice()),
    ])
    return { tx: { from: q.userAddress, to: `${from.chain.caip}:${from.address}`, data, value: '0', eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } } }
  }

  /**
   * Router02 calldata for an exact-input swap with `slippage` percent as the minimum output and a deadline:
   * swapExactETHForTokens from the native currency, swapExactTokensForETH to it, swapExactTokensForTokens otherwise.
   * The gas is estimated from `userAddress` (a swap that would fail is refused, 400) unless `disableEstimate`.
   *
   * @example
   * await convert.buildTransaction({ from, to, userAddress, amount: '25000000', slippage: 1 })
   */
  async buildTransaction(q: { from: string; to: string; userAddress: string; amount: string; slippage: string | number; disableEstimate?: boolean }): Promise<ConvertBuildTransactionResponse> {
    const { from, to } = resolvePair(this.chains, q.from, q.to)
    const user = splitCaip10(q.userAddress, 'userAddress').address
    const amountIn = positive(q.amount)
    const slippage = typeof q.slippage === 'number' ? q.slippage : q.slippage.trim() === '' ? Number.NaN : Number(q.slippage)
    if (!Number.isFinite(slippage) || slippage < 0 || slippage > 50)
      throw invalid('eip155.slippage', 'eip155.slippage must be a percentage from 0 to 50')
    const chain = from.chain
    const [route, block] = await onChain(chain, 'pools', () =>
      Promise.all([bestRoute(chain.client, chain.exchange, from.address, to.address, amountIn), chain.client.getBlock({ blockTag: 'latest' })]),
    )
    if (!route) throw invalid('to', `No pool route from ${from.caip10} to ${to.caip10}`)
    const out = route.amounts[route.amounts.length - 1]!
    const minOut = (out * (10_000n - BigInt(Math.round(slippage * 100)))) / 10_000n
    // the chain's clock, or ours when its latest block is older (an idle dev chain mines no blocks)
    const now = BigInt(Math.floor(Date.now() / 1000))
    const deadline = (block.timestamp > now ? block.timestamp : now) + BigInt(SWAP_DEADLINE_SECONDS)
    const data = swapCalldata(from, to, route.path, amountIn, minOut, user, deadline)
    const value = from.native ? amountIn : 0n
    const fallback = FALLBACK_GAS.swap + FALLBACK_GAS.hop * BigInt(route.path.length - 2)
    const [gas, gasPrice] = await Promise.all([
      q.disableEstimate ? Promise.resolve(fallback) : this.estimate(chain, { account: user, to: chain.exchange.router, data, value }, undefined),
      onChain(chain, 'the gas price', () => chain.client.getGasPrice()),
    ])
    return {
      tx: { from: q.userAddress, to: `${chain.caip}:${getAddress(chain.exchange.router)}`, data, amount: value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } },
    }
  }

  /** Estimates gas (+20 %); without a fallback a failing simulation is a 400 naming the chain's reason. */
  private async estimate(chain: ChainRuntime, tx: { account: Address; to: Address; data: Hex; value: bigint }, fallback: bigint | undefined): Promise<bigint> {
    try {
      return ((await chain.client.estimateGas(tx)) * 120n) / 100n
    } catch (error) {
      const unreachable = error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
      if (unreachable) return onChain(chain, 'a gas estimate', () => Promise.reject(error))
      if (fallback !== undefined) return fallback
      const reason = /reverted with reason string '([^']+)'|reverted: (.+)/.exec(message(error))
      throw invalid('transaction', `The swap would fail on ${chain.caip}: ${reason?.[1] ?? reason?.[2] ?? message(error)} (check the balance and the allowance)`)
    }
  }
}

function swapCalldata(from: SwapAsset, to: SwapAsset, path: Address[], amountIn: bigint, minOut: bigint, user: Address, deadline: bigint): Hex {
  if (from.native) return encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [minOut, path, user, deadline] })
  if (to.native) return encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForETH', args: [amountIn, minOut, path, user, deadline] })
  return encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [amountIn, minOut, path, user, deadline] })
}
