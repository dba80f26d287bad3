import { describe, expect, it } from 'vitest'
import {
  AccountTypeSchema,
  CaipAddressSchema,
  CaipNetworkIdSchema,
  ChainIdSchema,
  ChainNamespaceSchema,
  ConnectionStatusSchema,
  EmailSchema,
  EvmAddressSchema,
  HexSchema,
  NumericStringSchema,
  SocialProviderSchema,
} from './common.js'

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message

describe('common schemas', () => {
  it('behavior: ChainNamespaceSchema knows exactly eip155, solana, polkadot, bip122', () => {
    expect(ChainNamespaceSchema.options).toEqual(['eip155', 'solana', 'polkadot', 'bip122'])
    expect(ChainNamespaceSchema.safeParse('cosmos').success).toBe(false)
  })

  it('behavior: CaipAddressSchema accepts CAIP-10 and reports Invalid CAIP Address', () => {
    expect(CaipAddressSchema.parse('eip155:1:0xabc')).toBe('eip155:1:0xabc')
    expect(firstMessage(CaipAddressSchema.safeParse('eip155:1:a b'))).toBe('Invalid CAIP Address')
    expect(CaipAddressSchema.safeParse('eip155:1').success).toBe(false)
    expect(CaipAddressSchema.safeParse('cosmos:1:abc').success).toBe(false)
    expect(CaipAddressSchema.safeParse(1).success).toBe(false)
  })

  it('behavior: CaipNetworkIdSchema accepts CAIP-2 and rejects a CAIP-10 id', () => {
    expect(CaipNetworkIdSchema.parse('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(firstMessage(CaipNetworkIdSchema.safeParse('eip155:1:0xabc'))).toBe('Invalid CAIP-2 network id')
    expect(CaipNetworkIdSchema.safeParse('eip155:').success).toBe(false)
  })

  it('behavior: ChainIdSchema takes a number below 2^31 or a CAIP-2 reference string', () => {
    expect(ChainIdSchema.parse(1)).toBe(1)
    expect(ChainIdSchema.parse('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    for (const bad of [0, -1, 1.5, 2147483648, '', 'a:b', ' 1', 'x'.repeat(33), null]) {
      expect(ChainIdSchema.safeParse(bad).success).toBe(false)
    }
  })

  it('error: EmailSchema says Invalid email', () => {
    expect(EmailSchema.parse('visitor@example.com')).toBe('visitor@example.com')
    for (const bad of ['visitor', 'visitor@', '@example.com', 'a b@example.com', '']) {
      expect(firstMessage(EmailSchema.safeParse(bad))).toBe('Invalid email')
    }
  })

  it('behavior: SocialProviderSchema is the six frame providers (farcaster has its own flow)', () => {
    expect(SocialProviderSchema.options).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
    expect(SocialProviderSchema.safeParse('farcaster').success).toBe(false)
    expect(SocialProviderSchema.safeParse('Google').success).toBe(false)
  })

  it('behavior: ConnectionStatusSchema and AccountTypeSchema', () => {
    expect(ConnectionStatusSchema.options).toEqual(['disconnected', 'connecting', 'connected'])
    expect(AccountTypeSchema.safeParse('smartAccount').success).toBe(true)
    expect(AccountTypeSchema.safeParse('EOA').success).toBe(false)
  })

  it('behavior: hex, EVM address and numeric string checks', () => {
    expect(HexSchema.safeParse('0x').success).toBe(true)
    expect(HexSchema.safeParse('0xdeadBEEF').success).toBe(true)
    expect(HexSchema.safeParse('0xzz').success).toBe(false)
    expect(HexSchema.safeParse('dead').success).toBe(false)
    expect(EvmAddressSchema.safeParse(`0x${'a'.repeat(40)}`).success).toBe(true)
    expect(EvmAddressSchema.safeParse(`0x${'a'.repeat(39)}`).success).toBe(false)
    expect(NumericStringSchema.safeParse('-12.50').success).toBe(true)
    for (const bad of ['1.', '.5', '1e3', '', ' 1', 'NaN']) expect(NumericStringSchema.safeParse(bad).success).toBe(false)
  })
})
