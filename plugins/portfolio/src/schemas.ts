import '@portico/contracts/zod-config'
import * as z from 'zod/mini'

/*
 * The answers this plugin reads, on zod/mini: a remote bundles its own validator, and the classic API of the
 * contracts' server-side schemas would cost more than the whole plugin. The shapes follow `BalanceResponseSchema`
 * and `WalletGetAssetsResponseSchema` of @portico/contracts; schemas.test.ts holds them against each other.
 */

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
const HEX = /^0x[0-9a-fA-F]+$/

/** A token balance (SPEC §3): `address` is CAIP-10 for tokens and absent for the native currency. */
export const TokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string().check(z.regex(CAIP2)),
  address: z.optional(z.string().check(z.regex(CAIP10))),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({ decimals: z.string().check(z.regex(/^\d+$/)), numeric: z.string() }),
  iconUrl: z.string(),
})

/** `GET /v1/account/{address}/balance`. */
export const BalanceResponseSchema = z.object({ balances: z.array(TokenBalanceSchema) })

/** One `wallet_getAssets` asset (EIP-7811; SPEC §5: every field of the right type, or the answer is ignored). */
export const WalletAssetSchema = z.object({
  address: z.string(),
  balance: z.string().check(z.regex(HEX)),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.int().check(z.nonnegative()),
    price: z.number(),
    iconUrl: z.string(),
  }),
})

/** The `wallet_getAssets` answer: assets keyed by hex chain id. */
export const WalletGetAssetsResponseSchema = z.record(z.string().check(z.regex(HEX)), z.array(WalletAssetSchema))

export type TokenBalance = z.infer<typeof TokenBalanceSchema>
export type WalletAsset = z.infer<typeof WalletAssetSchema>
