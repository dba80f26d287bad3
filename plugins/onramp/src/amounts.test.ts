import { describe, expect, it } from 'vitest'
import { checkAmount, methodLimits } from './amounts.js'
import { FALLBACK_ONRAMP_OPTIONS, isPlaceholderQuote, placeholderQuote } from './defaults.js'
import { onrampNetwork } from './networks.js'

describe('onramp amounts, defaults and networks', () => {
  const card = methodLimits(FALLBACK_ONRAMP_OPTIONS, 'USD')!

  it('behavior: the SPEC §9 fallback limits: card 10.00 to 7500.00, bank 10.00 to 25000.00, USD and EUR', () => {
    expect(FALLBACK_ONRAMP_OPTIONS.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(card).toEqual({ min: '10.00', max: '7500.00' })
    expect(methodLimits(FALLBACK_ONRAMP_OPTIONS, 'EUR', 'ach_bank_account')).toEqual({ min: '10.00', max: '25000.00' })
    expect(methodLimits(FALLBACK_ONRAMP_OPTIONS, 'JPY')).toBeUndefined()
  })

  it('behavior: amounts at the limits pass, beyond them are out of range, malformed ones invalid', () => {
    expect(checkAmount('10', card)).toBeUndefined()
    expect(checkAmount('10.00', card)).toBeUndefined()
    expect(checkAmount('7500.00', card)).toBeUndefined()
    expect(checkAmount('9.99', card)).toBe('range')
    expect(checkAmount('7500.01', card)).toBe('range')
    for (const bad of ['', 'abc', '1e3', '-5', '0', '50.001', '50,00']) expect(checkAmount(bad, card), bad).toBe('invalid')
  })

  it('behavior: the placeholder quote is zero everywhere and recognisable', () => {
    const quote = placeholderQuote('EUR', 'ETH')
    expect(quote.paymentTotal).toEqual({ amount: '0', currency: 'EUR' })
    expect(quote.purchaseAmount).toEqual({ amount: '0', currency: 'ETH' })
    expect(isPlaceholderQuote(quote)).toBe(true)
    expect(isPlaceholderQuote({ ...quote, quoteId: 'q-1' })).toBe(false)
  })

  it('behavior: card-onramp networks by chain id, the local chains, and ethereum as the fallback', () => {
    expect(onrampNetwork('eip155:8453')).toBe('base')
    expect(onrampNetwork('eip155:43114')).toBe('avalanche-c-chain')
    expect(onrampNetwork('eip155:31338')).toBe('anvil-2')
    expect(onrampNetwork('eip155:5')).toBe('ethereum')
    expect(onrampNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('ethereum')
    expect(onrampNetwork(undefined)).toBe('ethereum')
  })
})
