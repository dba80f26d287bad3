// @vitest-environment node
import { Keyring } from '@polkadot/keyring'
import { isAddress, isCaipNetworkId } from '@portico/contracts/spec'
import { describe, expect, it } from 'vitest'
import { addressOn, publicKeyOf, usableAccounts } from './adapter/addresses.js'
import { configuredPolkadotNetworks, definePolkadotNetwork, kusama, polkadotCaipNetworkId, polkadotMainnet, polkadotNetworks, ss58PrefixOf, westend } from './networks.js'

const alice = new Keyring({ type: 'sr25519' }).createFromUri('//Alice')

describe('polkadot networks', () => {
  it('behavior: Polkadot, Kusama and Westend have CAIP-2 ids made of the genesis hash\'s first 32 hex characters', () => {
    expect(polkadotNetworks.map((n) => [n.caipNetworkId, n.name, n.nativeCurrency.symbol, n.nativeCurrency.decimals, ss58PrefixOf(n)])).toEqual([
      ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'Polkadot', 'DOT', 10, 0],
      ['polkadot:b0a8d493285c2df73290dfb7e61f870f', 'Kusama', 'KSM', 12, 2],
      ['polkadot:e143f23803ac50e8f6f8e62695d1ce9e', 'Westend', 'WND', 12, 42],
    ])
    for (const n of polkadotNetworks) {
      expect(isCaipNetworkId(n.caipNetworkId)).toBe(true)
      expect(n.caipNetworkId).toBe(`polkadot:${n.id}`)
    }
  })

  it('error: a genesis hash that is not 32 bytes of hex is refused', () => {
    expect(() => polkadotCaipNetworkId('0x1234')).toThrow('Expected a genesis hash (0x + 64 hex), got "0x1234".')
    expect(() => definePolkadotNetwork({ genesisHash: `0x${'ab'.repeat(32)}`, name: 'X', symbol: 'X', decimals: 12, ss58Prefix: -1, rpcUrls: ['http://x'] })).toThrow('Invalid SS58 prefix -1.')
  })

  it('behavior: rpcUrls replace a network\'s own; an unknown network shows addresses with the generic prefix 42', () => {
    const [dot] = configuredPolkadotNetworks({ rpcUrls: { [polkadotMainnet.caipNetworkId]: ['http://127.0.0.1:9944'] } })
    expect(dot!.rpcUrls.default.http).toEqual(['http://127.0.0.1:9944'])
    expect(ss58PrefixOf({ caipNetworkId: 'polkadot:00000000000000000000000000000000' })).toBe(42)
  })
})

describe('SS58 display', () => {
  it('behavior: the same key shows with prefix 0 on Polkadot, 2 on Kusama and 42 on Westend', () => {
    const key = publicKeyOf(alice.address)!
    expect(addressOn(key, polkadotMainnet)).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
    expect(addressOn(key, kusama)).toBe('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')
    expect(addressOn(key, westend)).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')
    for (const n of polkadotNetworks) expect(isAddress(addressOn(key, n), 'polkadot')).toBe(true)
  })

  it('behavior: ethereum-type accounts, accounts of another chain and duplicates are not offered', () => {
    const other = `0x${'11'.repeat(32)}`
    const usable = usableAccounts(
      [
        { address: alice.address, name: 'Alice' },
        { address: addressOn(publicKeyOf(alice.address)!, kusama), name: 'Alice again' },
        { address: '0x' + '22'.repeat(20), type: 'ethereum' },
        { address: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty', genesisHash: other },
        { address: 'not an address' },
      ],
      polkadotMainnet,
    )
    expect(usable).toEqual([{ publicKey: publicKeyOf(alice.address), name: 'Alice' }])
  })
})
