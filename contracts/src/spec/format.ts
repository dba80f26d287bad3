import { decimalToString, parseDecimal, toFixedDecimal } from './decimal.js'
import { isEnglish, localeFixed3, numberFormat } from './localeNumber.js'

/** A value as an exact numeric string for Intl (which formats strings without float rounding); garbage is 0. */
function exactNumber(value: unknown): `${number}` {
  const d = parseDecimal(value)
  return (d ? decimalToString(d) : '0') as `${number}`
}

// Never show "-0.00" for a tiny negative or a negative zero.
const AMOUNT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' }

/**
 * Formats an amount (number, bigint or numeric string) with exactly 2 decimals, in en-US unless a `locale` is
 * given (`1.234,50` in `es`); garbage gives `0.00` (the locale's zero).
 */
export function formatAmount(value: unknown, locale?: string): string {
  return numberFormat(isEnglish(locale) ? 'en-US' : locale!, 'amount', AMOUNT).format(exactNumber(value))
}

/** A US-dollar value: `$1,234.50` in English (SPEC), the locale's currency form otherwise (`1234,50 US$` in `es`). */
export function formatUsd(value: unknown, locale?: string): string {
  if (isEnglish(locale)) return `$${formatAmount(value)}`
  return numberFormat(locale!, 'usd', { ...AMOUNT, style: 'currency', currency: 'USD' }).format(exactNumber(value))
}

/**
 * Formats a balance floored (never rounded up) to 3 decimals, followed by the symbol when one is given; an
 * unparsable value gives `0.000`. Exact for long decimal strings; no thousands separators. A non-English `locale`
 * writes the digits and decimal sign its way (`1,500` in `es`, `١٫٥٠٠` in `ar`).
 */
export function formatBalance(value: unknown, symbol?: string, locale?: string): string {
  const d = parseDecimal(value)
  const text = localeFixed3(d ? toFixedDecimal(d, 3, 'floor') : '0.000', locale)
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

/** A count of one unit written the locale's short way (`3 h` in `es`, `3 時間` in `ja`). */
const localeUnit = (locale: string, unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year', n: number) =>
  numberFormat(locale, unit, { style: 'unit', unit, unitDisplay: 'short' }).format(n)

/**
 * Labels how long ago `timestamp` was: `30 sec`, `1 min`, `1 hr`, `3 hrs`, `4 d`, `2 mo`, `1 yr` (floored; a month
 * is 30 days, a year 365). Future times count as `0 sec`; an unreadable timestamp gives ''. A non-English `locale`
 * writes the same floored count in its own short unit form.
 */
export function formatRelativeTime(timestamp: number | string | Date, now: number | Date = Date.now(), locale?: string): string {
  const then = toEpochMs(timestamp)
  const current = toEpochMs(now)
  if (then === undefined || current === undefined) return ''
  const elapsed = Math.max(0, current - then)
  if (!isEnglish(locale)) {
    const days = Math.floor(elapsed / DAY)
    if (elapsed < MINUTE) return localeUnit(locale!, 'second', Math.floor(elapsed / SECOND))
    if (elapsed < HOUR) return localeUnit(locale!, 'minute', Math.floor(elapsed / MINUTE))
    if (elapsed < DAY) return localeUnit(locale!, 'hour', Math.floor(elapsed / HOUR))
    if (days < 30) return localeUnit(locale!, 'day', days)
    if (days < 365) return localeUnit(locale!, 'month', Math.floor(days / 30))
    return localeUnit(locale!, 'year', Math.floor(days / 365))
  }
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
