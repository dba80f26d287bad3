import { describe, expect, it } from 'vitest'
import { balanceUnits, maxNativeUnits, parseAmount, unitsToDecimal } from './amounts.js'

const token = (numeric: string, decimals: number) => ({ name: 'T', symbol: 'T', chainId: 'eip155:1', price: 1, quantity: { decimals: String(decimals), numeric }, iconUrl: '' })

describe('parseAmount', () => {
  it('behavior: exact units, no float', () => {
    expect(parseAmount('12.5', 6)).toEqual({ units: 12_500_000n })
    expect(parseAmount('0.000000000000000001', 18)).toEqual({ units: 1n })
    expect(parseAmount('.5', 2)).toEqual({ units: 50n })
    expect(parseAmount('1.', 2)).toEqual({ units: 100n })
    expect(parseAmount('123456789012345678901234.5', 24)).toEqual({ units: 1234567890123456789012345n * 10n ** 23n })
  })

  it('behavior: a lone comma is the decimal sign', () => {
    expect(parseAmount('12,5', 6)).toEqual({ units: 12_500_000n })
  })

  it('error: more decimals than the token has, or not a number', () => {
    expect(parseAmount('1.234', 2)).toEqual({ problem: 'decimals' })
    expect(parseAmount('1', 0)).toEqual({ units: 1n })
    for (const bad of ['', '.', 'abc', '1e5', '-1', '1.2.3', '1,000.5,2']) expect(parseAmount(bad, 6)).toEqual({ problem: 'invalid' })
  })
})

describe('units', () => {
  it('behavior: balances and units round-trip', () => {
    expect(balanceUnits(token('10000', 6))).toBe(10_000_000_000n)
    expect(balanceUnits(token('1.5', 18))).toBe(1_500_000_000_000_000_000n)
    expect(unitsToDecimal(12_500_000n, 6)).toBe('12.5')
    expect(unitsToDecimal(0n, 18)).toBe('0')
    expect(unitsToDecimal(5n, 2)).toBe('0.05')
  })

  it('behavior: Max on the native currency leaves twice a plain transfer fee, never below zero', () => {
    expect(maxNativeUnits(10n ** 18n, 1_000_000_000n)).toBe(10n ** 18n - 2n * 21_000n * 1_000_000_000n)
    expect(maxNativeUnits(1000n, 1_000_000_000n)).toBe(0n)
  })
})
