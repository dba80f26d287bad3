import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Encryption at rest of the key shares the server keeps (auth share, recovery share). AES-256-GCM under a subkey
 * derived with HKDF-SHA256 from PORTICO_FRAME_SHARE_KEY, one subkey per share kind, with the kind and the user id as
 * associated data: a ciphertext copied to another user's row, or from the auth column to the recovery column, does
 * not decrypt. A database dump without the key reveals nothing but lengths.
 *
 * Stored form: `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts). `keyId` is a public 8-byte fingerprint of the
 * master key, so a server started with another key says so clearly instead of failing with a bare GCM error, and a
 * future rotation can tell old rows from new ones.
 */
export type ShareKind = 'auth' | 'recovery'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/** Thrown when a stored share cannot be decrypted: another key, or a tampered row. */
export class ShareDecryptError extends Error {
  constructor(readonly reason: 'format' | 'key-mismatch' | 'auth-failed') {
    super(
      reason === 'key-mismatch'
        ? 'the share was encrypted with another PORTICO_FRAME_SHARE_KEY'
        : reason === 'format'
          ? 'the stored share is not in a known format'
          : 'the stored share failed authentication (another key, another user, or a modified row)',
    )
    this.name = 'ShareDecryptError'
  }
}

/**
 * Parses PORTICO_FRAME_SHARE_KEY: exactly 32 bytes, as 64 hex characters or base64 / base64url (padding optional).
 * Throws with a message that names the variable.
 */
export function parseShareKey(value: string): Buffer {
  const text = value.trim()
  let key: Buffer | null = null
  if (/^[0-9a-fA-F]{64}$/.test(text)) key = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) key = Buffer.from(text.replace(/=$/, ''), text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
  if (!key || key.length !== 32)
    throw new Error('PORTICO_FRAME_SHARE_KEY must be 32 bytes, as 64 hex characters or 44 base64 characters (e.g. `openssl rand -base64 32`).')
  return key
}

/** A share key derived from the HMAC secret: the dev fallback when PORTICO_FRAME_SHARE_KEY is not set. */
export function shareKeyFromSecret(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'portico-frame/dev-share-key', 32))
}

export class ShareCipher {
  private readonly subkeys: Record<ShareKind, Buffer>
  /** Public fingerprint of the master key (base64url of 8 bytes). */
  readonly keyId: string

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('the share key must be 32 bytes')
    const derive = (kind: ShareKind) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `portico-frame/share/${kind}/v1`, 32))
    this.subkeys = { auth: derive('auth'), recovery: derive('recovery') }
    this.keyId = createHmac('sha256', masterKey).update('portico-frame/share-key-id').digest().subarray(0, 8).toString('base64url')
  }

  private static aad(kind: ShareKind, userId: string): Buffer {
    return Buffer.from(`portico-frame-share\0${VERSION}\0${kind}\0${userId}`, 'utf8')
  }

  /** Encrypts `plaintext` (the share as the client sent it) for `userId`. */
  encrypt(kind: ShareKind, userId: string, plaintext: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.subkeys[kind], iv)
    cipher.setAAD(ShareCipher.aad(kind, userId))
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return [VERSION, this.keyId, iv.toString('base64url'), body.toString('base64url')].join('.')
  }

  /** Decrypts what {@link encrypt} stored, or throws {@link ShareDecryptError}. */
  decrypt(kind: ShareKind, userId: string, stored: string): string {
    const parts = stored.split('.')
    if (parts.length !== 4 || parts[0] !== VERSION) throw new ShareDecryptError('format')
    const [, keyId, ivText, bodyText] = parts
    if (keyId !== this.keyId) throw new ShareDecryptError('key-mismatch')
    const iv = Buffer.from(ivText, 'base64url')
    const body = Buffer.from(bodyText, 'base64url')
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new ShareDecryptError('format')
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.subkeys[kind], iv)
      decipher.setAAD(ShareCipher.aad(kind, userId))
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8')
    } catch {
      throw new ShareDecryptError('auth-failed')
    }
  }
}
