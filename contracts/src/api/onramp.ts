import { z } from 'zod'
import { CommonQuerySchema } from './common.js'

/* Onramp endpoints of SPEC §7 (buy crypto with a card). The modal falls back to built-in defaults on failure. */

/** POST /v1/generators/onrampurl body. */
export const OnrampUrlRequestSchema = z.object({
  destinationWallets: z.array(
    z.object({
      address: z.string(),
      blockchains: z.array(z.string()).optional(),
      assets: z.array(z.string()).optional(),
    }),
  ),
  defaultNetwork: z.string().optional(),
  partnerUserId: z.string(),
  defaultExperience: z.literal('buy').optional(),
  presetCryptoAmount: z.number().optional(),
  presetFiatAmount: z.number().optional(),
})
/** POST /v1/generators/onrampurl response. */
export const OnrampUrlResponseSchema = z.object({ url: z.string() })
/** Onramp query (SDK properties). */
export const OnrampQuerySchema = CommonQuerySchema

/** GET /v1/onramp/options response. */
export const OnrampOptionsResponseSchema = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
    }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          display_name: z.string(),
          chain_id: z.string(),
          contract_address: z.string(),
        }),
      ),
    }),
  ),
})
/** Onramp options. */
export type OnrampOptionsResponse = z.infer<typeof OnrampOptionsResponseSchema>

/** POST /v1/onramp/quote body. */
export const OnrampQuoteRequestSchema = z.object({
  purchaseCurrency: z.looseObject({ id: z.string() }),
  paymentCurrency: z.looseObject({ id: z.string() }),
  amount: z.union([z.number(), z.string()]),
  network: z.string(),
})
const amount = z.object({ amount: z.string(), currency: z.string() })
/** POST /v1/onramp/quote response (SPEC §3 Onramp quote). */
export const OnrampQuoteResponseSchema = z.object({
  coinbaseFee: amount.optional(),
  networkFee: amount,
  paymentSubtotal: amount,
  paymentTotal: amount,
  purchaseAmount: amount,
  quoteId: z.string(),
})
/** Onramp quote. */
export type OnrampQuoteResponse = z.infer<typeof OnrampQuoteResponseSchema>
