import { describe, expect, it } from 'vitest'
import {
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  validateCaipAddress,
  validateChainId,
} from './caip.js'

const EVM = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'

describe('parseCaipAddress', () => {
  it('behavior: splits namespace, chain id and address', () => {
    expect(parseCaipAddress(`eip155:1:${EVM}`)).toEqual({ chainNamespace: 'eip155', chainId: '1', address: EVM })
    expect(parseCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112')).toEqual({
      chainNamespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: 'So11111111111111111111111111111111111111112',
    })
  })

  it.each([
    ['two parts', 'eip155:1'],
    ['four parts', `eip155:1:${EVM}:extra`],
    ['an empty address', 'eip155:1:'],
    ['an empty chain id', `eip155::${EVM}`],
    ['an empty namespace', `:1:${EVM}`],
    ['an unknown namespace', `cosmos:1:${EVM}`],
    ['an upper-case namespace', `EIP155:1:${EVM}`],
    ['surrounding whitespace', ` eip155:1:${EVM}`],
    ['inner whitespace', `eip155:1: ${EVM}`],
    ['a unicode look-alike', 'eip155:1:0xаbc'], // Cyrillic а
    ['the empty string', ''],
  ])('error: %s is an Invalid CAIP-10 address', (_, input) => {
    expect(() => parseCaipAddress(input)).toThrowError(new Error('Invalid CAIP-10 address'))
  })

  it('error: non-strings are rejected with the same message', () => {
    for (const input of [undefined, null, 42, {}, ['eip155', '1', EVM]]) {
      expect(() => parseCaipAddress(input)).toThrow('Invalid CAIP-10 address')
    }
  })

  it('behavior: a chain reference longer than 32 characters is not CAIP-2', () => {
    expect(() => parseCaipAddress(`eip155:${'1'.repeat(33)}:${EVM}`)).toThrow('Invalid CAIP-10 address')
    expect(parseCaipAddress(`eip155:${'1'.repeat(32)}:${EVM}`).chainId).toHaveLength(32)
  })
})

describe('isCaipAddress / validateCaipAddress', () => {
  it('behavior: accepts each known namespace', () => {
    expect(isCaipAddress(`eip155:1:${EVM}`)).toBe(true)
    expect(isCaipAddress('polkadot:91b171bb158e2d3848fa23a9f1c25182:15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')).toBe(true)
    expect(isCaipAddress('bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
  })

  it('behavior: rejects wrong part counts, empty parts, unknown namespaces and non-strings', () => {
    for (const x of ['eip155:1', 'eip155:1:a:b', 'eip155::a', 'foo:1:a', '::', 42, undefined]) {
      expect(isCaipAddress(x)).toBe(false)
    }
  })

  it('behavior: validateCaipAddress returns its input unchanged', () => {
    const s = `eip155:10:${EVM}`
    expect(validateCaipAddress(s)).toBe(s)
  })

  it('error: validateCaipAddress throws Invalid CAIP Address', () => {
    expect(() => validateCaipAddress('eip155:1')).toThrowError(new Error('Invalid CAIP Address'))
    expect(() => validateCaipAddress('unknown:1:abc')).toThrowError(new Error('Invalid CAIP Address'))
  })
})

describe('parseCaipNetworkId', () => {
  it('behavior: splits namespace and chain id', () => {
    expect(parseCaipNetworkId('eip155:8453')).toEqual({ chainNamespace: 'eip155', chainId: '8453' })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93')).toEqual({
      chainNamespace: 'bip122',
      chainId: '000000000019d6689c085ae165831e93',
    })
  })

  it.each(['eip155', 'eip155:', ':1', 'eip155:1:0xabc', 'near:mainnet', 'eip155:1 ', 'eip155:1.5', ''])(
    'error: %j is an Invalid CAIP-2 network id',
    (input) => {
      expect(() => parseCaipNetworkId(input)).toThrowError(new Error('Invalid CAIP-2 network id'))
    },
  )

  it('behavior: isCaipNetworkId agrees with the parser', () => {
    expect(isCaipNetworkId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe(true)
    expect(isCaipNetworkId('solana')).toBe(false)
    expect(isCaipNetworkId(1)).toBe(false)
  })
})

describe('isChainNamespace', () => {
  it('behavior: only the four known namespaces', () => {
    expect(['eip155', 'solana', 'polkadot', 'bip122'].every(isChainNamespace)).toBe(true)
    expect(isChainNamespace('cosmos')).toBe(false)
    expect(isChainNamespace('Solana')).toBe(false)
  })
})

describe('validateChainId', () => {
  it('behavior: returns the number for numbers, decimal and hex strings', () => {
    expect(validateChainId(1)).toBe(1)
    expect(validateChainId('137')).toBe(137)
    expect(validateChainId('0x2105')).toBe(8453)
    expect(validateChainId(2147483647)).toBe(2147483647)
    expect(validateChainId('2147483647')).toBe(2147483647)
  })

  it.each([
    ['2^31 as a number', 2147483648],
    ['2^31 as a string', '2147483648'],
    ['2^31 in hex', '0x80000000'],
    ['a bigint-size decimal string', '99999999999999999999999999'],
    ['above MAX_SAFE_INTEGER', 2 ** 53 + 1],
    ['zero', 0],
    ['a negative number', -1],
    ['a negative string', '-1'],
    ['a fraction', 1.5],
    ['a fractional string', '1.5'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['the empty string', ''],
    ['whitespace around digits', ' 1 '],
    ['an exponent string', '1e3'],
    ['a CAIP-2 id', 'eip155:1'],
    ['full-width digits', '１'],
    ['garbage', 'mainnet'],
  ])('error: %s is an Invalid chainId', (_, input) => {
    expect(() => validateChainId(input as string | number)).toThrowError(new Error('Invalid chainId'))
  })
})
