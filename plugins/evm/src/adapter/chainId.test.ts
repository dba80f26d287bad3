import { defineConnector } from '@portico/contracts/plugin'
import { describe, expect, it } from 'vitest'
import { anvil } from '../networks.js'
import { normalizeChainId, parseChainId } from './chainId.js'
import { createEvmAdapter } from './index.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A scripted EIP-1193 wallet: answers eth_chainId with `chainId`, and lets the test emit its events. */
function scriptedWallet(chainId: unknown) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const provider = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS.toLowerCase()]
      if (method === 'eth_chainId') return chainId
      throw Object.assign(new Error('unsupported'), { code: 4200 })
    },
    on: (event: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener: (event: string, listener: (...args: unknown[]) => void) => listeners.get(event)?.delete(listener),
    emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args)),
  }
  const connector = defineConnector({ id: 'scripted', name: 'Scripted', type: 'INJECTED', chains: ['eip155'], getProvider: async () => provider })
  return { provider, connector }
}

describe('evm adapter: chain ids are decimal numbers', () => {
  it.each([
    ['0x7a69', 31337],
    ['0X7A6A', 31338],
    ['0x1', 1],
    [10, 10],
    ['137', 137],
    ['eip155:8453', 8453],
    [' 0x89 ', 137],
  ])('behavior: normalizeChainId(%j) is %i', (value, expected) => {
    expect(normalizeChainId(value)).toBe(expected)
    expect(parseChainId(value)).toBe(expected)
  })

  it.each([['0x'], ['0x0'], [0], [-1], [1.5], ['eth'], ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], [null], [undefined], [{}], ['0x' + 'f'.repeat(20)]])(
    'error: %j is no chain id',
    (value) => {
      expect(normalizeChainId(value)).toBeUndefined()
      expect(() => parseChainId(value)).toThrow(expect.objectContaining({ code: 'INVALID_WALLET_RESPONSE' }))
    },
  )

  it('behavior: watch calls onChainChanged with a number, whatever form the wallet emits, and drops unreadable ids', async () => {
    const adapter = createEvmAdapter({ networks: [anvil] })
    const { provider, connector } = scriptedWallet('0x7a69')
    const seen: unknown[] = []
    const stop = await adapter.watch({ connector, onChainChanged: (id) => seen.push(id) })
    provider.emit('chainChanged', '0x7a6a')
    provider.emit('chainChanged', '0XA')
    provider.emit('chainChanged', 137)
    provider.emit('chainChanged', '8453')
    provider.emit('chainChanged', 'eip155:42161')
    provider.emit('chainChanged', 'not a chain')
    provider.emit('chainChanged', undefined)
    expect(seen).toEqual([31338, 10, 137, 8453, 42161])
    expect(seen.every((id) => typeof id === 'number')).toBe(true)
    expect(adapter.getChainId(connector)).toBe(42161)
    stop()
    provider.emit('chainChanged', '0x1')
    expect(seen).toHaveLength(5)
    adapter.destroy()
  })

  it.each([['0x7a69'], [31337], ['31337']])('behavior: connect and reconnect return chainId 31337 as a number when the wallet answers %j', async (answer) => {
    const adapter = createEvmAdapter({ networks: [anvil] })
    const { connector } = scriptedWallet(answer)
    const connected = await adapter.connect({ connector })
    expect(connected).toEqual({ address: ADDRESS, accounts: [ADDRESS], chainId: 31337 })
    expect(await adapter.reconnect({ connector })).toEqual({ address: ADDRESS, accounts: [ADDRESS], chainId: 31337 })
    expect(adapter.getChainId(connector)).toBe(31337)
    adapter.destroy()
  })

  it('error: connect fails with INVALID_WALLET_RESPONSE when the wallet answers no chain id', async () => {
    const adapter = createEvmAdapter({ networks: [anvil] })
    const { connector } = scriptedWallet('mainnet')
    await expect(adapter.connect({ connector })).rejects.toMatchObject({ code: 'INVALID_WALLET_RESPONSE' })
    adapter.destroy()
  })
})
