import { describe, expect, it } from 'vitest'
import { CaipNetworkSchema, NetworkSchema } from './network.js'

const mainnet = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example.com'] }, chainDefault: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  testnet: false,
  assets: { imageId: 'eth' },
}

describe('NetworkSchema', () => {
  it('behavior: accepts an EVM network and a Solana one with a string id', () => {
    expect(NetworkSchema.parse(mainnet)).toEqual(mainnet)
    const solana = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['https://solana.example.com'] } },
    }
    expect(CaipNetworkSchema.parse(solana)).toEqual(solana)
  })

  it('behavior: localhost and IP rpc urls are fine (local chains)', () => {
    const local = { ...mainnet, rpcUrls: { default: { http: ['http://localhost:8546'], webSocket: ['ws://127.0.0.1:8546'] } } }
    expect(NetworkSchema.safeParse(local).success).toBe(true)
  })

  it('behavior: extra rpc url sets are allowed next to default', () => {
    const withExtra = { ...mainnet, rpcUrls: { ...mainnet.rpcUrls, infura: { http: ['https://infura.example.com'] } } }
    expect(NetworkSchema.safeParse(withExtra).success).toBe(true)
  })

  it('error: caipNetworkId must agree with namespace and id', () => {
    const result = NetworkSchema.safeParse({ ...mainnet, caipNetworkId: 'eip155:10' })
    expect(result.error?.issues[0]?.path).toEqual(['caipNetworkId'])
  })

  it.each([
    ['a non-http rpc url', { rpcUrls: { default: { http: ['ftp://eth.example.com'] } } }],
    ['no rpc url', { rpcUrls: { default: { http: [] } } }],
    ['not a url', { rpcUrls: { default: { http: ['eth.example.com'] } } }],
    ['fractional decimals', { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 1.5 } }],
    ['an unknown namespace', { chainNamespace: 'cosmos', caipNetworkId: 'cosmos:1' }],
  ])('error: rejects %s', (_, patch) => {
    expect(NetworkSchema.safeParse({ ...mainnet, ...patch }).success).toBe(false)
  })
})
