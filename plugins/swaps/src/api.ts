import {
  ConvertAllowanceResponseSchema,
  ConvertBuildApproveResponseSchema,
  ConvertBuildTransactionResponseSchema,
  ConvertGasPriceResponseSchema,
  ConvertQuotesResponseSchema,
  ConvertTokensResponseSchema,
  FungiblePriceResponseSchema,
  type ConvertBuildApproveResponse,
  type ConvertBuildTransactionResponse,
  type ConvertQuotesResponse,
} from '@portico/contracts/api'
import { SLIPPAGE_TOLERANCE } from '@portico/contracts/spec'
import type { HttpClient } from '@portico/contracts/plugin'
import type { SwapTokenItem } from './tokens.js'

/** The api's token list is read at most this often per network (it changes with deployments, not trades). */
const TOKENS_CACHE_MS = 5 * 60_000
/** Prices and gas prices are kept briefly: quotes refresh every few seconds. */
const PRICE_CACHE_MS = 30_000

/** What the swap views ask of the api's convert endpoints (SPEC §7), each answer checked by its zod schema. */
export type SwapsApi = ReturnType<typeof createSwapsApi>

/** Thrown when an endpoint answers with something its schema refuses (read as a failure, never trusted). */
export class InvalidSwapResponseError extends Error {
  override name = 'InvalidSwapResponseError'
  constructor(path: string) {
    super(`The api sent an invalid answer to ${path}.`)
  }
}

const required = <T>(path: string, value: T | undefined): T => {
  if (value === undefined) throw new InvalidSwapResponseError(path)
  return value
}

/**
 * The convert endpoints through the kernel's HTTP client (which adds projectId, st, sv and throws
 * `HTTP status code: {n}` with the api's reason).
 *
 * @example
 * const api = createSwapsApi(kernel.http, kernel.options.projectId)
 * const { tokens } = await api.tokens('eip155:31337')
 */
export function createSwapsApi(http: HttpClient, projectId: string | undefined) {
  return {
    /** The swappable tokens of a network, with the suggested and popular symbols. */
    async tokens(chainId: string, forceUpdate = false) {
      const path = 'v1/convert/tokens'
      const res = required(path, await http.get({ path, query: { chainId }, schema: ConvertTokensResponseSchema, cacheMs: TOKENS_CACHE_MS, forceUpdate }))
      return { tokens: res.tokens, suggested: res.suggested ?? [], popular: res.popular ?? [] }
    },
    /** USD prices of CAIP-10 tokens (the native one under the placeholder address); unknown tokens are left out. */
    async prices(addresses: string[]): Promise<Record<string, number>> {
      const path = 'v1/fungible/price'
      if (addresses.length === 0) return {}
      const res = required(path, await http.post({ path, body: { currency: 'usd', addresses, projectId }, schema: FungiblePriceResponseSchema, cacheMs: PRICE_CACHE_MS }))
      return Object.fromEntries(res.fungibles.map((f) => [f.address.toLowerCase(), f.price]))
    },
    /** The network's standard gas price in wei. */
    async gasPrice(chainId: string): Promise<bigint> {
      const path = 'v1/convert/gas-price'
      const res = required(path, await http.get({ path, query: { chainId }, schema: ConvertGasPriceResponseSchema, cacheMs: 10_000 }))
      return BigInt(res.standard)
    },
    /** Quotes for selling `amount` units of `from` for `to`; empty when no route joins them. */
    async quotes(params: { amount: bigint; userAddress: string; from: string; to: string; gasPrice: bigint; signal?: AbortSignal }): Promise<ConvertQuotesResponse['quotes']> {
      const path = 'v1/convert/quotes'
      const { amount, userAddress, from, to, gasPrice, signal } = params
      const query = { amount: String(amount), userAddress, from, to, gasPrice: String(gasPrice) }
      return required(path, await http.get({ path, query, schema: ConvertQuotesResponseSchema, ...(signal ? { signal } : {}) })).quotes
    },
    /** What the exchange may spend of `tokenAddress` for `userAddress`, in units. */
    async allowance(tokenAddress: string, userAddress: string): Promise<bigint> {
      const path = 'v1/convert/allowance'
      const res = required(path, await http.get({ path, query: { tokenAddress, userAddress }, schema: ConvertAllowanceResponseSchema }))
      return BigInt(res.allowance)
    },
    /** The approval the swap of `amount` units of `from` needs. */
    async buildApprove(params: { userAddress: string; from: string; to: string; amount: bigint }): Promise<ConvertBuildApproveResponse['tx']> {
      const path = 'v1/convert/build-approve'
      const query = { userAddress: params.userAddress, from: params.from, to: params.to, amount: String(params.amount) }
      return required(path, await http.get({ path, query, schema: ConvertBuildApproveResponseSchema })).tx
    },
    /** The router call that swaps `amount` units of `from` for at least the quote less the slippage tolerance. */
    async buildTransaction(params: { userAddress: string; from: string; to: string; amount: bigint }): Promise<ConvertBuildTransactionResponse['tx']> {
      const path = 'v1/convert/build-transaction'
      const body = {
        amount: String(params.amount),
        eip155: { slippage: SLIPPAGE_TOLERANCE },
        projectId: projectId ?? '',
        from: params.from,
        to: params.to,
        userAddress: params.userAddress,
      }
      return required(path, await http.post({ path, body, schema: ConvertBuildTransactionResponseSchema })).tx
    },
  }
}

/** An api token as a swap token (no balance; the price filled in later). */
export const fromApiToken = (t: { name: string; symbol: string; address: string; decimals: number; logoUri: string }): SwapTokenItem => ({
  name: t.name,
  symbol: t.symbol,
  address: t.address,
  decimals: t.decimals,
  logoUri: t.logoUri,
  price: 0,
})
