import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { account } from '@portico/plugin-account'
import type { Kernel } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { json, startServer, supportedChains } from '@portico/tests/servers'
import { nfts as nftsPlugin } from '../plugin.js'
import type { Nft } from '../schemas.js'

// views load lazily, and these files share two cores with PGlite and anvil: give slow renders room
configure({ asyncUtilTimeout: 5000 })

const ADDRESS = '0x2222222222222222222222222222222222222222'
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const nft = (tokenId: string, over: Partial<Nft> = {}): Nft => ({
  chainId: 'eip155:31337',
  contract: CONTRACT,
  tokenId,
  name: `Shape ${tokenId}`,
  imageUrl: `https://nft.example/${tokenId}.svg`,
  collection: { name: 'Portico Test Shapes', symbol: 'PTS' },
  ...over,
})

type Res = Parameters<Parameters<typeof startServer>[0]>[2]
let answer: (res: Res, url: URL) => void
let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer((_req, url, res) => {
    if (url.pathname === '/v1/supported-chains') return json(res, 200, supportedChains('eip155:31337'))
    if (url.pathname === `/v1/account/${ADDRESS}/nfts`) return answer(res, url)
    json(res, 404, {})
  })
})
afterAll(() => server?.close())

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
  vi.useRealTimers()
})

async function openNfts() {
  const { plugin } = scriptedWalletPlugin({ address: ADDRESS })
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: server.url }, plugins: [account(), nftsPlugin(), plugin] })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.connect('test-wallet').then(() => {}))
  await act(() => kernel.open('Account'))
  fireEvent.click(await screen.findByTestId('tab-nfts'))
  return { kernel, tab: await screen.findByTestId('nfts-tab') }
}

const nftRequests = () => server.requests.filter((u) => u.pathname.endsWith('/nfts'))

describe('NFTs tab', { timeout: 20_000 }, () => {
  it('behavior: a skeleton while loading, then a grid of images, names and collections; a missing image is a monogram', async () => {
    let release: () => void = () => {}
    answer = (res) => (release = () => json(res, 200, { data: [nft('1'), nft('8', { name: null, imageUrl: null, collection: { name: null, symbol: null } })], next: null }))
    const { tab } = await openNfts()
    expect(await within(tab).findByTestId('nfts-skeleton')).toBeTruthy()
    await waitFor(() => expect(nftRequests().length).toBe(1))
    expect(nftRequests()[0]!.searchParams.get('chainId')).toBe('eip155:31337')
    release()
    const first = await within(tab).findByTestId(`nft-${CONTRACT}-1`)
    expect(first.getAttribute('aria-label')).toBe('Shape 1, Portico Test Shapes')
    expect(first.querySelector('img')!.getAttribute('src')).toBe('https://nft.example/1.svg')
    expect(within(first).getByTestId('nft-collection').textContent).toBe('Portico Test Shapes')
    const bare = within(tab).getByTestId(`nft-${CONTRACT}-8`)
    expect(within(bare).getByTestId('nft-name').textContent).toBe('#8')
    expect(within(bare).getByTestId('nft-collection').textContent).toBe('Unknown collection')
    expect(bare.querySelector('img')).toBeNull()
    expect(bare.querySelector('[data-monogram]')).not.toBeNull()
    // every card can be reached with the keyboard
    expect(within(tab).getAllByRole('listitem').every((card) => card.tabIndex === 0)).toBe(true)
  })

  it('behavior: an image that fails to load becomes a monogram, never a broken image', async () => {
    answer = (res) => json(res, 200, { data: [nft('2')], next: null })
    const { tab } = await openNfts()
    const card = await within(tab).findByTestId(`nft-${CONTRACT}-2`)
    fireEvent.error(card.querySelector('img')!)
    expect(card.querySelector('img')).toBeNull()
    expect(card.querySelector('[data-monogram]')!.textContent).toBe('S2')
  })

  it('behavior: the empty state says why the grid is empty', async () => {
    answer = (res) => json(res, 200, { data: [], next: null })
    const { tab } = await openNfts()
    const empty = await within(tab).findByTestId('nfts-empty')
    expect(empty.textContent).toContain('No NFTs yet')
    expect(empty.textContent).toContain('NFTs you hold on Anvil will show here.')
  })

  it('error: a failure shows the error state and a toast; retry loads again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    answer = (res) => json(res, 503, { status: 'FAILED', code: 'CHAIN_UNAVAILABLE', message: 'down', reasons: [] })
    const { kernel, tab } = await openNfts()
    const error = await within(tab).findByTestId('nfts-error')
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'NFTs could not be loaded', variant: 'error' })
    answer = (res) => json(res, 200, { data: [nft('3')], next: null })
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }))
    expect(await within(tab).findByTestId(`nft-${CONTRACT}-3`)).toBeTruthy()
  })

  it('behavior: "Show more" follows the cursor and appends the next page', async () => {
    answer = (res, url) =>
      url.searchParams.get('cursor') === 'page2' ? json(res, 200, { data: [nft('1')], next: null }) : json(res, 200, { data: [nft('3'), nft('2')], next: 'page2' })
    const { tab } = await openNfts()
    fireEvent.click(await within(tab).findByTestId('nfts-more'))
    await within(tab).findByTestId(`nft-${CONTRACT}-1`)
    expect(within(tab).getAllByRole('listitem').map((c) => c.dataset.testid)).toEqual([3, 2, 1].map((id) => `nft-${CONTRACT}-${id}`))
    expect(within(tab).queryByTestId('nfts-more')).toBeNull()
  })

  it('behavior: the refresh button, and the periodic refresh while shown, pick up a token received meanwhile', async () => {
    let held = [nft('1')]
    answer = (res) => json(res, 200, { data: held, next: null })
    const { tab } = await openNfts()
    await within(tab).findByTestId(`nft-${CONTRACT}-1`)
    held = [nft('2'), nft('1')]
    fireEvent.click(within(tab).getByTestId('nfts-refresh'))
    expect(await within(tab).findByTestId(`nft-${CONTRACT}-2`)).toBeTruthy()

    // the periodic refresh: the interval the tab set, run by hand rather than waiting 15 s
    const ticks: (() => void)[] = []
    const real = globalThis.setInterval
    const setInterval = vi
      .spyOn(globalThis, 'setInterval')
      .mockImplementation(((fn: () => void, ms?: number) => (ms === 15_000 ? (ticks.push(fn), 0) : real(fn, ms))) as never)
    fireEvent.click(screen.getByTestId('tab-tokens'))
    fireEvent.click(screen.getByTestId('tab-nfts'))
    await within(await screen.findByTestId('nfts-tab')).findByTestId(`nft-${CONTRACT}-2`)
    expect(setInterval).toHaveBeenCalledWith(expect.any(Function), 15_000)
    held = [nft('1')]
    const before = nftRequests().length
    await act(async () => ticks.at(-1)!())
    // the request goes through a real HTTP server: under load it takes longer than waitFor's default second
    await waitFor(() => expect(screen.queryByTestId(`nft-${CONTRACT}-2`)).toBeNull(), { timeout: 10_000 })
    expect(nftRequests().length).toBe(before + 1)
  })
})
