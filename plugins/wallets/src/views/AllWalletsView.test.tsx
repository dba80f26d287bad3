import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defineConnector, definePlugin, type PluginDefinition, type RecentWallet } from '@portico/contracts/plugin'
import { createMemoryStorage, type Kernel, type KernelOptions } from '@portico/kernel'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import { json, startApi, startServer } from '@portico/tests/servers'
import { wallets, type WalletsParameters } from '../plugin.js'
import { selectWallets } from '../slice.js'

// views load lazily, and these files share two cores with PGlite and anvil: give slow renders room
configure({ asyncUtilTimeout: 5000 })

let api: Awaited<ReturnType<typeof startApi>>
beforeAll(async () => {
  // the real catalog plus 2,000 generated wallets, so paging and scrolling have something to go through
  api = await startApi({ syntheticWallets: 2000 })
}, 60_000)
afterAll(() => api?.close())

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
})

/** An installed browser wallet that announces MetaMask's reverse-DNS id (as EIP-6963 wallets do). */
const installedMetaMask = definePlugin({
  name: 'test-injected',
  version: '0.0.0',
  contracts: '^1.0.0',
  setup(ctx) {
    ctx.registerConnector(
      defineConnector({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chains: ['eip155'], info: { rdns: 'io.metamask' }, getProvider: async () => ({}) }),
    )
  },
})

async function openAllWallets(options: KernelOptions & { wallets?: WalletsParameters; url?: string; recent?: RecentWallet[] } = {}) {
  const { plugins = [], wallets: params, url = api.url, recent, ...rest } = options
  const storage = createMemoryStorage()
  // wallets used on an earlier visit, which the kernel reads when the modal opens
  if (recent) await storage.setItem('recentWallets', recent)
  const kernel = createTestKernel({
    projectId: 'portico-dev',
    endpoints: { api: url },
    storage,
    ...rest,
    plugins: [
      wallets(params),
      viewsPlugin({ ConnectingExternal: testView('ConnectingExternal'), ConnectingWalletConnect: testView('ConnectingWalletConnect') }),
      ...(plugins as PluginDefinition[]),
    ],
  })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.open('AllWallets'))
  const view = await screen.findByTestId('view-AllWallets')
  return { kernel, view }
}

const rowIds = (view: HTMLElement) => Array.from(view.querySelectorAll('[role="listitem"] [data-list-item]')).map((el) => el.getAttribute('data-testid'))

describe('AllWallets view, against the reference api', { timeout: 20_000 }, () => {
  it('behavior: featured, recommended, then the first page of 40, as a window of rows in the DOM', async () => {
    const { kernel, view } = await openAllWallets({ wallets: { featuredWalletIds: ['safe', 'rainbow'] } })
    const list = await within(view).findByTestId('all-wallets-list')
    await waitFor(() => expect(selectWallets(kernel.getState()).page).toBe(1))
    const state = selectWallets(kernel.getState())
    expect(state.topStatus).toBe('ready') // pages wait for featured and recommended, which they leave out
    expect(state.featured.map((w) => w.id)).toEqual(['safe', 'rainbow'])
    expect(state.recommended).toHaveLength(4)
    expect(state.recommended.map((w) => w.id)).not.toContain('rainbow')
    expect(state.list).toHaveLength(40)
    const all = await (await fetch(`${api.url}/getWallets?projectId=portico-dev&st=t&sv=t&entries=1&chains=eip155:31337`)).json()
    expect(all.count).toBeGreaterThan(2000)
    expect(state.count).toBe(all.count) // every wallet usable on the host's networks

    const ids = rowIds(view)
    expect(ids.slice(0, 2)).toEqual(['wallet-safe', 'wallet-rainbow'])
    expect(ids.slice(2, 6)).toEqual(state.recommended.map((w) => `wallet-${w.id}`))
    // 46 wallets loaded, a window of them rendered
    expect(list.querySelectorAll('[role="listitem"]').length).toBeLessThan(20)
    expect(list.querySelector('[role="listitem"]')!.getAttribute('aria-setsize')).toBe('46')
  })

  it('behavior: images of the first 20 of a page are fetched as object URLs and shown', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { kernel, view } = await openAllWallets()
    await waitFor(() => expect(Object.keys(selectWallets(kernel.getState()).images).length).toBeGreaterThanOrEqual(20))
    const imageCalls = fetchSpy.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/getWalletImage/'))
    const first = selectWallets(kernel.getState()).list.slice(0, 20)
    for (const w of first) expect(imageCalls.some((u) => u.includes(`/getWalletImage/${w.image_id}?`))).toBe(true)
    const img = await waitFor(() => {
      const found = within(view).getByTestId(`wallet-${first[0]!.id}`).querySelector('img')
      expect(found).not.toBeNull()
      return found!
    })
    expect(img.getAttribute('src')).toMatch(/^blob:/)
  })

  it('behavior: scrolling near the end loads the next page with a spinner row, until the registry is exhausted', async () => {
    const { kernel, view } = await openAllWallets()
    const list = await within(view).findByTestId('all-wallets-list')
    await waitFor(() => expect(selectWallets(kernel.getState()).page).toBe(1))
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    list.scrollTop = 40 * 64
    fireEvent.scroll(list)
    expect(await within(view).findByTestId('all-wallets-loading-more')).toBeTruthy()
    await waitFor(() => expect(selectWallets(kernel.getState()).page).toBe(2))
    const pageCall = fetchSpy.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname === '/getWallets')!
    expect(pageCall.searchParams.get('page')).toBe('2')
    expect(pageCall.searchParams.get('entries')).toBe('40')
    expect(pageCall.searchParams.get('chains')).toBe('eip155:31337,eip155:31338')
    // featured and recommended are listed above the pages, so the pages leave them out
    const shown = [...selectWallets(kernel.getState()).featured, ...selectWallets(kernel.getState()).recommended].map((w) => w.id)
    expect(pageCall.searchParams.get('exclude')!.split(',')).toEqual(shown)
    expect(selectWallets(kernel.getState()).list).toHaveLength(80)
    await waitFor(() => expect(within(view).queryByTestId('all-wallets-loading-more')).toBeNull())
  })

  it('behavior: search waits for typing to pause, shows a skeleton meanwhile, then up to 100 matches', async () => {
    const { view } = await openAllWallets()
    await within(view).findByTestId('all-wallets-list')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const searches = () => fetchSpy.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.searchParams.has('search'))
    const input = within(view).getByTestId('all-wallets-search')
    fireEvent.change(input, { target: { value: 'S' } })
    fireEvent.change(input, { target: { value: 'Sy' } })
    fireEvent.change(input, { target: { value: 'Synthetic' } })
    expect(within(view).getByTestId('all-wallets-skeleton')).toBeTruthy()
    expect(searches()).toHaveLength(0) // nothing asked while typing
    const list = await within(view).findByTestId('all-wallets-list', {}, { timeout: 3000 })
    expect(searches()).toHaveLength(1)
    expect(searches()[0]!.searchParams.get('search')).toBe('Synthetic')
    expect(searches()[0]!.searchParams.get('entries')).toBe('100')
    expect(list.querySelector('[role="listitem"]')!.getAttribute('aria-setsize')).toBe('100')

    fireEvent.change(input, { target: { value: 'rainbow' } })
    await waitFor(() => expect(rowIds(view)).toEqual(['wallet-rainbow']))

    fireEvent.change(input, { target: { value: 'no such wallet anywhere' } })
    expect(await within(view).findByTestId('all-wallets-no-results')).toBeTruthy()
    expect(within(view).getByTestId('all-wallets-no-results').textContent).toContain('no such wallet anywhere')

    fireEvent.change(input, { target: { value: '' } })
    await waitFor(() => expect(rowIds(view).length).toBeGreaterThan(5))
  })

  it('a11y: search results and "no wallet found" are announced in a polite live region that exists before them', async () => {
    const { view } = await openAllWallets()
    await within(view).findByTestId('all-wallets-list')
    // the region is there, empty, before any search
    const region = within(view).getByTestId('all-wallets-announcement')
    expect(region.getAttribute('role')).toBe('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
    const input = within(view).getByTestId('all-wallets-search')

    fireEvent.change(input, { target: { value: 'Synthetic' } })
    expect(region.textContent).toBe('') // nothing announced while the search is pending
    await waitFor(() => expect(region.textContent).toBe('100 wallets found'), { timeout: 3000 })
    expect(within(view).getByTestId('all-wallets-announcement')).toBe(region) // the same node: a live region must not be re-inserted

    fireEvent.change(input, { target: { value: 'rainbow' } })
    await waitFor(() => expect(region.textContent).toBe('1 wallet found'), { timeout: 3000 })

    fireEvent.change(input, { target: { value: 'no such wallet anywhere' } })
    await within(view).findByTestId('all-wallets-no-results', {}, { timeout: 3000 })
    expect(region.textContent).toBe('No wallet found')
    expect(within(view).getByTestId('all-wallets-announcement')).toBe(region)

    fireEvent.change(input, { target: { value: '' } })
    await waitFor(() => expect(region.textContent).toBe(''))
  })

  it('behavior: recent wallets come first, tagged recent', async () => {
    const { view } = await openAllWallets({ recent: [{ id: 'zerion', name: 'Zerion' }] })
    await waitFor(() => expect(rowIds(view)[0]).toBe('wallet-zerion'))
    expect(within(view).getByTestId('wallet-zerion').textContent).toContain('recent')
    expect(rowIds(view).filter((id) => id === 'wallet-zerion')).toHaveLength(1)
  })

  it('behavior: an installed wallet opens its connector; any other opens WalletConnect with the listing', async () => {
    const { kernel, view } = await openAllWallets({ plugins: [installedMetaMask] })
    await within(view).findByTestId('all-wallets-list')
    await waitFor(() => expect(rowIds(view)).toContain('wallet-metamask'))
    const metamask = within(view).getByTestId('wallet-metamask')
    expect(metamask.textContent).toContain('installed')
    fireEvent.click(metamask)
    expect(kernel.getState().router.history.at(-1)).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } })
    await screen.findByTestId('view-ConnectingExternal')
    act(() => kernel.router.goBack())

    fireEvent.click(await screen.findByTestId('wallet-trust'))
    const top = kernel.getState().router.history.at(-1) as { view: string; data: { wallet: Record<string, unknown> } }
    expect(top.view).toBe('ConnectingWalletConnect')
    expect(top.data.wallet).toMatchObject({ id: 'trust', name: 'Trust Wallet', mobile_link: 'trust://' })
  })
})

describe('AllWallets view, failures', { timeout: 20_000 }, () => {
  it('behavior: a failing registry shows an empty state with a retry that recovers', async () => {
    const server = await startServer((_req, url, res) => json(res, 503, { status: 'FAILED', code: 'INTERNAL_ERROR', message: 'down', reasons: [] }))
    try {
      const { view } = await openAllWallets({ url: server.url })
      const empty = await within(view).findByTestId('all-wallets-error')
      expect(empty.textContent).toContain('Wallets could not be loaded')
      const catalog = await (await fetch(`${api.url}/getWallets?projectId=portico-dev&st=t&sv=t&entries=40`)).json()
      server.handle((_req, url, res) => {
        if (url.pathname === '/getWallets') return json(res, 200, { count: catalog.count, data: catalog.data.slice(0, Number(url.searchParams.get('entries'))) })
        res.writeHead(404).end()
      })
      await new Promise((r) => setTimeout(r, 1000)) // retries are spaced by the minimum retry interval
      fireEvent.click(within(empty).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(rowIds(view).length).toBeGreaterThan(3))
    } finally {
      await server.close()
    }
  })

  it('behavior: an answer that breaks the registry contract is swallowed like a failure', async () => {
    const server = await startServer((_req, _url, res) => json(res, 200, { count: 'many', data: [{ id: 1 }] }))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { view } = await openAllWallets({ url: server.url })
      expect(await within(view).findByTestId('all-wallets-error')).toBeTruthy()
      expect(warn.mock.calls.some(([m]) => String(m).includes('ignored an invalid response from getWallets'))).toBe(true)
    } finally {
      await server.close()
    }
  })

  it('behavior: a failed search offers a retry', async () => {
    const server = await startServer((_req, url, res) =>
      url.searchParams.has('search') ? json(res, 500, {}) : json(res, 200, { count: 0, data: [] }),
    )
    try {
      const { view } = await openAllWallets({ url: server.url })
      expect(await within(view).findByTestId('all-wallets-empty')).toBeTruthy()
      fireEvent.change(within(view).getByTestId('all-wallets-search'), { target: { value: 'rain' } })
      const error = await within(view).findByTestId('all-wallets-search-error', {}, { timeout: 3000 })
      const before = server.requests.length
      fireEvent.click(within(error).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(server.requests.length).toBe(before + 1))
    } finally {
      await server.close()
    }
  })
})
