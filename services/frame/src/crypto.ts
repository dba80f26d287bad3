import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** A code of `length` decimal digits from the CSPRNG, leading zeros kept. */
export function generateCode(length: number): string {
  let code = ''
  for (let i = 0; i < length; i++) code += String(randomInt(10))
  return code
}

/** 32 random bytes, base64url: an access or refresh token. */
export const generateToken = (): string => randomBytes(32).toString('base64url')

/** A random row id. */
export const generateId = (): string => randomBytes(16).toString('hex')

/**
 * HMAC-SHA256 of `value` under the server secret, with a purpose label so a hash made for one use can never match
 * in another. Hex.
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex')
}

/** Compares two hex hashes in constant time (lengths are public: both are SHA-256). */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}
