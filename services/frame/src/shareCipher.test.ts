import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ShareCipher, ShareDecryptError, parseShareKey, shareKeyFromSecret } from './shareCipher.js'

const share = () => randomBytes(17).toString('base64')

describe('share encryption at rest', () => {
  const key = randomBytes(32)
  const cipher = new ShareCipher(key)

  it('behavior: a share round-trips for its user and kind; each encryption is fresh; no plaintext in the stored form', () => {
    const plain = share()
    const stored = cipher.encrypt('auth', 'user-1', plain)
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
    expect(cipher.decrypt('auth', 'user-1', stored)).toBe(plain)
    expect(cipher.encrypt('auth', 'user-1', plain)).not.toBe(stored)
    const bytes = Buffer.from(plain, 'base64')
    for (const form of [plain, bytes.toString('hex'), bytes.toString('base64url')]) expect(stored).not.toContain(form)
  })

  it('error: another key, another user, another kind or a modified row cannot decrypt', () => {
    const stored = cipher.encrypt('recovery', 'user-1', share())
    const expectFailure = (fn: () => unknown, reason: ShareDecryptError['reason']) => {
      try {
        fn()
        expect.unreachable('decrypted')
      } catch (error) {
        expect(error).toBeInstanceOf(ShareDecryptError)
        expect((error as ShareDecryptError).reason).toBe(reason)
      }
    }
    expectFailure(() => new ShareCipher(randomBytes(32)).decrypt('recovery', 'user-1', stored), 'key-mismatch')
    // Another key that claims the same key id (a forged fingerprint) still fails authentication.
    const [v, , iv, body] = stored.split('.')
    const other = new ShareCipher(randomBytes(32))
    expectFailure(() => other.decrypt('recovery', 'user-1', [v, other.keyId, iv, body].join('.')), 'auth-failed')
    expectFailure(() => cipher.decrypt('recovery', 'user-2', stored), 'auth-failed')
    expectFailure(() => cipher.decrypt('auth', 'user-1', stored), 'auth-failed')
    const flipped = Buffer.from(body, 'base64url')
    flipped[0] ^= 1
    expectFailure(() => cipher.decrypt('recovery', 'user-1', [v, cipher.keyId, iv, flipped.toString('base64url')].join('.')), 'auth-failed')
    expectFailure(() => cipher.decrypt('recovery', 'user-1', 'plain-text'), 'format')
    expectFailure(() => cipher.decrypt('recovery', 'user-1', `v1.${cipher.keyId}.AAAA.AAAA`), 'format')
  })

  it('behavior: PORTICO_FRAME_SHARE_KEY is 32 bytes in hex or base64; the dev key is derived from the secret', () => {
    const raw = randomBytes(32)
    expect(parseShareKey(raw.toString('hex'))).toEqual(raw)
    expect(parseShareKey(raw.toString('base64'))).toEqual(raw)
    expect(parseShareKey(` ${raw.toString('base64url')}\n`)).toEqual(raw)
    for (const bad of ['', 'abc', raw.toString('hex').slice(2), randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), 'z'.repeat(64)])
      expect(() => parseShareKey(bad), bad).toThrow('PORTICO_FRAME_SHARE_KEY must be 32 bytes')
    expect(shareKeyFromSecret('a'.repeat(40))).toHaveLength(32)
    expect(shareKeyFromSecret('a'.repeat(40))).toEqual(shareKeyFromSecret('a'.repeat(40)))
    expect(shareKeyFromSecret('b'.repeat(40))).not.toEqual(shareKeyFromSecret('a'.repeat(40)))
  })
})
