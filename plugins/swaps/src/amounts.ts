import { SLIPPAGE_TOLERANCE } from '@portico/contracts/spec'

/** Why an amount the visitor typed is not a number of the token's units. */
export type AmountProblem = 'invalid' | 'decimals'

/**
 * The visitor's decimal amount in the token's smallest unit, exactly (no float); a lone comma reads as the decimal
 * sign (`12,5`). More decimals than the token has is a problem, not a rounding.
 *
 * @example
 * parseAmount('12.5', 6) // { units: 12500000n }
 */
export function parseAmount(input: string, decimals: number): { units: bigint } | { problem: AmountProblem } {
  let s = input.trim().replace(/\s/g, '')
  if (!s.includes('.') && s.split(',').length === 2) s = s.replace(',', '.')
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return { problem: 'invalid' }
  const [whole = '', fraction = ''] = s.split('.')
  if (fraction.length > decimals) return { problem: 'decimals' }
  return { units: BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`) }
}

/**
 * `units` with `decimals` as an exact decimal string, trailing zeros cut.
 *
 * @example
 * unitsToDecimal(12500000n, 6) // '12.5'
 */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** A decimal quantity (`'12.345'`) in units of a token with `decimals`; digits beyond them are cut. */
export function decimalToUnits(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  if (!/^\d*$/.test(whole + fraction)) return 0n
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

/**
 * The least a swap of `toUnits` may return under the slippage tolerance (SPEC §9: 1 %), rounded down.
 *
 * @example
 * minimumReceived(1000n) // 990n
 */
export function minimumReceived(toUnits: bigint, slippagePercent: number = SLIPPAGE_TOLERANCE): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100))
  return (toUnits * (10_000n - basisPoints)) / 10_000n
}

/**
 * A short decimal for display: up to `significant` significant digits, in the locale's digits.
 *
 * @example
 * formatAmount(0.000123456, 'en') // '0.000123'
 */
export function formatAmount(value: number, locale = 'en-US', significant = 6): string {
  if (!Number.isFinite(value)) return '0'
  const tag = locale.startsWith('en') ? 'en-US' : locale
  const digits = value >= 1 ? { maximumFractionDigits: Math.max(0, significant - Math.floor(Math.log10(value)) - 1) } : { maximumSignificantDigits: significant }
  return new Intl.NumberFormat(tag, { ...digits, useGrouping: true }).format(value)
}

/**
 * The price impact in percent: how much less the output is worth than the input at the tokens' USD prices;
 * `undefined` when a price is unknown. Never below zero.
 *
 * @example
 * priceImpact({ fromValue: 100, toValue: 97 }) // 3
 */
export function priceImpact({ fromValue, toValue }: { fromValue: number; toValue: number }): number | undefined {
  if (!(fromValue > 0) || !(toValue >= 0)) return undefined
  return Math.max(0, ((fromValue - toValue) / fromValue) * 100)
}
