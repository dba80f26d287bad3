import { describe, expect, it } from 'vitest'
import { formatUnits, sortByValue, supportsAssetDiscovery, toHexChainId, totalValue } from './tokens.js'

const b = (symbol: string, value?: number) => ({ name: symbol, symbol, chainId: 'eip155:1', price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: '', ...(value === undefined ? {} : { value }) })

describe('token helpers', () => {
  it('behavior: formatUnits is exact on big integers', () => {
    expect(formatUnits(1_234_567_890_000_000_000n, 18)).toBe('1.23456789')
    expect(formatUnits(5n, 18)).toBe('0.000000000000000005')
    expect(formatUnits(120n, 0)).toBe('120')
    expect(formatUnits(10n ** 30n, 6)).toBe('1000000000000000000000000')
    expect(formatUnits(-15n, 1)).toBe('-1.5')
  })

  it('behavior: asset discovery is read per chain or for all chains', () => {
    expect(toHexChainId(31337)).toBe('0x7a69')
    expect(supportsAssetDiscovery({ '0x7a69': { assetDiscovery: { supported: true } } }, '0x7a69')).toBe(true)
    expect(supportsAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, '0x7a69')).toBe(true)
    expect(supportsAssetDiscovery({ '0x7a69': { assetDiscovery: { supported: 'yes' } } }, '0x7a69')).toBe(false)
    expect(supportsAssetDiscovery(null, '0x1')).toBe(false)
  })

  it('behavior: most valuable first, and the total ignores missing values', () => {
    expect(sortByValue([b('A', 1), b('B'), b('C', 5), b('D', 1)]).map((x) => x.symbol)).toEqual(['C', 'A', 'D', 'B'])
    expect(totalValue([b('A', 1.25), b('B'), b('C', 2)])).toBe(3.25)
  })
})
