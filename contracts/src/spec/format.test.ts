import { describe, expect, it } from 'vitest'
import { formatAmount, formatBalance, formatRelativeTime, formatUsd } from './format.js'

describe('formatAmount', () => {
  it('behavior: en-US grouping with exactly 2 fraction digits', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50')
    expect(formatAmount(0)).toBe('0.00')
    expect(formatAmount(1_000_000)).toBe('1,000,000.00')
    expect(formatAmount(0.004)).toBe('0.00')
    expect(formatAmount(0.005)).toBe('0.01')
  })

  it('behavior: numeric strings, trimmed, including exponents and a leading dot', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50')
    expect(formatAmount('  42 ')).toBe('42.00')
    expect(formatAmount('1.5e3')).toBe('1,500.00')
    expect(formatAmount('.5')).toBe('0.50')
    expect(formatAmount('+7')).toBe('7.00')
  })

  it('behavior: bigint-size strings keep every digit (no float rounding)', () => {
    expect(formatAmount('123456789012345678901234567890.125')).toBe('123,456,789,012,345,678,901,234,567,890.13')
    expect(formatAmount(12345678901234567890n)).toBe('12,345,678,901,234,567,890.00')
    // 1.005 as a float is 1.00499…; as a string it is exactly 1.005 and rounds up.
    expect(formatAmount('1.005')).toBe('1.01')
  })

  it('behavior: negatives keep their sign, but a value that rounds to zero never shows -0.00', () => {
    expect(formatAmount(-1234.5)).toBe('-1,234.50')
    expect(formatAmount(-0.001)).toBe('0.00')
    expect(formatAmount(-0)).toBe('0.00')
  })

  it.each([undefined, null, '', '   ', 'abc', '12abc', '1,234.5', '0x10', '1e', '.', '-', Number.NaN, Infinity, {}, []])(
    'behavior: %j formats as 0.00',
    (value) => {
      expect(formatAmount(value)).toBe('0.00')
    },
  )
})

describe('formatBalance', () => {
  it('behavior: floors to 3 decimals and appends the symbol', () => {
    expect(formatBalance('123.456789', 'ETH')).toBe('123.456 ETH')
    expect(formatBalance('0.9999', 'ETH')).toBe('0.999 ETH')
    expect(formatBalance('1', 'SOL')).toBe('1.000 SOL')
    expect(formatBalance(2.5)).toBe('2.500')
  })

  it('behavior: exact on long decimal strings where float math would round up', () => {
    expect(formatBalance('0.0019999999999999999')).toBe('0.001')
    expect(formatBalance('1.9999999999999999999', 'ETH')).toBe('1.999 ETH')
    expect(formatBalance('123456789012345678901234.56789')).toBe('123456789012345678901234.567')
  })

  it('behavior: exponent notation from numbers and strings', () => {
    expect(formatBalance(1e-7)).toBe('0.000')
    expect(formatBalance(1.5e21)).toBe('1500000000000000000000.000')
    expect(formatBalance('1.23456e2')).toBe('123.456')
  })

  it('behavior: negatives floor toward minus infinity; negative zero shows as 0.000', () => {
    expect(formatBalance('-1.2341')).toBe('-1.235')
    expect(formatBalance('-1.2340')).toBe('-1.234')
    expect(formatBalance('-0')).toBe('0.000')
  })

  it('behavior: unparsable values give 0.000, with the symbol when given', () => {
    expect(formatBalance(undefined)).toBe('0.000')
    expect(formatBalance('', 'ETH')).toBe('0.000 ETH')
    expect(formatBalance('NaN', 'ETH')).toBe('0.000 ETH')
    expect(formatBalance('1e99999')).toBe('0.000')
    expect(formatBalance('12.3.4')).toBe('0.000')
    expect(formatBalance('1', '')).toBe('1.000')
  })
})

describe('formatRelativeTime', () => {
  const now = Date.UTC(2024, 5, 15, 12, 0, 0)
  const ago = (ms: number) => now - ms
  const S = 1000
  const M = 60 * S
  const H = 60 * M
  const D = 24 * H

  it.each([
    [0, '0 sec'],
    [30 * S, '30 sec'],
    [59 * S + 999, '59 sec'],
    [60 * S, '1 min'],
    [2 * M + 59 * S, '2 min'],
    [59 * M, '59 min'],
    [H, '1 hr'],
    [3 * H, '3 hrs'],
    [23 * H + 59 * M, '23 hrs'],
    [D, '1 d'],
    [4 * D, '4 d'],
    [29 * D, '29 d'],
    [30 * D, '1 mo'],
    [60 * D, '2 mo'],
    [364 * D, '12 mo'],
    [365 * D, '1 yr'],
    [2 * 365 * D, '2 yr'],
  ])('behavior: %i ms ago is %s', (elapsed, label) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(label)
  })

  it('behavior: accepts ISO strings, Dates and numeric strings; labels carry no "ago"', () => {
    expect(formatRelativeTime('2024-06-15T11:00:00Z', now)).toBe('1 hr')
    expect(formatRelativeTime(new Date(now - 4 * D), new Date(now))).toBe('4 d')
    expect(formatRelativeTime(String(now - 2 * M), now)).toBe('2 min')
    expect(formatRelativeTime(now - 3 * H, now)).not.toContain('ago')
  })

  it('behavior: future timestamps (clock skew) count as 0 sec', () => {
    expect(formatRelativeTime(now + 5 * M, now)).toBe('0 sec')
  })

  it('behavior: an unreadable timestamp gives an empty label', () => {
    expect(formatRelativeTime('yesterday', now)).toBe('')
    expect(formatRelativeTime('', now)).toBe('')
    expect(formatRelativeTime(Number.NaN, now)).toBe('')
    expect(formatRelativeTime(new Date('nope'), now)).toBe('')
  })

  it('behavior: now defaults to the current time', () => {
    expect(formatRelativeTime(Date.now() - 2 * H)).toBe('2 hrs')
  })
})

describe('formatting in a locale', () => {
  it('behavior: English or no locale keeps the exact spec forms', () => {
    expect(formatAmount('1234.5', 'en-GB')).toBe('1,234.50')
    expect(formatBalance('1234.56789', 'ETH', 'en')).toBe('1234.567 ETH')
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatRelativeTime(0, 3 * 3_600_000, 'en')).toBe('3 hrs')
  })

  it('behavior: amounts and balances use the locale digits, separators and decimal sign, exactly', () => {
    expect(formatAmount('1234567.891', 'es')).toBe('1.234.567,89')
    expect(formatBalance('1.50099', 'ETH', 'es')).toBe('1,500 ETH')
    expect(formatBalance('12345678901234567890.9999', undefined, 'es')).toBe('12345678901234567890,999')
    expect(formatBalance('2.5', 'ETH', 'ar')).toBe(`${new Intl.NumberFormat('ar', { minimumFractionDigits: 3, useGrouping: false }).format(2.5)} ETH`)
    expect(formatBalance('garbage', undefined, 'ja')).toBe('0.000')
  })

  it('behavior: US-dollar values take the locale currency form', () => {
    expect(formatUsd('1234.5', 'es')).toBe('1234,50\u00a0US$')
    expect(formatUsd('1234.5', 'ja')).toBe('$1,234.50')
    expect(formatUsd('-0.001', 'es')).toBe('0,00\u00a0US$')
  })

  it('behavior: relative times keep the floored count and take the locale unit', () => {
    expect(formatRelativeTime(0, 3 * 3_600_000 + 59_000, 'ja')).toBe('3 時間')
    expect(formatRelativeTime(0, 4 * 86_400_000, 'es')).toBe('4 d')
    expect(formatRelativeTime(0, 45_000, 'es')).toBe('45 s')
    expect(formatRelativeTime(0, 400 * 86_400_000, 'ja')).toBe('1 年')
    expect(formatRelativeTime('nonsense', 0, 'es')).toBe('')
  })
})
