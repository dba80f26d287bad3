import { createPublicKey, verify } from 'node:crypto'
import { type Hex, type PublicClient, isHex } from 'viem'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes base58 (the alphabet Solana uses); undefined for any other character. */
export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/** DER prefix of an ed25519 SubjectPublicKeyInfo (RFC 8410), before the 32 raw key bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Whether `signature` (base58 or 0x hex, 64 bytes) over the UTF-8 `message` was made by the solana account `address`. */
export function verifySolanaSignature(address: string, message: string, signature: string): boolean {
  const publicKey = base58Decode(address)
  const bytes = signature.startsWith('0x') ? (isHex(signature) ? Buffer.from(signature.slice(2), 'hex') : undefined) : base58Decode(signature)
  if (publicKey?.length !== 32 || bytes?.length !== 64) return false
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' })
    return verify(null, Buffer.from(message, 'utf8'), key, bytes)
  } catch {
    return false
  }
}

/**
 * Whether `signature` over `message` (EIP-191) was made by `address`, through the chain's RPC: a plain key, a deployed
 * contract account (ERC-1271) or one not deployed yet (ERC-6492). Throws only when the chain cannot be read.
 */
export async function verifyEip155Signature(client: PublicClient, address: Hex, message: string, signature: string): Promise<boolean> {
  if (!isHex(signature)) return false
  return client.verifyMessage({ address, message, signature })
}
