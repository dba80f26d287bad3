import { z } from 'zod'
import { ApiCaipNetworkIdSchema, CommonQuerySchema } from './common.js'

/* Onramp endpoints of SPEC §7 (buy crypto with a card). The modal falls back to built-in defaults on failure. */

/** A decimal amount as text (`"50"`, `"50.25"`): no sign, no exponent, at most 18 decimals. */
export const OnrampDecimalSchema = z.string().regex(/^\d{1,15}(\.\d{1,18})?$/, 'Invalid amount: expected a decimal number such as 50.00')

/** POST /v1/generators/onrampurl body. */
export const OnrampUrlRequestSchema = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string().min(1).max(128),
        blockchains: z.array(z.string().min(1).max(64)).max(16).optional(),
        assets: z.array(z.string().min(1).max(32)).max(16).optional(),
      }),
    )
    .min(1, 'destinationWallets needs at least one wallet')
    .max(8),
  defaultNetwork: z.string().min(1).max(64).optional(),
  partnerUserId: z.string().min(1, 'partnerUserId is required').max(128),
  defaultExperience: z.literal('buy').optional(),
  presetCryptoAmount: z.number().positive().finite().optional(),
  presetFiatAmount: z.number().positive().finite().optional(),
  /** The fiat currency the checkout starts with (an id of the options' paymentCurrencies); default USD. */
  fiatCurrency: z.string().regex(/^[A-Z]{3}$/).optional(),
  /** The provider asked for (a name from GET /v1/onramp/providers); default the first that serves the network. */
  provider: z.string().min(1).max(64).optional(),
})
/** Onramp URL request. */
export type OnrampUrlRequest = z.infer<typeof OnrampUrlRequestSchema>
/**
 * POST /v1/generators/onrampurl response: the provider's checkout `url`; a provider that lets its checkouts be
 * followed adds `checkoutId` (GET /v1/onramp/checkouts/{checkoutId}).
 */
export const OnrampUrlResponseSchema = z.object({ url: z.string(), checkoutId: z.string().optional() })
/** Onramp URL response. */
export type OnrampUrlResponse = z.infer<typeof OnrampUrlResponseSchema>
/** Onramp query (SDK properties). */
export const OnrampQuerySchema = CommonQuerySchema

/** A payment method's limits in the payment currency (`min`, `max` as decimal text). */
export const OnrampPaymentMethodLimitSchema = z.object({ id: z.string(), min: z.string(), max: z.string() })
/** A payment method limit. */
export type OnrampPaymentMethodLimit = z.infer<typeof OnrampPaymentMethodLimitSchema>

/* One network a purchase currency is delivered on. */
const OnrampNetworkSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.string(),
  contract_address: z.string(),
})

/** GET /v1/onramp/options response. */
export const OnrampOptionsResponseSchema = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      payment_method_limits: z.array(OnrampPaymentMethodLimitSchema),
    }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(OnrampNetworkSchema),
    }),
  ),
})
/** Onramp options. */
export type OnrampOptionsResponse = z.infer<typeof OnrampOptionsResponseSchema>

/** POST /v1/onramp/quote body. */
export const OnrampQuoteRequestSchema = z.object({
  purchaseCurrency: z.looseObject({ id: z.string().min(1).max(32) }),
  paymentCurrency: z.looseObject({ id: z.string().min(1).max(8) }),
  amount: z.union([z.number().positive().finite(), OnrampDecimalSchema]),
  network: z.string().min(1).max(64),
  /** Which method's limits and fees apply (default `card`). */
  paymentMethod: z.string().min(1).max(32).optional(),
})
/** Onramp quote request. */
export type OnrampQuoteRequest = z.infer<typeof OnrampQuoteRequestSchema>
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

/** An onramp provider (SPEC §3): `feeRange` as shown (`1-2%`), `url` its site, `supportedChains` CAIP-2 ids. */
export const OnrampProviderItemSchema = z.object({
  label: z.string(),
  name: z.string(),
  feeRange: z.string(),
  url: z.string(),
  supportedChains: z.array(ApiCaipNetworkIdSchema),
})
/** An onramp provider. */
export type OnrampProvider = z.infer<typeof OnrampProviderItemSchema>
/** GET /v1/onramp/providers response. */
export const OnrampProvidersResponseSchema = z.object({ providers: z.array(OnrampProviderItemSchema) })
/** Onramp providers response. */
export type OnrampProvidersResponse = z.infer<typeof OnrampProvidersResponseSchema>

/** Path parameters of GET /v1/onramp/checkouts/{checkoutId}. */
export const OnrampCheckoutParamsSchema = z.object({ checkoutId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid checkout id') })

/**
 * Where a purchase is: `authenticating` (the 3-D Secure step), `declined` (the card was refused; nothing charged),
 * `paid` (charged, tokens not yet sent), `settling` (the transfer is on its way), `completed` (the tokens arrived),
 * `failed` (the transfer failed; the charge is refunded).
 */
export const OnrampPurchaseStatusSchema = z.enum(['authenticating', 'declined', 'paid', 'settling', 'completed', 'failed'])
/** A purchase status. */
export type OnrampPurchaseStatus = z.infer<typeof OnrampPurchaseStatusSchema>

/** A purchase made at a provider's checkout. */
export const OnrampPurchaseSchema = z.object({
  id: z.string(),
  status: OnrampPurchaseStatusSchema,
  /** The provider's one-sentence reason when `declined` or `failed`. */
  error: z.string().nullable(),
  paymentTotal: amount,
  purchaseAmount: amount,
  network: ApiCaipNetworkIdSchema,
  /** The delivering transaction, once sent. */
  txHash: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
/** An onramp purchase. */
export type OnrampPurchase = z.infer<typeof OnrampPurchaseSchema>

/** GET /v1/onramp/checkouts/{checkoutId} response: the checkout and its latest purchase attempt (null before one). */
export const OnrampCheckoutResponseSchema = z.object({
  id: z.string(),
  provider: z.string(),
  address: z.string(),
  network: ApiCaipNetworkIdSchema,
  asset: z.string(),
  purchase: OnrampPurchaseSchema.nullable(),
})
/** An onramp checkout. */
export type OnrampCheckoutResponse = z.infer<typeof OnrampCheckoutResponseSchema>
