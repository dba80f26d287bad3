import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import { history } from '@portico/plugin-history'
import { portfolio } from '@portico/plugin-portfolio'
import { anvil, createTestKernel, scriptedWalletPlugin } from '@portico/tests/react'
import { liveNative, loadSendBalances, nativeFromAccount } from './balances.js'
import { refreshAfterSend } from './flow.js'
import { send } from './plugin.js'
import { selectSend } from './slice.js'

const state = (balance: string | undefined) =>
  ({
    chains: {
      activeNamespace: 'eip155',
      activeCaipNetworkId: 'eip155:31337',
      networks: [anvil],
      pendingNetworkIds: [],
      accounts: { eip155: { status: 'connected', address: '0x1234567890abcdef1234567890abcdef12345678', balance, currentTab: 0, allAccounts: [], addressLabels: {} } },
    },
  }) as unknown as PorticoState

describe('native balance', () => {
  it("behavior: from the kernel's account when the list lacks it, priced 0 (unknown)", () => {
    expect(nativeFromAccount(state('1.5'))).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337', price: 0, quantity: { decimals: '18', numeric: '1.5' } })
    expect(nativeFromAccount(state(undefined))).toBeUndefined()
  })

  it("behavior: the fee check reads the list's price with the chain's fresher quantity", () => {
    const listed = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 3000, quantity: { decimals: '18', numeric: '10' }, iconUrl: '' }
    expect(liveNative([listed], state('0'))).toMatchObject({ price: 3000, quantity: { numeric: '0' } })
    expect(liveNative([listed], state(undefined))).toBe(listed)
  })
})

describe('through the portfolio and history plugins\' APIs (extension points, no import of their code)', () => {
  const kernels: Kernel[] = []
  afterEach(() => {
    kernels.splice(0).forEach((k) => k.destroy())
  })
  const ptd = { name: 'PTD', symbol: 'PTD', chainId: 'eip155:31337', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', price: 1, value: 12, quantity: { decimals: '6', numeric: '12' }, iconUrl: '' }

  it('behavior: the picker lists what portfolio/api reads, the native currency added; a send refreshes through both APIs', async () => {
    const api = { balances: vi.fn(async () => [ptd]), refresh: vi.fn(async () => {}) }
    const history = { refresh: vi.fn(async () => {}) }
    const apis = definePlugin({
      name: 'apis',
      version: '0.1.0',
      contracts: '^1.0.0',
      setup(ctx) {
        ctx.extensions.contribute('portfolio/api', { items: [api] })
        ctx.extensions.contribute('history/api', { items: [history] })
      },
    })
    const wallet = scriptedWalletPlugin({ balance: '1.5' })
    const kernel = createTestKernel({ plugins: [send(), apis, wallet.plugin] })
    kernels.push(kernel)
    await kernel.ready
    await kernel.connect('test-wallet')
    await vi.waitFor(() => expect([kernel.getState().chains.accounts.eip155?.balance, Boolean(kernel.getState().send)]).toEqual(['1.5', true]))
    await loadSendBalances(kernel, true)
    expect(api.balances).toHaveBeenCalledWith({ forceUpdate: true })
    expect(selectSend(kernel.getState()).tokenBalances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['PTD', '12'],
      ['ETH', '1.5'],
    ])
    refreshAfterSend(kernel)
    expect(api.refresh).toHaveBeenCalledWith({ forceUpdate: true })
    expect(history.refresh).toHaveBeenCalled()
  })

  it('behavior: the real portfolio and history plugins contribute their APIs; without them the picker still offers the native currency', async () => {
    const wallet = scriptedWalletPlugin({ balance: '2' })
    const kernel = createTestKernel({ plugins: [portfolio(), history(), wallet.plugin] })
    kernels.push(kernel)
    await kernel.ready
    expect(kernel.extensions.read('portfolio/api')).toHaveLength(1)
    expect(kernel.extensions.read('history/api')).toHaveLength(1)
    expect(await kernel.extensions.read('portfolio/api')[0]!.balances()).toEqual([]) // nothing connected

    const bare = createTestKernel({ plugins: [send(), wallet.plugin] })
    kernels.push(bare)
    await bare.ready
    await bare.connect('test-wallet')
    await vi.waitFor(() => expect([bare.getState().chains.accounts.eip155?.balance, Boolean(bare.getState().send)]).toEqual(['2', true]))
    await loadSendBalances(bare)
    expect(selectSend(bare.getState()).tokenBalances.map((b) => b.symbol)).toEqual(['ETH'])
  })
})
