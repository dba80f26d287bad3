import { describe, expect, it } from 'vitest'
import { coinTypeForChainId, isValidAccountName } from './names.js'

describe('isValidAccountName', () => {
  it('behavior: letters, digits and hyphens, at least 4 characters', () => {
    for (const name of ['abcd', 'ABCD', 'a1-b', '----', '1234', 'my-name-2024']) expect(isValidAccountName(name)).toBe(true)
  })

  it('behavior: rejects short names, other characters, unicode letters and whitespace', () => {
    for (const name of ['abc', '', 'ab_cd', 'ab.cd', 'name.reown.id', 'ab cd', ' abcd', 'abcd\n', 'café', 'аbcd', 'ab😀cd']) {
      expect(isValidAccountName(name)).toBe(false)
    }
    expect(isValidAccountName(undefined)).toBe(false)
    expect(isValidAccountName(12345)).toBe(false)
  })
})

describe('coinTypeForChainId', () => {
  it('behavior: chainId | 0x80000000 as an unsigned number', () => {
    expect(coinTypeForChainId(1)).toBe(2147483649)
    expect(coinTypeForChainId(10)).toBe(2147483658)
    expect(coinTypeForChainId('8453')).toBe(2147492101)
    expect(coinTypeForChainId('0x89')).toBe(0x80000089)
    expect(coinTypeForChainId(2147483647)).toBe(4294967295)
    expect(coinTypeForChainId(1)).toBeGreaterThan(0)
  })

  it('error: an id at or above 2^31 cannot become a coin type', () => {
    expect(() => coinTypeForChainId(2147483648)).toThrowError(new Error('Invalid chainId'))
    expect(() => coinTypeForChainId('abc')).toThrowError(new Error('Invalid chainId'))
  })
})
