import { z } from 'zod'
import { CaipAddressSchema, CaipNetworkIdSchema, NumericStringSchema } from './common.js'

/** A token quantity: `decimals` (a digit string) and the amount as a decimal string. */
export const TokenQuantitySchema = z.object({
  decimals: z.string().regex(/^\d+$/, { error: 'Invalid decimals' }),
  numeric: NumericStringSchema,
})

/** One token balance of the account; `address` is absent for the native token. */
export const TokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: CaipNetworkIdSchema,
  address: CaipAddressSchema.optional(),
  value: z.number().optional(),
  price: z.number(),
  quantity: TokenQuantitySchema,
  iconUrl: z.string(),
})

/** A token offered for swaps: a balance with numeric decimals and a logo; permit (EIP-2612) is never used. */
export const SwapTokenSchema = TokenBalanceSchema.omit({ iconUrl: true }).extend({
  address: CaipAddressSchema,
  decimals: z.number().int().nonnegative(),
  logoUri: z.string(),
  eip2612: z.literal(false),
})

/** One asset from `wallet_getAssets` (EIP-7811); the whole answer is ignored when one asset does not parse. */
export const WalletAssetSchema = z.object({
  address: z.string(),
  balance: z.string().regex(/^0x[0-9a-fA-F]+$/, { error: 'Invalid balance' }),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int().nonnegative(),
    price: z.number(),
    iconUrl: z.string(),
  }),
})

/** The `wallet_getAssets` answer: assets keyed by hex chain id. */
export const WalletGetAssetsResponseSchema = z.record(
  z.string().regex(/^0x[0-9a-fA-F]+$/, { error: 'Invalid chainId' }),
  z.array(WalletAssetSchema),
)

export type TokenQuantity = z.infer<typeof TokenQuantitySchema>
export type TokenBalance = z.infer<typeof TokenBalanceSchema>
export type SwapToken = z.infer<typeof SwapTokenSchema>
export type WalletAsset = z.infer<typeof WalletAssetSchema>
export type WalletGetAssetsResponse = z.infer<typeof WalletGetAssetsResponseSchema>
