import { describe, expect, it } from 'vitest'
import { decimalToUnits, formatAmount, minimumReceived, parseAmount, priceImpact, unitsToDecimal } from './amounts.js'
import { isSwapNetwork } from './networks.js'
import { offersSwaps } from './plugin.js'
import { mergeTokens, searchTokens, type SwapTokenItem } from './tokens.js'

describe('amounts', () => {
  it('behavior: amounts are exact in units both ways; too many decimals is a problem, not a rounding', () => {
    expect(parseAmount('12.5', 6)).toEqual({ units: 12_500_000n })
    expect(parseAmount('12,5', 6)).toEqual({ units: 12_500_000n })
    expect(parseAmount('0.0000001', 6)).toEqual({ problem: 'decimals' })
    expect(parseAmount('abc', 6)).toEqual({ problem: 'invalid' })
    expect(unitsToDecimal(12_500_000n, 6)).toBe('12.5')
    expect(decimalToUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
  })

  it('behavior: the minimum received is the quote less 1 % slippage, rounded down', () => {
    expect(minimumReceived(1000n)).toBe(990n)
    expect(minimumReceived(999n)).toBe(989n)
    expect(minimumReceived(1000n, 0.5)).toBe(995n)
  })

  it('behavior: price impact from USD values, never negative, unknown without a price', () => {
    expect(priceImpact({ fromValue: 100, toValue: 97 })).toBeCloseTo(3)
    expect(priceImpact({ fromValue: 100, toValue: 101 })).toBe(0)
    expect(priceImpact({ fromValue: 0, toValue: 1 })).toBeUndefined()
  })

  it('behavior: display amounts keep six significant digits in the locale', () => {
    expect(formatAmount(2991, 'en')).toBe('2,991')
    expect(formatAmount(0.0001234567, 'en')).toBe('0.000123457')
    expect(formatAmount(1234.5678, 'de')).toBe('1.234,57')
  })
})

describe('networks and tokens', () => {
  it('behavior: swaps are offered on the SPEC networks and the local chains, eip155 only', () => {
    expect(isSwapNetwork('eip155:1')).toBe(true)
    expect(isSwapNetwork('eip155:1313161554')).toBe(true)
    expect(isSwapNetwork('eip155:31337')).toBe(true)
    expect(isSwapNetwork('eip155:5')).toBe(false)
    expect(isSwapNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(false)
    expect(isSwapNetwork(undefined)).toBe(false)
    const state = (namespace: string, caipNetworkId: string) => ({ chains: { activeNamespace: namespace, activeCaipNetworkId: caipNetworkId } }) as never
    expect(offersSwaps(state('eip155', 'eip155:8453'))).toBe(true)
    expect(offersSwaps(state('eip155', 'eip155:11155111'))).toBe(false)
    expect(offersSwaps(state('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(false)
  })

  const token = (symbol: string, address: string, extra: Partial<SwapTokenItem> = {}): SwapTokenItem => ({ name: `${symbol} token`, symbol, address, decimals: 18, logoUri: '', price: 0, ...extra })

  it('behavior: held tokens come first by value and keep their balances, held ones the exchange does not list too (no route)', () => {
    const listed = [token('ETH', 'eip155:1:0xeeee'), token('PTD', 'eip155:1:0xAA'), token('PTE', 'eip155:1:0xbb')]
    const owned = [token('ETH', 'eip155:1:0xeeee', { balance: '1', price: 3000 }), token('PTD', 'eip155:1:0xaa', { balance: '5000', price: 1 }), token('JUNK', 'eip155:1:0xcc', { balance: '9', price: 1 })]
    expect(mergeTokens(owned, listed).map((t) => `${t.symbol}:${t.balance ?? '-'}`)).toEqual(['PTD:5000', 'ETH:1', 'JUNK:9', 'PTE:-'])
  })

  it('behavior: search matches symbol, name (accents aside) and address prefix', () => {
    const tokens = [token('PTD', 'eip155:1:0xaa11', { name: 'Portico Test Dollar' }), token('EUR', 'eip155:1:0xbb22', { name: 'Éuro' })]
    expect(searchTokens(tokens, 'ptd').map((t) => t.symbol)).toEqual(['PTD'])
    expect(searchTokens(tokens, 'euro').map((t) => t.symbol)).toEqual(['EUR'])
    expect(searchTokens(tokens, '0xbb').map((t) => t.symbol)).toEqual(['EUR'])
    expect(searchTokens(tokens, '  ').length).toBe(2)
  })
})
