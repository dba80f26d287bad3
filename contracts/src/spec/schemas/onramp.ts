import { z } from 'zod'
import { ChainNamespaceSchema, NumericStringSchema } from './common.js'

/** A network a purchasable currency lives on (snake_case as served). */
export const OnrampNetworkSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.string(),
  contract_address: z.string(),
})

/** A currency that can be bought. */
export const OnrampPurchaseCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(OnrampNetworkSchema),
})

/** A fiat currency that can pay, with per-method limits as decimal strings. */
export const OnrampPaymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_limits: z.array(z.object({ id: z.string(), min: NumericStringSchema, max: NumericStringSchema })),
})

/** What can be bought and with what. */
export const OnrampOptionsSchema = z.object({
  purchaseCurrencies: z.array(OnrampPurchaseCurrencySchema),
  paymentCurrencies: z.array(OnrampPaymentCurrencySchema),
})

/** An amount in a currency, both strings. */
export const OnrampAmountSchema = z.object({ amount: z.string(), currency: z.string() })

/** A priced purchase. */
export const OnrampQuoteSchema = z.object({
  coinbaseFee: OnrampAmountSchema,
  networkFee: OnrampAmountSchema,
  paymentSubtotal: OnrampAmountSchema,
  paymentTotal: OnrampAmountSchema,
  purchaseAmount: OnrampAmountSchema,
  quoteId: z.string(),
})

/** An onramp provider shown to the visitor; `feeRange` is display text such as `1-2%`. */
export const OnrampProviderSchema = z.object({
  label: z.string(),
  name: z.string(),
  feeRange: z.string(),
  url: z.string(),
  supportedChains: z.array(ChainNamespaceSchema),
})

export type OnrampNetwork = z.infer<typeof OnrampNetworkSchema>
export type OnrampPurchaseCurrency = z.infer<typeof OnrampPurchaseCurrencySchema>
export type OnrampPaymentCurrency = z.infer<typeof OnrampPaymentCurrencySchema>
export type OnrampOptions = z.infer<typeof OnrampOptionsSchema>
export type OnrampAmount = z.infer<typeof OnrampAmountSchema>
export type OnrampQuote = z.infer<typeof OnrampQuoteSchema>
export type OnrampProvider = z.infer<typeof OnrampProviderSchema>
