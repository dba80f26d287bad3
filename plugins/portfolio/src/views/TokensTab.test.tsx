import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { account } from '@portico/plugin-account'
import type { Kernel } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { deployTestToken, sendNative, startAnvil, transferTestToken, type AnvilInstance, type DeployedToken } from '../../../../services/api/src/testing/index.js'
import { startApi } from '@portico/tests/servers'
import { portfolio } from '../plugin.js'
import { selectPortfolio } from '../slice.js'

// views load lazily, and these files share two cores with PGlite and anvil: give slow renders room
configure({ asyncUtilTimeout: 5000 })

/** A fresh account: only what the test sends it. */
const HOLDER = '0x1111111111111111111111111111111111111111'

let chain: AnvilInstance
let api: Awaited<ReturnType<typeof startApi>>
let tst: DeployedToken
let zero: DeployedToken

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
  tst = await deployTestToken({ rpcUrl: chain.rpcUrl, chain: chain.chain, name: 'Test Token', symbol: 'TST', decimals: 18 })
  zero = await deployTestToken({ rpcUrl: chain.rpcUrl, chain: chain.chain, name: 'Whole Token', symbol: 'WHL', decimals: 0 })
  await sendNative({ rpcUrl: chain.rpcUrl, chain: chain.chain, to: HOLDER, amount: '1.5' })
  await transferTestToken({ rpcUrl: chain.rpcUrl, chain: chain.chain, token: tst.address, to: HOLDER, amount: '1.23456789', decimals: 18 })
  await transferTestToken({ rpcUrl: chain.rpcUrl, chain: chain.chain, token: zero.address, to: HOLDER, amount: '5', decimals: 0 })
  api = await startApi({
    chains: [
      {
        chainId: 31337,
        rpcUrl: chain.rpcUrl,
        name: 'Anvil',
        nativePrices: { usd: 3000 },
        tokens: [
          { address: tst.address, name: tst.name, symbol: tst.symbol, decimals: 18, prices: { usd: 2 } },
          { address: zero.address, name: zero.name, symbol: zero.symbol, decimals: 0, prices: { usd: 1 } },
        ],
      },
    ],
  })
}, 90_000)
afterAll(async () => {
  await api?.close()
  await chain?.stop()
})

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
})

async function openAccount() {
  const { plugin } = scriptedWalletPlugin({ address: HOLDER, chainId: 31337 })
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: api.url }, plugins: [account(), portfolio(), plugin] })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.connect('test-wallet').then(() => {}))
  await act(() => kernel.open('Account'))
  const tab = await screen.findByTestId('portfolio-tokens')
  return { kernel, tab }
}

const rows = (tab: HTMLElement) => Array.from(tab.querySelectorAll('[role="listitem"]'))

describe('Tokens tab, against the reference api and a real chain', { timeout: 30_000 }, () => {
  it('behavior: replaces the Account view\'s Tokens tab; lists tokens by value with floored quantities and the total', async () => {
    const { tab } = await openAccount()
    expect(screen.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
    await waitFor(() => expect(rows(tab)).toHaveLength(2))
    const [eth, token] = rows(tab) as HTMLElement[]
    expect(eth!.getAttribute('data-testid')).toBe('token-eip155:31337:native')
    expect(eth!.textContent).toContain('Ether')
    expect(within(eth!).getByTestId('token-quantity').textContent).toBe('1.500 ETH')
    expect(within(eth!).getByTestId('token-value').textContent).toBe('$4,500.00')
    expect(token!.getAttribute('data-testid')!.toLowerCase()).toBe(`token-eip155:31337:${tst.address}`.toLowerCase())
    expect(within(token!).getByTestId('token-quantity').textContent).toBe('1.234 TST')
    expect(within(token!).getByTestId('token-value').textContent).toBe('$2.47')
    // the 0-decimal token is dropped as low quality
    expect(tab.textContent).not.toContain('WHL')
    expect(within(tab).getByTestId('portfolio-total').textContent).toBe('$4,502.47')
    // every row has an icon: the api's token image, or a monogram
    for (const row of rows(tab)) expect(row.querySelector('img, [data-monogram]')).not.toBeNull()
  })

  it('behavior: the refresh button bypasses the 30 s caches and shows the new balance', async () => {
    const { kernel, tab } = await openAccount()
    await waitFor(() => expect(rows(tab)).toHaveLength(2))
    await transferTestToken({ rpcUrl: chain.rpcUrl, chain: chain.chain, token: tst.address, to: HOLDER, amount: '1', decimals: 18 })
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    fireEvent.click(within(tab).getByTestId('portfolio-refresh'))
    await waitFor(() => expect(rows(tab)[1]!.textContent).toContain('2.234 TST'))
    const call = fetchSpy.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname.endsWith('/balance'))!
    expect(call.pathname).toBe(`/v1/account/${HOLDER}/balance`)
    expect(call.searchParams.get('currency')).toBe('usd')
    expect(call.searchParams.get('chainId')).toBe('eip155:31337')
    expect(call.searchParams.get('forceUpdate')).toBe('true')
    expect(selectPortfolio(kernel.getState()).source).toBe('api')
  })

  it('behavior: a second look within 30 s is answered from the cache', async () => {
    const first = await openAccount()
    await waitFor(() => expect(rows(first.tab)).toHaveLength(2))
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    // another tab and back: the tab mounts again
    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }))
    fireEvent.click(await screen.findByRole('tab', { name: 'Tokens' }))
    const tab = await screen.findByTestId('portfolio-tokens')
    await waitFor(() => expect(rows(tab)).toHaveLength(2))
    expect(fetchSpy.mock.calls.filter(([u]) => String(u).includes('/balance'))).toHaveLength(0)
  })

  it('behavior: on a network the api does not serve, the list is empty and says why', async () => {
    const { kernel, tab } = await openAccount()
    await waitFor(() => expect(rows(tab)).toHaveLength(2))
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await act(() => kernel.switchNetwork('eip155:31338'))
    const empty = await within(tab).findByTestId('portfolio-empty')
    expect(empty.textContent).toContain('No tokens yet')
    expect(empty.textContent).toContain('not available on Anvil Two')
    expect(within(tab).getByTestId('portfolio-total').textContent).toBe('$0.00')
    expect(fetchSpy.mock.calls.filter(([u]) => String(u).includes('/balance'))).toHaveLength(0)
  })
})
