import type { OnrampOptionsResponse, OnrampProvider, OnrampQuoteResponse } from '@portico/contracts/api'
import { FALLBACK_ONRAMP_PAYMENT_CURRENCIES } from '@portico/contracts/spec'

/** SPEC §8/§9: the options used when the options call fails (USD and EUR; card and bank limits; no currency list). */
export const FALLBACK_ONRAMP_OPTIONS: OnrampOptionsResponse = {
  paymentCurrencies: FALLBACK_ONRAMP_PAYMENT_CURRENCIES.map((c) => ({ id: c.id, payment_method_limits: c.payment_method_limits.map((l) => ({ ...l })) })),
  purchaseCurrencies: [],
}

/** The id of the placeholder quote, so that views can tell it from a real one. */
export const PLACEHOLDER_QUOTE_ID = 'placeholder-quote'

/**
 * SPEC §8: the quote used when the quote call fails: every amount zero in the asked currencies, marked by its id.
 *
 * @example
 * placeholderQuote('USD', 'ETH').quoteId // 'placeholder-quote'
 */
export function placeholderQuote(fiat: string, symbol: string): OnrampQuoteResponse {
  const zero = (currency: string) => ({ amount: '0', currency })
  return {
    coinbaseFee: zero(fiat),
    networkFee: zero(fiat),
    paymentSubtotal: zero(fiat),
    paymentTotal: zero(fiat),
    purchaseAmount: zero(symbol),
    quoteId: PLACEHOLDER_QUOTE_ID,
  }
}

/** Whether a quote is the placeholder. */
export const isPlaceholderQuote = (quote: OnrampQuoteResponse | undefined) => quote?.quoteId === PLACEHOLDER_QUOTE_ID

/** The providers listed when the api's list cannot be read: the reference api's sandbox (its checkout is the api's). */
export const DEFAULT_PROVIDERS: readonly Omit<OnrampProvider, 'url' | 'supportedChains'>[] = [{ label: 'Portico Sandbox', name: 'sandbox', feeRange: '1-2%' }]
