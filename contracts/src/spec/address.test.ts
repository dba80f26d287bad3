import { describe, expect, it } from 'vitest'
import { isAddress, isSignedMessage, isTransactionHash, truncateAddress } from './address.js'

const HEX40 = 'Ab5801a7D398351b8bE11C439e05C5B3259aeC9B'

describe('isAddress eip155', () => {
  it('behavior: 40 hex characters, with or without 0x, any case; eip155 is the default', () => {
    expect(isAddress(`0x${HEX40}`)).toBe(true)
    expect(isAddress(HEX40, 'eip155')).toBe(true)
    expect(isAddress(`0x${HEX40.toLowerCase()}`)).toBe(true)
    expect(isAddress(`0x${HEX40.toUpperCase()}`)).toBe(true)
  })

  it('behavior: rejects wrong lengths, non-hex, whitespace, 0X and non-strings', () => {
    for (const a of [
      `0x${HEX40.slice(1)}`,
      `0x${HEX40}0`,
      `0x${HEX40.slice(1)}g`,
      ` 0x${HEX40}`,
      `0x${HEX40}\n`,
      `0X${HEX40}`,
      `0x0x${HEX40.slice(2)}`,
      '',
      undefined,
      1234,
    ]) {
      expect(isAddress(a)).toBe(false)
    }
  })
})

describe('isAddress solana', () => {
  it('behavior: 32 to 44 base58 characters', () => {
    expect(isAddress('11111111111111111111111111111111', 'solana')).toBe(true) // 32
    expect(isAddress('So11111111111111111111111111111111111111112', 'solana')).toBe(true) // 43
    expect(isAddress('9'.repeat(44), 'solana')).toBe(true)
  })

  it('behavior: rejects 31 or 45 characters and the characters base58 leaves out (0 O I l)', () => {
    expect(isAddress('1'.repeat(31), 'solana')).toBe(false)
    expect(isAddress('1'.repeat(45), 'solana')).toBe(false)
    for (const bad of ['0', 'O', 'I', 'l']) expect(isAddress(`${bad}${'1'.repeat(40)}`, 'solana')).toBe(false)
    expect(isAddress(`0x${HEX40}`, 'solana')).toBe(false)
  })
})

describe('isAddress polkadot', () => {
  it('behavior: accepts SS58 addresses of Polkadot, Kusama and generic Substrate', () => {
    expect(isAddress('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 'polkadot')).toBe(true)
    expect(isAddress('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F', 'polkadot')).toBe(true)
    expect(isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', 'polkadot')).toBe(true)
  })

  it('behavior: rejects Solana and EVM addresses, truncated SS58 and non-base58 characters', () => {
    expect(isAddress('So11111111111111111111111111111111111111112', 'polkadot')).toBe(false)
    expect(isAddress(`0x${HEX40}`, 'polkadot')).toBe(false)
    expect(isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQ', 'polkadot')).toBe(false)
    expect(isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKut0Y', 'polkadot')).toBe(false)
    // 48 base58 characters that decode to 36 bytes with a first byte below 64: not a valid prefix layout.
    expect(isAddress('1zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', 'polkadot')).toBe(false)
  })
})

describe('isAddress bip122', () => {
  it.each([
    ['P2PKH', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['P2WPKH', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['P2WSH', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['taproot (bech32m)', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['testnet segwit', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['upper-case segwit', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['testnet P2PKH', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['testnet P2SH', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
  ])('behavior: accepts %s', (_, address) => {
    expect(isAddress(address, 'bip122')).toBe(true)
  })

  it.each([
    ['a bad bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['a v0 program with a bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['an unknown human-readable part', 'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty'],
    ['an empty program', 'bc1gmk9yu'],
    ['a non-base58 character', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0'],
    ['an EVM address', `0x${HEX40}`],
    ['a Litecoin-style version byte', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
  ])('behavior: rejects %s', (_, address) => {
    expect(isAddress(address, 'bip122')).toBe(false)
  })
})

describe('isTransactionHash / isSignedMessage', () => {
  it('behavior: a transaction hash is 0x plus exactly 64 hex characters', () => {
    expect(isTransactionHash(`0x${'aB'.repeat(32)}`)).toBe(true)
    expect(isTransactionHash(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(isTransactionHash('a'.repeat(66))).toBe(false)
    expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
    expect(isTransactionHash(null)).toBe(false)
  })

  it('behavior: a signed message is 0x plus at least 62 hex characters', () => {
    expect(isSignedMessage(`0x${'f'.repeat(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${'f'.repeat(130)}`)).toBe(true)
    expect(isSignedMessage(`0x${'f'.repeat(61)}`)).toBe(false)
    expect(isSignedMessage(`0x${'f'.repeat(61)}z`)).toBe(false)
    expect(isSignedMessage(`${'f'.repeat(64)}`)).toBe(false)
  })
})

describe('truncateAddress', () => {
  it('behavior: keeps the first 4 and last 6 characters around three ASCII dots', () => {
    expect(truncateAddress(`0x${HEX40}`)).toBe('0xAb...9aeC9B')
  })

  it('behavior: strings no longer than 10 stay whole, and so do those truncation would not shorten', () => {
    expect(truncateAddress('0123456789')).toBe('0123456789')
    expect(truncateAddress('0123456789abc')).toBe('0123456789abc') // 13 = 4 + 3 + 6: no gain
    expect(truncateAddress('0123456789abcd')).toBe('0123...89abcd')
    expect(truncateAddress('')).toBe('')
  })

  it('behavior: custom start and end, including zero on either side', () => {
    expect(truncateAddress('abcdefghijklmnop', 2, 2)).toBe('ab...op')
    expect(truncateAddress('abcdefghijklmnop', 0, 3)).toBe('...nop')
    expect(truncateAddress('abcdefghijklmnop', 3, 0)).toBe('abc...')
    expect(truncateAddress('abcdefghijklmnop', -5, 2.9)).toBe('...op')
  })

  it('behavior: counts code points, so an emoji is never cut in half', () => {
    const name = '😀😀😀😀abcdefgh😀😀😀😀😀😀'
    const out = truncateAddress(name)
    expect(out).toBe('😀😀😀😀...😀😀😀😀😀😀')
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })
})
