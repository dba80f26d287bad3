import { act, configure, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { account } from '@portico/plugin-account'
import type { Kernel } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { json, startServer, supportedChains } from '@portico/tests/servers'
import { history, historyDeps } from '../plugin.js'
import { selectHistory } from '../slice.js'
import { loadTransactions } from '../transactions.js'

// views load lazily, and these files share two cores with PGlite and anvil: give slow renders room
configure({ asyncUtilTimeout: 5000 })

const ADDRESS = '0x2222222222222222222222222222222222222222'
const OTHER = '0x9999999999999999999999999999999999999999'

let seq = 0
/** A transaction in the history API's wire shape. */
function tx(over: { op?: string; chain?: string; minedAt?: string; status?: string; transfers?: unknown[] | null } = {}) {
  seq += 1
  return {
    id: `tx-${seq}`,
    metadata: {
      operationType: over.op ?? 'receive',
      hash: `0x${seq.toString(16).padStart(64, '0')}`,
      chain: over.chain ?? 'eip155:31337',
      minedAt: over.minedAt ?? new Date(Date.now() - seq * 60_000).toISOString(),
      sentFrom: OTHER,
      sentTo: ADDRESS,
      status: over.status ?? 'confirmed',
      nonce: seq,
    },
    transfers: over.transfers === undefined ? [fungible('1.5', 'in')] : over.transfers,
  }
}
const fungible = (numeric: string, direction: 'in' | 'out' | 'self', symbol = 'ETH', icon?: string) => ({
  fungible_info: { name: symbol, symbol, ...(icon ? { icon: { url: icon } } : {}) },
  direction,
  quantity: { numeric },
})
const nft = (name: string, spam: boolean, preview?: string) => ({
  nft_info: { name, flags: { is_spam: spam }, ...(preview ? { content: { preview: { url: preview } } } : {}) },
  direction: 'in',
  quantity: { numeric: '1' },
})

type Page = { status?: number; body: unknown }
let pages: Record<string, Page> = {}
let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer((_req, url, res) => {
    if (url.pathname === '/v1/supported-chains') return json(res, 200, supportedChains('eip155:31337'))
    if (url.pathname === `/v1/account/${ADDRESS}/history`) {
      const page = pages[url.searchParams.get('cursor') ?? 'first'] ?? { body: { data: [], next: null } }
      return json(res, page.status ?? 200, page.body)
    }
    json(res, 404, {})
  })
})
afterAll(() => server?.close())

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  pages = {}
  server.requests.length = 0
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

async function openActivity(options: { connect?: boolean } = {}) {
  const { plugin } = scriptedWalletPlugin({ address: ADDRESS })
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: server.url }, plugins: [account(), history(), plugin] })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  if (options.connect !== false) await act(() => kernel.connect('test-wallet').then(() => {}))
  await act(() => kernel.open('Account'))
  fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }))
  return { kernel }
}

const rows = () => Array.from(screen.getByTestId('history-list').querySelectorAll('[role="listitem"]')) as HTMLElement[]
const historyRequests = () => server.requests.filter((u) => u.pathname.endsWith('/history'))

describe('Activity tab states', { timeout: 20_000 }, () => {
  it('behavior: only the active chain, all-spam transactions hidden, transfer-less calls shown with their counterparty', async () => {
    const keep = tx({ transfers: [fungible('0.1234567', 'in', 'USDC', 'https://icons.example/usdc.svg')] })
    const otherChain = tx({ chain: 'eip155:1' })
    const spam = tx({ transfers: [nft('Free Mint', true), nft('Airdrop', true)] })
    const mixed = tx({ op: 'mint', transfers: [nft('Spam', true), nft('Real Art', false, 'https://nft.example/art.png')] })
    const call = tx({ op: 'execute', transfers: null })
    pages.first = { body: { data: [keep, otherChain, spam, mixed, call], next: null } }
    await openActivity()
    await screen.findByTestId('history-list')
    expect(rows().map((r) => r.getAttribute('data-testid'))).toEqual([`transaction-${keep.id}`, `transaction-${mixed.id}`, `transaction-${call.id}`])
    expect(within(rows()[0]!).getByTestId('transaction-description').textContent).toBe('+0.123 USDC')
    expect(rows()[0]!.querySelector('img')!.getAttribute('src')).toBe('https://icons.example/usdc.svg')
    expect(within(rows()[1]!).getByTestId('transaction-description').textContent).toBe('Real Art')
    expect(rows()[1]!.querySelector('img')!.getAttribute('src')).toBe('https://nft.example/art.png')
    expect(rows()[1]!.textContent).toContain('Minted')
    expect(within(rows()[2]!).getByTestId('transaction-description').textContent).toBe(`to ${OTHER.slice(0, 4)}...${OTHER.slice(-6)}`)
    // a call that moved nothing shows its direction, not a monogram
    expect(rows()[2]!.querySelector('.portico-history-icon svg')).not.toBeNull()
    expect(rows()[2]!.querySelector('[data-monogram]')).toBeNull()
    // the query names the chain
    expect(historyRequests()[0]!.searchParams.get('chainId')).toBe('eip155:31337')
  })

  it('behavior: signs follow the operation type, 3 decimals; failed transactions are tagged; unknown kinds read as words', async () => {
    const withdraw = tx({ op: 'withdraw', transfers: [fungible('2', 'in')] })
    const deposit = tx({ op: 'deposit', transfers: [fungible('2', 'out')] })
    const trade = tx({ op: 'trade', transfers: [fungible('1', 'out', 'ETH'), fungible('2000.4567', 'in', 'USDC')] })
    const failed = tx({ op: 'send', status: 'failed', transfers: [fungible('0.5', 'out')] })
    const bridge = tx({ op: 'bridge_out', transfers: [fungible('3', 'out')] })
    pages.first = { body: { data: [withdraw, deposit, trade, failed, bridge], next: null } }
    await openActivity()
    await screen.findByTestId('history-list')
    const text = rows().map((r) => within(r).getByTestId('transaction-description').textContent)
    expect(text).toEqual(['-2.000 ETH', '+2.000 ETH', '-1.000 ETH · +2000.457 USDC', '-0.500 ETH', '-3.000 ETH'])
    expect(rows()[3]!.textContent).toContain('failed')
    expect(rows()[4]!.textContent).toContain('Bridge out')
    // a missing image never shows broken: a monogram stands in
    expect(rows()[1]!.querySelector('[data-monogram]')).not.toBeNull()
  })

  it('error: a failure says "Failed to fetch transactions" and leaves the list empty, with a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    pages.first = { status: 500, body: { status: 'FAILED', code: 'INTERNAL_ERROR', message: 'down', reasons: [] } }
    const { kernel } = await openActivity()
    const error = await screen.findByTestId('history-error')
    expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Failed to fetch transactions', variant: 'error' })
    expect(screen.queryByTestId('history-list')).toBeNull()
    pages.first = { body: { data: [tx()], next: null } }
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }))
    await screen.findByTestId('history-list')
    expect(rows()).toHaveLength(1)
  })

  it('error: a page that breaks the contract is a failure; a single unreadable transaction is only left out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    pages.first = { body: { data: [tx(), { id: 'broken', metadata: { chain: 'eip155:31337' } }], next: null } }
    const first = await openActivity()
    await screen.findByTestId('history-list')
    expect(rows()).toHaveLength(1)
    expect(warn.mock.calls.some((c) => c.some((a) => String(a).includes('left out 1 transaction')))).toBe(true)
    cleanup()
    first.kernel.destroy()

    pages.first = { body: { transactions: [] } }
    const second = await openActivity()
    await screen.findAllByTestId('history-error')
    expect(second.kernel.getState().notifications.toast.message).toBe('Failed to fetch transactions')
  })

  it('behavior: without IntersectionObserver a "Load more" button pages on; a failed page keeps the list and offers a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal('IntersectionObserver', undefined)
    pages.first = { body: { data: [tx(), tx()], next: 'c1' } }
    pages.c1 = { status: 502, body: {} }
    const { kernel } = await openActivity()
    await screen.findByTestId('history-list')
    fireEvent.click(within(screen.getByTestId('history-more')).getByRole('button', { name: 'Load more' }))
    const retry = await screen.findByTestId('history-more-error')
    expect(rows()).toHaveLength(2)
    expect(kernel.getState().notifications.toast.message).toBe('Failed to fetch transactions')
    pages.c1 = { body: { data: [tx()], next: null } }
    fireEvent.click(within(retry).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(historyRequests().map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c1', 'c1'])
  })

  it('behavior: an empty history says so', async () => {
    pages.first = { body: { data: [], next: null } }
    await openActivity()
    const empty = await screen.findByTestId('history-empty')
    expect(empty.textContent).toContain('No activity yet')
    expect(empty.textContent).toContain('Transactions of this account on Anvil will show here.')
  })

  it('behavior: nothing is asked without an account address', async () => {
    const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: server.url }, plugins: [history()] })
    kernels.push(kernel)
    await kernel.ready
    await loadTransactions(historyDeps({ ...kernel, t: kernel.t, notify: kernel.notify }))
    expect(server.requests).toHaveLength(0)
    expect(selectHistory(kernel.getState()).key).toBeUndefined()
  })
})
