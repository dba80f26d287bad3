import { ApiProblem } from '../errors.js'
import { PAYMENT_METHOD_LIMITS } from './config.js'

/** What a purchase costs and brings, every amount as exact decimal text. */
export interface OnrampPrice {
  /** What the card is charged (the amount the visitor typed). */
  paymentTotal: string
  /** The provider's fee. */
  providerFee: string
  /** The network fee. */
  networkFee: string
  /** What buys the tokens: total less both fees. */
  paymentSubtotal: string
  /** Tokens delivered, as decimal text (exactly `units` at `decimals`). */
  purchaseAmount: string
  /** Tokens delivered, in the token's smallest unit. */
  units: bigint
}

/** Inputs of {@link priceOnramp}. */
export interface OnrampPriceInput {
  /** The payment total as decimal text or a number, in `fiat`. */
  amount: string | number
  fiat: string
  method: string
  /** USD per one unit of `fiat`. */
  fiatRate: number
  /** USD per whole token. */
  tokenPriceUsd: number
  decimals: number
  feePercent: number
  networkFeeUsd: number
}

const invalid = (message: string, field = 'amount') => new ApiProblem(400, 'VALIDATION_ERROR', message, [{ name: field, description: message }])

const E8 = 100_000_000n
const scaled = (value: number) => BigInt(Math.round(value * 1e8))
/** Cents as decimal text: 4915n → `49.15`. */
export const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
/** Smallest units as decimal text without trailing zeros. */
export function unitsText(units: bigint, decimals: number): string {
  if (decimals === 0) return String(units)
  const whole = units / 10n ** BigInt(decimals)
  const fraction = String(units % 10n ** BigInt(decimals)).padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** Decimal text (or a number) in cents; more than 2 decimals or a malformed value is a 400. */
export function toCents(amount: string | number): bigint {
  const text = typeof amount === 'number' ? String(amount) : amount.trim()
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) throw invalid('Invalid amount: expected a fiat amount with at most 2 decimals, such as 50.00')
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/**
 * The limits of `method` in `fiat` (the same figures in every currency); an unknown method is a 400.
 *
 * @example
 * methodLimits('card') // { min: 1000n, max: 750000n } (cents)
 */
export function methodLimits(method: string): { min: bigint; max: bigint; minText: string; maxText: string } {
  const limit = PAYMENT_METHOD_LIMITS.find((l) => l.id === method)
  if (!limit) throw invalid(`Unknown payment method ${JSON.stringify(method)}: expected ${PAYMENT_METHOD_LIMITS.map((l) => l.id).join(' or ')}`, 'paymentMethod')
  return { min: toCents(limit.min), max: toCents(limit.max), minText: limit.min, maxText: limit.max }
}

/**
 * Prices a purchase: the amount is what the card pays; the provider's fee (a percentage, rounded to the cent) and
 * the network fee come off it, and the rest buys tokens at the table's price, rounded down to at most 8 decimals so
 * that the quoted amount is exactly what is delivered. Amounts outside the method's limits are a 400.
 *
 * @example
 * priceOnramp({ amount: '50', fiat: 'USD', method: 'card', fiatRate: 1, tokenPriceUsd: 3000, decimals: 18, feePercent: 1.5, networkFeeUsd: 0.1 })
 * // { paymentTotal: '50.00', providerFee: '0.75', networkFee: '0.10', paymentSubtotal: '49.15', purchaseAmount: '0.01638333', … }
 */
export function priceOnramp(input: OnrampPriceInput): OnrampPrice {
  const total = toCents(input.amount)
  const limits = methodLimits(input.method)
  if (total < limits.min || total > limits.max)
    throw invalid(`The amount must be between ${limits.minText} and ${limits.maxText} ${input.fiat} when paying by ${input.method}.`)
  const fee = (total * scaled(input.feePercent) + 50n * E8) / (100n * E8)
  const network = (scaled(input.networkFeeUsd) * 100n + scaled(input.fiatRate) / 2n) / scaled(input.fiatRate)
  const subtotal = total - fee - network
  if (subtotal <= 0n) throw invalid('The amount does not cover the fees.')
  const shown = Math.min(input.decimals, 8)
  const step = 10n ** BigInt(input.decimals - shown)
  // subtotal (cents) × USD per fiat unit ÷ USD per token, in the token's units, floored to the shown precision
  const exact = (subtotal * scaled(input.fiatRate) * 10n ** BigInt(input.decimals)) / (100n * scaled(input.tokenPriceUsd))
  const units = (exact / step) * step
  if (units <= 0n) throw invalid('The amount is too small to buy any tokens.')
  return {
    paymentTotal: centsText(total),
    providerFee: centsText(fee),
    networkFee: centsText(network),
    paymentSubtotal: centsText(subtotal),
    purchaseAmount: unitsText(units, input.decimals),
    units,
  }
}
