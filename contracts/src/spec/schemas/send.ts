import { z } from 'zod'
import { NumericStringSchema } from './common.js'
import { TokenBalanceSchema } from './token.js'

/**
 * State of the send flow. Amounts are decimal strings (exact, serializable); `gasPrice` is in wei as a digit
 * string because a bigint cannot live in the store.
 */
export const SendStateSchema = z.object({
  token: TokenBalanceSchema.optional(),
  sendTokenAmount: NumericStringSchema.optional(),
  receiverAddress: z.string().optional(),
  receiverProfileImageUrl: z.string().optional(),
  receiverProfileName: z.string().optional(),
  gasPrice: z.string().regex(/^\d+$/, { error: 'Invalid gas price' }).optional(),
  gasPriceInUSD: z.number().optional(),
  networkBalanceInUSD: NumericStringSchema.optional(),
  tokenBalances: z.array(TokenBalanceSchema),
  loading: z.boolean(),
})

export type SendState = z.infer<typeof SendStateSchema>
