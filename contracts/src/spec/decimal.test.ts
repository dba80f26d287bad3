import { describe, expect, it } from 'vitest'
import { decimalToString, parseDecimal, toFixedDecimal } from './decimal.js'

describe('parseDecimal', () => {
  it('behavior: normalizes leading and trailing zeros and moves the point by the exponent', () => {
    expect(parseDecimal('007.5000')).toEqual({ negative: false, integer: '7', fraction: '5' })
    expect(parseDecimal('1.5e-3')).toEqual({ negative: false, integer: '0', fraction: '0015' })
    expect(parseDecimal('-1.5E+3')).toEqual({ negative: true, integer: '1500', fraction: '' })
    expect(parseDecimal(1e-7)).toEqual({ negative: false, integer: '0', fraction: '0000001' })
    expect(parseDecimal(-0)).toEqual({ negative: false, integer: '0', fraction: '' })
    expect(parseDecimal(10n ** 30n)).toEqual({ negative: false, integer: `1${'0'.repeat(30)}`, fraction: '' })
  })

  it('behavior: exponents past 1000 and non-numbers are refused', () => {
    expect(parseDecimal('1e1000')?.integer).toHaveLength(1001)
    expect(parseDecimal('1e1001')).toBeUndefined()
    expect(parseDecimal('١٢٣')).toBeUndefined() // Arabic-Indic digits
    expect(parseDecimal(true)).toBeUndefined()
  })
})

describe('toFixedDecimal', () => {
  const fixed = (s: string, places: number, mode: 'floor' | 'round') => toFixedDecimal(parseDecimal(s)!, places, mode)

  it('behavior: floor goes toward minus infinity, round goes half away from zero', () => {
    expect(fixed('2.7199', 2, 'floor')).toBe('2.71')
    expect(fixed('-2.7101', 2, 'floor')).toBe('-2.72')
    expect(fixed('2.715', 2, 'round')).toBe('2.72')
    expect(fixed('-2.715', 2, 'round')).toBe('-2.72')
    expect(fixed('9.999', 2, 'round')).toBe('10.00')
    expect(fixed('-0.0001', 3, 'round')).toBe('0.000')
    expect(fixed('5.5', 0, 'round')).toBe('6')
  })

  it('behavior: decimalToString writes a plain decimal without exponent', () => {
    expect(decimalToString(parseDecimal('-1.25e2')!)).toBe('-125')
    expect(decimalToString(parseDecimal('1e-3')!)).toBe('0.001')
  })
})
