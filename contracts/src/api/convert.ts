import { z } from 'zod'
import { ApiCaipAddressSchema, ApiCaipNetworkIdSchema, CommonQuerySchema } from './common.js'

/*
 * Swap ("convert") endpoints of SPEC §7, served by services/api from Uniswap V2 pools on its chains. Amounts are
 * whole numbers of the token's smallest unit (wei for the native currency) as decimal strings; tokens are CAIP-10
 * ids, the native currency being `<chain>:0xeeee…eeee` (NATIVE_TOKEN_PLACEHOLDER_ADDRESS).
 */

/** The error message of every convert endpoint but gas-price on a chain without an exchange (SPEC §8). */
export const SWAPS_UNSUPPORTED_MESSAGE = 'Network not supported for Swaps'
/** The error message of /v1/convert/gas-price on a chain the server does not serve (SPEC §8). */
export const GAS_PRICE_UNSUPPORTED_MESSAGE = 'Network not supported for Gas Price'

/** An amount in the token's smallest unit: a decimal string of digits. */
export const ApiTokenAmountSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'amount is required' : 'amount must be a string') })
  .regex(/^[0-9]{1,78}$/, "amount must be a whole number of the token's smallest unit (digits only)")

/** GET /v1/convert/tokens query. */
export const ConvertTokensQuerySchema = CommonQuerySchema.extend({ chainId: ApiCaipNetworkIdSchema })
/** A swappable token: CAIP-10 `address`, numeric `decimals`, `logoUri`, and `eip2612` (always false in the modal). */
export const ApiSwapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  address: ApiCaipAddressSchema,
  decimals: z.number().int().nonnegative(),
  logoUri: z.string(),
  eip2612: z.boolean().optional(),
})
/** A swap token. */
export type ApiSwapToken = z.infer<typeof ApiSwapTokenSchema>
/** GET /v1/convert/tokens response. */
export const ConvertTokensResponseSchema = z.object({
  tokens: z.array(ApiSwapTokenSchema),
  /** Symbols to offer first in the token selector (those of `tokens` worth suggesting). */
  suggested: z.array(z.string()).optional(),
  /** Symbols of the most traded tokens, for the selector's popular row. */
  popular: z.array(z.string()).optional(),
})
/** Convert tokens response. */
export type ConvertTokensResponse = z.infer<typeof ConvertTokensResponseSchema>

/** GET /v1/convert/quotes query. */
export const ConvertQuotesQuerySchema = CommonQuerySchema.extend({
  amount: ApiTokenAmountSchema,
  userAddress: ApiCaipAddressSchema,
  from: ApiCaipAddressSchema,
  to: ApiCaipAddressSchema,
  gasPrice: z.string().min(1),
})
/**
 * GET /v1/convert/quotes response: `quotes` is empty when no pool route joins the two tokens. `fromAccount` and
 * `toAccount` are the tokens (CAIP-10); `priceImpact` is the percentage the trade moves the price (0 to 100).
 */
export const ConvertQuotesResponseSchema = z.object({
  quotes: z.array(
    z.object({
      id: z.string().nullable(),
      fromAmount: z.string(),
      fromAccount: z.string(),
      toAmount: z.string(),
      toAccount: z.string(),
      priceImpact: z.number().min(0).max(100).optional(),
    }),
  ),
})
/** Convert quotes response. */
export type ConvertQuotesResponse = z.infer<typeof ConvertQuotesResponseSchema>

/** GET /v1/convert/allowance query. */
export const ConvertAllowanceQuerySchema = CommonQuerySchema.extend({
  tokenAddress: ApiCaipAddressSchema,
  userAddress: ApiCaipAddressSchema,
})
/** GET /v1/convert/allowance response: what the router may spend (the maximum uint256 for the native currency). */
export const ConvertAllowanceResponseSchema = z.object({ allowance: z.string() })
/** Convert allowance response. */
export type ConvertAllowanceResponse = z.infer<typeof ConvertAllowanceResponseSchema>

/** GET /v1/convert/gas-price query. */
export const ConvertGasPriceQuerySchema = CommonQuerySchema.extend({ chainId: ApiCaipNetworkIdSchema })
/** GET /v1/convert/gas-price response (wei amounts as decimal strings). */
export const ConvertGasPriceResponseSchema = z.object({
  standard: z.string(),
  fast: z.string(),
  instant: z.string(),
})
/** Gas price response. */
export type ConvertGasPriceResponse = z.infer<typeof ConvertGasPriceResponseSchema>

/** POST /v1/convert/build-transaction body. */
export const ConvertBuildTransactionRequestSchema = z.object({
  amount: ApiTokenAmountSchema,
  eip155: z.object({ slippage: z.union([z.string(), z.number()]) }),
  projectId: z.string().min(1),
  from: ApiCaipAddressSchema,
  to: ApiCaipAddressSchema,
  userAddress: ApiCaipAddressSchema,
  disableEstimate: z.boolean().optional(),
})
/** Build-transaction request body. */
export type ConvertBuildTransactionRequest = z.infer<typeof ConvertBuildTransactionRequestSchema>
/** POST /v1/convert/build-transaction response: `tx.to` is the router (CAIP-10), `tx.amount` the wei to send. */
export const ConvertBuildTransactionResponseSchema = z.object({
  tx: z.object({
    from: ApiCaipAddressSchema,
    to: ApiCaipAddressSchema,
    data: z.string().regex(/^0x[0-9a-fA-F]*$/),
    amount: z.string(),
    eip155: z.object({ gas: z.string(), gasPrice: z.string() }),
  }),
})
/** Build-transaction response. */
export type ConvertBuildTransactionResponse = z.infer<typeof ConvertBuildTransactionResponseSchema>

/**
 * GET /v1/convert/build-approve query: approves the router to spend `amount` of `from` (the maximum when absent);
 * `to` is the token bought.
 */
export const ConvertBuildApproveQuerySchema = CommonQuerySchema.extend({
  userAddress: ApiCaipAddressSchema,
  from: ApiCaipAddressSchema,
  to: ApiCaipAddressSchema,
  amount: ApiTokenAmountSchema.optional(),
})
/** GET /v1/convert/build-approve response: `tx.to` is the token (CAIP-10), `tx.value` always `0`. */
export const ConvertBuildApproveResponseSchema = z.object({
  tx: z.object({
    from: ApiCaipAddressSchema,
    to: ApiCaipAddressSchema,
    data: z.string().regex(/^0x[0-9a-fA-F]*$/),
    value: z.string(),
    eip155: z.object({ gas: z.string(), gasPrice: z.string() }),
  }),
})
/** Build-approve response. */
export type ConvertBuildApproveResponse = z.infer<typeof ConvertBuildApproveResponseSchema>
