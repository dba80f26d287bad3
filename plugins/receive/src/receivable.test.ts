import { describe, expect, it } from 'vitest'
import type { CaipNetworkLike, PorticoState } from '@portico/contracts/plugin'
import { receivableNetworks, selectReceivableTokens } from './receivable.js'

const net = (caipNetworkId: string, name: string): CaipNetworkLike => ({
  id: caipNetworkId.split(':')[1]!,
  caipNetworkId,
  chainNamespace: caipNetworkId.split(':')[0] as CaipNetworkLike['chainNamespace'],
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

describe('receivableNetworks', () => {
  const networks = [net('eip155:1', 'Ethereum'), net('solana:abc', 'Solana'), net('eip155:10', 'Optimism')]

  it('behavior: only the networks of the address namespace, the active one first', () => {
    expect(receivableNetworks(networks, 'eip155', 'eip155:10').map((n) => n.name)).toEqual(['Optimism', 'Ethereum'])
    expect(receivableNetworks(networks, 'solana').map((n) => n.name)).toEqual(['Solana'])
  })

  it('edge: no namespace, no networks', () => {
    expect(receivableNetworks(networks, undefined)).toEqual([])
  })
})

describe('selectReceivableTokens', () => {
  const balance = (symbol: string, iconUrl = '') => ({ name: symbol, symbol, chainId: 'eip155:1', price: 1, quantity: { decimals: '6', numeric: '1' }, iconUrl })

  it('behavior: one token per symbol, an empty icon read as unknown, the same list for the same balances', () => {
    const state = { portfolio: { balances: [balance('ETH', 'https://x/eth.png'), balance('PTD'), balance('ETH')] } } as unknown as PorticoState
    const tokens = selectReceivableTokens(state)
    expect(tokens).toEqual([
      { symbol: 'ETH', name: 'ETH', iconUrl: 'https://x/eth.png' },
      { symbol: 'PTD', name: 'PTD', iconUrl: undefined },
    ])
    expect(selectReceivableTokens(state)).toBe(tokens)
  })

  it('edge: without the portfolio plugin there are no tokens', () => {
    expect(selectReceivableTokens({} as PorticoState)).toEqual([])
  })
})
