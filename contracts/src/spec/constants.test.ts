import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES, isCaipNetworkId } from './caip.js'
import {
  CACHE_EXPIRY,
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_CHAIN,
  FALLBACK_ONRAMP_PAYMENT_CURRENCIES,
  MAX_CHAIN_ID,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_TTL_MS,
  SWAP_CHAIN_IDS,
} from './constants.js'
import { validateChainId } from './caip.js'
import { OnrampPaymentCurrencySchema } from './schemas/onramp.js'
import { AccountTypeSchema } from './schemas/common.js'

describe('constants', () => {
  it('behavior: the default chain is a valid CAIP-2 id', () => {
    expect(isCaipNetworkId(DEFAULT_CHAIN)).toBe(true)
    expect(DEFAULT_CHAIN).toBe('eip155:1')
  })

  it('behavior: MAX_CHAIN_ID is 2^31 and is the first rejected id', () => {
    expect(MAX_CHAIN_ID).toBe(2 ** 31)
    expect(() => validateChainId(MAX_CHAIN_ID)).toThrow('Invalid chainId')
    expect(validateChainId(MAX_CHAIN_ID - 1)).toBe(MAX_CHAIN_ID - 1)
  })

  it('behavior: 12 distinct, valid swap chains', () => {
    expect(new Set(SWAP_CHAIN_IDS).size).toBe(12)
    for (const id of SWAP_CHAIN_IDS) expect(validateChainId(id)).toBe(id)
  })

  it('behavior: every namespace has a valid default account type (eip155 smart account, bitcoin payment)', () => {
    expect(Object.keys(DEFAULT_ACCOUNT_TYPES).sort()).toEqual([...CHAIN_NAMESPACES].sort())
    for (const type of Object.values(DEFAULT_ACCOUNT_TYPES)) expect(AccountTypeSchema.parse(type)).toBe(type)
    expect(DEFAULT_ACCOUNT_TYPES.eip155).toBe('smartAccount')
    expect(DEFAULT_ACCOUNT_TYPES.bip122).toBe('payment')
  })

  it('behavior: a pairing counts as expired 10 s before its 4 minutes end', () => {
    expect(PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS).toBe(230_000)
  })

  it('behavior: cache expiries of 30 s and 5 min', () => {
    expect(CACHE_EXPIRY).toEqual({ portfolio: 30_000, nativeBalance: 30_000, name: 300_000, identity: 300_000 })
  })

  it('behavior: fallback onramp currencies satisfy the options schema', () => {
    for (const c of FALLBACK_ONRAMP_PAYMENT_CURRENCIES) expect(() => OnrampPaymentCurrencySchema.parse(c)).not.toThrow()
    expect(FALLBACK_ONRAMP_PAYMENT_CURRENCIES.map((c) => c.id)).toEqual(['USD', 'EUR'])
  })
})
