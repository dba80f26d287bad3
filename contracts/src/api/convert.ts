import { z } from 'zod'
import { ApiCaipAddressSchema, ApiCaipNetworkIdSchema, CommonQuerySchema } from './common.js'

/*
 * Swap ("convert") endpoints of SPEC §7. The reference service does not serve them yet; the schemas fix the wire
 * format for the swaps plugin and for any server that does.
 */

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
export const ConvertTokensResponseSchema = z.object({ tokens: z.array(ApiSwapTokenSchema) })
/** Convert tokens response. */
export type ConvertTokensResponse = z.infer<typeof ConvertTokensResponseSchema>

/** GET /v1/convert/quotes query. */
export const ConvertQuotesQuerySchema = CommonQuerySchema.extend({
  amount: z.string().min(1),
  userAddress: ApiCaipAddressSchema,
  from: ApiCaipAddressSchema,
  to: ApiCaipAddressSchema,
  gasPrice: z.string().min(1),
})
/** GET /v1/convert/quotes response. */
export const ConvertQuotesResponseSchema = z.object({
  quotes: z.array(
    z.object({
      id: z.string().nullable(),
      fromAmount: z.string(),
      fromAccount: z.string(),
      toAmount: z.string(),
      toAccount: z.string(),
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
/** GET /v1/convert/allowance response. */
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
  amount: z.string().min(1),
  eip155: z.object({ slippage: z.union([z.string(), z.number()]) }),
  projectId: z.string().min(1),
  from: ApiCaipAddressSchema,
  to: ApiCaipAddressSchema,
  userAddress: ApiCaipAddressSchema,
  disableEstimate: z.boolean().optional(),
})
/** Build-transaction request body. */
export type ConvertBuildTransactionRequest = z.infer<typeof ConvertBuildTransactionRequestSchema>
/** POST /v1/convert/build-transaction response. */
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

/** GET /v1/convert/build-approve query. */
export const ConvertBuildApproveQuerySchema = CommonQuerySchema.extend({
  userAddress: ApiCaipAddressSchema,
  from: ApiCaipAddressSchema,
  to: ApiCaipAddressSchema,
})
/** GET /v1/convert/build-approve response. */
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
