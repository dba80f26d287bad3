import { describe, expect, it } from 'vitest'
import { generateCode, generateToken, hashesEqual, keyedHash } from './crypto.js'

describe('crypto helpers', () => {
  it('behavior: codes are 6 decimal digits with leading zeros kept, spread over every digit', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 2_000; i++) {
      const code = generateCode(6)
      expect(code).toMatch(/^\d{6}$/)
      for (const digit of code) seen.add(digit)
    }
    expect(seen.size).toBe(10)
  })

  it('behavior: tokens are 32 random bytes in base64url', () => {
    const token = generateToken()
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(token).not.toBe(generateToken())
  })

  it('behavior: hashes depend on secret, purpose and value, and compare in constant time', () => {
    const h = keyedHash('s', 'email-code', 'id:123456')
    expect(h).toMatch(/^[0-9a-f]{64}$/)
    expect(keyedHash('t', 'email-code', 'id:123456')).not.toBe(h)
    expect(keyedHash('s', 'session-token', 'id:123456')).not.toBe(h)
    expect(hashesEqual(h, keyedHash('s', 'email-code', 'id:123456'))).toBe(true)
    expect(hashesEqual(h, keyedHash('s', 'email-code', 'id:123457'))).toBe(false)
    expect(hashesEqual(h, 'abcd')).toBe(false)
  })
})
