import { decimalToString, parseDecimal, toFixedDecimal } from './decimal.js'

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Never show "-0.00" for a tiny negative or a negative zero.
  signDisplay: 'negative',
})

/** Formats an amount (number, bigint or numeric string) in en-US with exactly 2 decimals; garbage gives `0.00`. */
export function formatAmount(value: unknown): string {
  const d = parseDecimal(value)
  if (!d) return '0.00'
  // Intl formats a numeric string exactly (no float rounding), so long values keep every digit.
  return amountFormat.format(decimalToString(d) as `${number}`)
}

/**
 * Formats a balance floored (never rounded up) to 3 decimals, followed by the symbol when one is given; an
 * unparsable value gives `0.000`. Exact for long decimal strings; no thousands separators.
 */
export function formatBalance(value: unknown, symbol?: string): string {
  const d = parseDecimal(value)
  const text = d ? toFixedDecimal(d, 3, 'floor') : '0.000'
  return symbol ? `${text} ${symbol}` : text
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function toEpochMs(t: unknown): number | undefined {
  let ms: number
  if (t instanceof Date) ms = t.getTime()
  else if (typeof t === 'number') ms = t
  else if (typeof t === 'string' && /^\d+$/.test(t.trim())) ms = Number(t.trim())
  else if (typeof t === 'string' && t.trim() !== '') ms = Date.parse(t)
  else return undefined
  return Number.isFinite(ms) ? ms : undefined
}

/**
 * Labels how long ago `timestamp` was: `30 sec`, `1 min`, `1 hr`, `3 hrs`, `4 d`, `2 mo`, `1 yr` (floored; a month
 * is 30 days, a year 365). Future times count as `0 sec`; an unreadable timestamp gives ''.
 */
export function formatRelativeTime(timestamp: number | string | Date, now: number | Date = Date.now()): string {
  const then = toEpochMs(timestamp)
  const current = toEpochMs(now)
  if (then === undefined || current === undefined) return ''
  const elapsed = Math.max(0, current - then)
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)} sec`
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR)
    return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`
  }
  const days = Math.floor(elapsed / DAY)
  if (days < 30) return `${days} d`
  if (days < 365) return `${Math.floor(days / 30)} mo`
  return `${Math.floor(days / 365)} yr`
}
