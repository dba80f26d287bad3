import type { OnrampOptionsResponse } from '@portico/contracts/api'

/** The payment method the modal buys with. */
export const PAYMENT_METHOD = 'card'

/** Limits of a method in a payment currency, as decimal text; undefined when the options list none. */
export function methodLimits(options: OnrampOptionsResponse, currency: string, method = PAYMENT_METHOD): { min: string; max: string } | undefined {
  const limit = options.paymentCurrencies.find((c) => c.id === currency)?.payment_method_limits.find((l) => l.id === method)
  return limit ? { min: limit.min, max: limit.max } : undefined
}

/** Why an amount cannot be quoted: not a number, or outside the method's limits. */
export type AmountProblem = 'invalid' | 'range'

/**
 * Checks a typed fiat amount: a positive decimal with at most 2 decimals, within the limits when known.
 *
 * @example
 * checkAmount('5', { min: '10.00', max: '7500.00' }) // 'range'
 * checkAmount('50', { min: '10.00', max: '7500.00' }) // undefined
 */
export function checkAmount(amount: string, limits: { min: string; max: string } | undefined): AmountProblem | undefined {
  const text = amount.trim()
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) return 'invalid'
  if (limits && (Number(text) < Number(limits.min) || Number(text) > Number(limits.max))) return 'range'
  return undefined
}
