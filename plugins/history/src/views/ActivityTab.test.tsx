import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { account } from '@portico/plugin-account'
import type { Kernel } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import {
  ANVIL_DEV_KEYS,
  clientsFor,
  deployTestToken,
  sendNative,
  startAnvil,
  transferTestToken,
  type AnvilInstance,
} from '../../../../services/api/src/testing/index.js'
import { startApi } from '@portico/tests/servers'
import { history } from '../plugin.js'
import { selectHistory } from '../slice.js'

// views load lazily, and these files share two cores with PGlite and anvil: give slow renders room
configure({ asyncUtilTimeout: 5000 })

/** A fake IntersectionObserver (jsdom has none) that a test can scroll into view. */
class TestIntersectionObserver {
  static instances = new Set<TestIntersectionObserver>()
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.target = target
    TestIntersectionObserver.instances.add(this)
  }
  target: Element | undefined
  disconnect() {
    TestIntersectionObserver.instances.delete(this)
  }
  unobserve() {}
  takeRecords() {
    return []
  }
  /** The observed element scrolls into view. */
  static show() {
    for (const o of [...TestIntersectionObserver.instances]) o.callback([{ isIntersecting: true, target: o.target } as IntersectionObserverEntry], o as never)
  }
}

const DEV = clientsFor('http://127.0.0.1:1', { id: 1 } as never, ANVIL_DEV_KEYS[0]).account.address
/** The visitor's account: anvil's fourth dev account, which signs its own sends. */
const HOLDER_KEY = ANVIL_DEV_KEYS[3]
const HOLDER = clientsFor('http://127.0.0.1:1', { id: 1 } as never, HOLDER_KEY).account.address

const now = Date.now()
const year = new Date(now).getFullYear()
/** When each transaction is mined, oldest first: two years ago, last year, then minutes ago. */
const TIMES = [Date.UTC(year - 2, 10, 2, 12), Date.UTC(year - 1, 2, 15, 12), now - 5 * 60_000, now - 4 * 60_000, now - 3 * 60_000, now - 2 * 60_000, now - 60_000]

let chain: AnvilInstance
let api: Awaited<ReturnType<typeof startApi>>

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337, args: ['--timestamp', String(Math.floor(TIMES[0]! / 1000) - 3600)] })
  const { public: client } = clientsFor(chain.rpcUrl, chain.chain)
  const at = (ms: number) => client.request({ method: 'evm_setNextBlockTimestamp' as never, params: [Math.floor(ms / 1000)] as never })
  const rpc = { rpcUrl: chain.rpcUrl, chain: chain.chain }
  await at(TIMES[0]!)
  await sendNative({ ...rpc, to: HOLDER, amount: '1' }) // received, two years ago
  await at(TIMES[1]!)
  await sendNative({ ...rpc, to: DEV, amount: '0.25', privateKey: HOLDER_KEY }) // sent, last year
  await at(TIMES[2]! - 1000)
  const token = await deployTestToken({ ...rpc, name: 'Test Token', symbol: 'TST', decimals: 18 })
  await at(TIMES[2]!)
  await transferTestToken({ ...rpc, token: token.address, to: HOLDER, amount: '1.23456', decimals: 18 })
  for (const [i, ms] of TIMES.slice(3).entries()) {
    await at(ms)
    await sendNative({ ...rpc, to: HOLDER, amount: String(i + 1) })
  }
  api = await startApi({
    chains: [{ chainId: 31337, rpcUrl: chain.rpcUrl, name: 'Anvil', tokens: [{ address: token.address, name: 'Test Token', symbol: 'TST', decimals: 18 }] }],
    indexer: { enabled: true, pollIntervalMs: 50 },
    historyPageSize: 3,
  })
  await api.api.server.indexer!.waitForBlock('eip155:31337', await client.getBlockNumber(), 30_000)
}, 120_000)
afterAll(async () => {
  await api?.close()
  await chain?.stop()
})

let kernels: Kernel[] = []
beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver)
})
afterAll(() => vi.unstubAllGlobals())
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  TestIntersectionObserver.instances.clear()
  vi.restoreAllMocks()
})

async function openActivity() {
  const { plugin } = scriptedWalletPlugin({ address: HOLDER, chainId: 31337 })
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: api.url }, plugins: [account(), history(), plugin] })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.connect('test-wallet').then(() => {}))
  await act(() => kernel.open('Account'))
  fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }))
  return { kernel }
}

const rows = () => Array.from(screen.getByTestId('history-list').querySelectorAll('[role="listitem"]')) as HTMLElement[]
const groupTitles = () => Array.from(screen.getByTestId('history-list').querySelectorAll('.portico-section-label')).map((el) => el.textContent)

describe('Activity tab, against the reference api and its indexer', { timeout: 30_000 }, () => {
  it('behavior: the newest page first, then older pages by cursor as the list scrolls, with a spinner row', async () => {
    const { kernel } = await openActivity()
    await screen.findByTestId('history-list')
    expect(rows()).toHaveLength(3)
    expect(rows().map((r) => within(r).getByTestId('transaction-description').textContent)).toEqual(['+4.000 ETH', '+3.000 ETH', '+2.000 ETH'])
    expect(within(rows()[0]!).getByTestId('transaction-time').textContent).toBe('1 min')
    expect(selectHistory(kernel.getState()).next).toEqual(expect.any(String))

    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    act(() => TestIntersectionObserver.show())
    expect(screen.getByTestId('history-loading-more')).toBeTruthy()
    await waitFor(() => expect(rows()).toHaveLength(6))
    const page2 = fetchSpy.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname.endsWith('/history'))!
    expect(page2.pathname).toBe(`/v1/account/${HOLDER}/history`)
    expect(page2.searchParams.get('chainId')).toBe('eip155:31337')
    expect(page2.searchParams.get('cursor')).toBeTruthy()

    act(() => TestIntersectionObserver.show())
    await waitFor(() => expect(rows()).toHaveLength(7))
    expect(selectHistory(kernel.getState()).next).toBeNull()
    expect(screen.queryByTestId('history-more')).toBeNull()
  })

  it('behavior: grouped by month, newest first: this year by month name, earlier years with the year; signs by direction', async () => {
    await openActivity()
    await screen.findByTestId('history-list')
    for (let i = 0; i < 2; i++) {
      act(() => TestIntersectionObserver.show())
      await waitFor(() => expect(rows().length).toBeGreaterThan(3 * (i + 1)))
    }
    await waitFor(() => expect(rows()).toHaveLength(7))
    const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(now - 60_000)
    const titles = groupTitles()
    expect(titles[0]).toBe(thisMonth)
    expect(titles.slice(-2)).toEqual([`March ${year - 1}`, `November ${year - 2}`])
    const descriptions = rows().map((r) => within(r).getByTestId('transaction-description').textContent)
    expect(descriptions.slice(-3)).toEqual(['+1.235 TST', '-0.250 ETH', '+1.000 ETH'])
    expect(rows().at(-2)!.textContent).toContain('Sent')
    expect(rows().at(-1)!.textContent).toContain('Received')
    expect(within(rows().at(-1)!).getByTestId('transaction-time').textContent).toBe('2 yr')
  })

  it('behavior: another network shows only its own transactions', async () => {
    const { kernel } = await openActivity()
    await screen.findByTestId('history-list')
    await act(() => kernel.switchNetwork('eip155:31338'))
    // the api does not serve that network: an empty list, and it says so
    const empty = await screen.findByTestId('history-empty')
    expect(empty.textContent).toContain('No activity yet')
    expect(empty.textContent).toContain('Anvil Two')
  })
})
