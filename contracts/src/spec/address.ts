import type { ChainNamespace } from './caip.js'

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** Decodes base58 (Bitcoin alphabet) to bytes, or undefined when a character is outside the alphabet. */
function base58Decode(s: string): Uint8Array | undefined {
  if (!BASE58.test(s)) return undefined
  let value = 0n
  for (const ch of s) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(ch))
  const body: number[] = []
  while (value > 0n) {
    body.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  let zeros = 0
  while (s[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body])
}

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generators[i] as number
  }
  return chk >>> 0
}

/** Checks a segwit address (BIP-173 bech32 for v0, BIP-350 bech32m for v1+) for the given human-readable parts. */
function isSegwitAddress(address: string, hrps: readonly string[]): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
  const s = address.toLowerCase()
  if (s.length > 90) return false
  const sep = s.lastIndexOf('1')
  const hrp = s.slice(0, sep)
  if (sep < 1 || !hrps.includes(hrp)) return false
  const data: number[] = []
  for (const ch of s.slice(sep + 1)) {
    const v = BECH32_ALPHABET.indexOf(ch)
    if (v < 0) return false
    data.push(v)
  }
  if (data.length < 7) return false
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5)
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31))
  const checksum = bech32Polymod([...expanded, ...data])
  const version = data[0] as number
  if (version > 16) return false
  if (checksum !== (version === 0 ? 1 : 0x2bc830a3)) return false
  // Witness program: the 5-bit groups between the version and the 6-group checksum, regrouped into bytes with
  // fewer than 5 padding bits, all zero (BIP-173).
  let acc = 0
  let bits = 0
  let programLength = 0
  for (const v of data.slice(1, -6)) {
    acc = ((acc << 5) | v) & 0xfff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      programLength++
    }
  }
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) return false
  if (programLength < 2 || programLength > 40) return false
  return version !== 0 || programLength === 20 || programLength === 32
}

// Base58check version bytes: mainnet P2PKH 0x00, P2SH 0x05; testnet/regtest P2PKH 0x6f, P2SH 0xc4.
const BITCOIN_BASE58_VERSIONS = [0x00, 0x05, 0x6f, 0xc4]

function isBitcoinAddress(address: string): boolean {
  if (/^(bc|tb|bcrt)1/i.test(address)) return isSegwitAddress(address, ['bc', 'tb', 'bcrt'])
  if (address.length < 26 || address.length > 35) return false
  const bytes = base58Decode(address)
  return bytes !== undefined && bytes.length === 25 && BITCOIN_BASE58_VERSIONS.includes(bytes[0] as number)
}

function isPolkadotAddress(address: string): boolean {
  if (address.length < 47 || address.length > 50) return false
  const bytes = base58Decode(address)
  if (!bytes) return false
  // SS58: prefix (1 byte below 64, or 2 bytes when the first is 64..127) + 32-byte account id + 2-byte checksum.
  const first = bytes[0] as number
  return (bytes.length === 35 && first < 64) || (bytes.length === 36 && first >= 64 && first < 128)
}

/**
 * True when `address` looks like an address of `namespace`. eip155: 40 hex characters with an optional 0x (the
 * EIP-55 checksum is not verified); solana: 32 to 44 base58 characters; polkadot: SS58 (base58 decoding to a 1- or
 * 2-byte prefix, a 32-byte account id and a 2-byte checksum; the blake2b checksum itself is not verified); bip122:
 * a bech32/bech32m segwit address (bc, tb, bcrt) with a verified checksum, or a base58 P2PKH/P2SH address of 25 bytes
 * with a known version byte (the sha256 checksum is not verified).
 */
export function isAddress(address: unknown, namespace: ChainNamespace = 'eip155'): boolean {
  if (typeof address !== 'string') return false
  switch (namespace) {
    case 'eip155':
      return /^(0x)?[0-9a-fA-F]{40}$/.test(address)
    case 'solana':
      return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)
    case 'polkadot':
      return isPolkadotAddress(address)
    case 'bip122':
      return isBitcoinAddress(address)
    default:
      return false
  }
}

/** True when `s` is a transaction hash: 0x followed by exactly 64 hex characters. */
export function isTransactionHash(s: unknown): boolean {
  return typeof s === 'string' && /^0x[0-9a-fA-F]{64}$/.test(s)
}

/** True when `s` is a signed message: 0x followed by at least 62 hex characters. */
export function isSignedMessage(s: unknown): boolean {
  return typeof s === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(s)
}

/**
 * Shortens `s` to its first `start` and last `end` characters around `...`; a string that would not get shorter
 * (no longer than start + end + 3) stays whole. Counts code points, so emoji are never split.
 */
export function truncateAddress(s: string, start = 4, end = 6): string {
  const chars = Array.from(s ?? '')
  const head = Math.max(0, Math.floor(start))
  const tail = Math.max(0, Math.floor(end))
  if (chars.length <= head + tail + 3) return chars.join('')
  return `${chars.slice(0, head).join('')}...${tail === 0 ? '' : chars.slice(-tail).join('')}`
}
