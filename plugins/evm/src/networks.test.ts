import { NetworkSchema } from '@portico/contracts/schemas'
import { SWAP_CHAIN_IDS } from '@portico/contracts/spec'
import { describe, expect, it } from 'vitest'
import { anvil, anvil2, defineEvmNetwork, evmChainId, evmNetworks, localEvmNetworks, wellKnownEvmNetworks, withRpcUrls } from './networks.js'

describe('evm networks', () => {
  it('behavior: defines the SPEC §9 chains and the two local anvils', () => {
    expect(wellKnownEvmNetworks.map((n) => n.id)).toEqual([
      1, 10, 56, 100, 137, 250, 324, 8217, 8453, 42161, 43114, 1313161554, 42220, 7777777, 84532, 11155111,
    ])
    for (const id of SWAP_CHAIN_IDS) expect(evmNetworks.some((n) => n.id === id)).toBe(true)
    expect(localEvmNetworks).toEqual([anvil, anvil2])
    expect(anvil).toMatchObject({ id: 31337, name: 'Anvil', caipNetworkId: 'eip155:31337', rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
    expect(anvil2).toMatchObject({ id: 31338, name: 'Anvil 2', caipNetworkId: 'eip155:31338', rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } })
  })

  it('behavior: every network is valid for the contracts schema, unique, with caipNetworkId = eip155:id and an image', () => {
    const ids = new Set<number>()
    for (const network of evmNetworks) {
      expect(NetworkSchema.safeParse(network).success, network.name).toBe(true)
      expect(network.caipNetworkId).toBe(`eip155:${network.id}`)
      expect(network.chainNamespace).toBe('eip155')
      expect(network.nativeCurrency.decimals).toBe(18)
      expect(network.rpcUrls.chainDefault?.http.length).toBeGreaterThan(0)
      expect(network.assets?.imageId).toMatch(/^[a-z0-9-]+$/)
      expect(ids.has(network.id)).toBe(false)
      ids.add(network.id)
    }
    expect(evmNetworks.filter((n) => n.testnet).map((n) => n.id)).toEqual([84532, 11155111, 31337, 31338])
  })

  it('behavior: currencies of the non-ether chains', () => {
    const symbol = (id: number) => evmNetworks.find((n) => n.id === id)?.nativeCurrency.symbol
    expect([56, 100, 137, 250, 8217, 43114, 42220].map(symbol)).toEqual(['BNB', 'XDAI', 'POL', 'FTM', 'KAIA', 'AVAX', 'CELO'])
  })

  it('behavior: defineEvmNetwork and withRpcUrls', () => {
    const n = defineEvmNetwork({ id: 12345, name: 'Mine', rpcUrls: ['https://rpc.mine.example'] })
    expect(n).toEqual({
      id: 12345,
      caipNetworkId: 'eip155:12345',
      chainNamespace: 'eip155',
      name: 'Mine',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.mine.example'] }, chainDefault: { http: ['https://rpc.mine.example'] } },
      testnet: false,
    })
    const moved = withRpcUrls(anvil, ['http://127.0.0.1:18545'])
    expect(moved.rpcUrls).toEqual({ default: { http: ['http://127.0.0.1:18545'] }, chainDefault: { http: ['http://127.0.0.1:18545'] } })
    expect(anvil.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
  })

  it('behavior: evmChainId reads numbers, decimal and hex strings; rejects the rest', () => {
    expect(evmChainId(anvil)).toBe(31337)
    expect(evmChainId('31338')).toBe(31338)
    expect(evmChainId('0x7a69')).toBe(31337)
    expect(evmChainId('abc')).toBeUndefined()
    expect(evmChainId(0)).toBeUndefined()
    expect(evmChainId(-1)).toBeUndefined()
    expect(evmChainId({ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBeUndefined()
  })
})
