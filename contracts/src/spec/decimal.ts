/** An exact decimal number: sign, integer digits (no leading zeros, at least '0') and fraction digits. */
export type Decimal = { negative: boolean; integer: string; fraction: string }

// Exponents beyond this are treated as garbage rather than expanded into megabytes of zeros.
const MAX_EXPONENT = 1000

/**
 * Parses a number, bigint or numeric string (trimmed; decimal digits, optional sign, fraction and exponent) into an
 * exact decimal, or undefined when it is not a finite number.
 */
export function parseDecimal(value: unknown): Decimal | undefined {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    text = String(value)
  } else if (typeof value === 'bigint') text = value.toString()
  else if (typeof value === 'string') text = value.trim()
  else return undefined
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text)
  if (!match) return undefined
  const [, sign, intDigits = '', fracDigits = '', exp = '0'] = match
  if (intDigits === '' && fracDigits === '') return undefined
  const exponent = Number(exp)
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined
  // Move the decimal point by the exponent over the digit string.
  let digits = intDigits + fracDigits
  let point = intDigits.length + exponent
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) digits = digits + '0'.repeat(point - digits.length)
  const integer = digits.slice(0, point).replace(/^0+/, '') || '0'
  const fraction = digits.slice(point).replace(/0+$/, '')
  const negative = sign === '-' && (integer !== '0' || fraction !== '')
  return { negative, integer, fraction }
}

/** Writes a decimal with exactly `places` fraction digits, flooring (toward -∞) or rounding half away from zero. */
export function toFixedDecimal(d: Decimal, places: number, mode: 'floor' | 'round'): string {
  const kept = d.fraction.slice(0, places).padEnd(places, '0')
  const dropped = d.fraction.slice(places)
  let scaled = BigInt(d.integer + kept)
  const bump = mode === 'floor' ? d.negative && /[1-9]/.test(dropped) : (dropped[0] ?? '0') >= '5'
  if (bump) scaled += 1n
  const text = scaled.toString().padStart(places + 1, '0')
  const body = places > 0 ? `${text.slice(0, -places)}.${text.slice(-places)}` : text
  return d.negative && scaled !== 0n ? `-${body}` : body
}

/** Writes a decimal as a plain string without exponent (e.g. `-1234.5`), the form Intl formats exactly. */
export function decimalToString(d: Decimal): string {
  return `${d.negative ? '-' : ''}${d.integer}${d.fraction ? `.${d.fraction}` : ''}`
}
