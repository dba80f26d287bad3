import { describe, expect, it, vi } from 'vitest'
import type { HttpClient, PorticoState } from '@portico/contracts/plugin'
import { loadMoreNfts, loadNfts, type NftsDeps } from './nfts.js'
import type { Nft } from './schemas.js'
import { initialNftsState, nftsSlice, selectNfts } from './slice.js'

const ADDRESS = '0x2222222222222222222222222222222222222222'
const nft = (tokenId: string): Nft => ({
  chainId: 'eip155:31337',
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  tokenId,
  name: null,
  imageUrl: null,
  collection: { name: null, symbol: null },
})

/** Deps over a bare store of the slice and the chains state a connected account has; `pages` answers by cursor. */
function setup(pages: (cursor: string | undefined) => { data: Nft[]; next: string | null } | Error, namespace = 'eip155') {
  let nfts = initialNftsState
  const caip = namespace === 'eip155' ? 'eip155:31337' : 'solana:devnet'
  const state = () =>
    ({ nfts, chains: { activeNamespace: namespace, activeCaipNetworkId: caip, accounts: { [namespace]: { address: ADDRESS, status: 'connected' } } } }) as unknown as PorticoState
  const get = vi.fn(async (request: { query?: Record<string, unknown>; schema?: { safeParse: (v: unknown) => { success: boolean; data?: unknown } } }) => {
    const answer = pages(request.query?.cursor as string | undefined)
    if (answer instanceof Error) throw answer
    return request.schema!.safeParse(answer).data
  })
  const http = { get, isNetworkSupported: async () => true } as unknown as HttpClient
  const toast = vi.fn()
  const deps: NftsDeps = {
    http,
    dispatch: (action) => void (nfts = nftsSlice.reducer(nfts, action as never)),
    getState: state,
    toast,
    t: (key) => key,
    warn: () => {},
  }
  return { deps, get, toast, slice: () => selectNfts(state()) }
}

describe('loadNfts', () => {
  it('behavior: loads the first page for the active account and network', async () => {
    const { deps, get, slice } = setup(() => ({ data: [nft('2'), nft('1')], next: null }))
    await loadNfts(deps)
    expect(get.mock.calls[0]![0]).toMatchObject({ path: `v1/account/${ADDRESS}/nfts`, query: { chainId: 'eip155:31337' } })
    expect(slice()).toMatchObject({ key: `eip155:31337|${ADDRESS}`, status: 'ready', pages: 1, emptyReason: 'none' })
    expect(slice().nfts.map((n) => n.tokenId)).toEqual(['2', '1'])
  })

  it('behavior: a namespace without NFTs is empty with its reason, and the endpoint is not asked', async () => {
    const { deps, get, slice } = setup(() => ({ data: [], next: null }), 'solana')
    await loadNfts(deps)
    expect(get).not.toHaveBeenCalled()
    expect(slice()).toMatchObject({ status: 'ready', emptyReason: 'unsupported-network' })
  })

  it('error: a failure is the error state with a toast; a quiet refresh failing keeps the grid and says nothing', async () => {
    let fail = true
    const { deps, toast, slice } = setup(() => (fail ? new Error('HTTP status code: 503') : { data: [nft('1')], next: null }))
    await loadNfts(deps)
    expect(slice().status).toBe('failed')
    expect(toast).toHaveBeenCalledWith('nfts.failed', 'error')
    fail = false
    await loadNfts(deps)
    fail = true
    await loadNfts(deps, { quiet: true })
    expect(slice()).toMatchObject({ status: 'ready' })
    expect(slice().nfts.map((n) => n.tokenId)).toEqual(['1'])
    expect(toast).toHaveBeenCalledTimes(1)
  })

  it('behavior: a quiet refresh replaces a one-page grid, but never undoes "show more"', async () => {
    let first = [nft('2'), nft('1')]
    const { deps, slice } = setup((cursor) => (cursor === 'p2' ? { data: [nft('0')], next: null } : { data: first, next: 'p2' }))
    await loadNfts(deps)
    first = [nft('3'), nft('2')]
    await loadNfts(deps, { quiet: true })
    expect(slice().nfts.map((n) => n.tokenId)).toEqual(['3', '2'])
    await loadMoreNfts(deps)
    expect(slice().nfts.map((n) => n.tokenId)).toEqual(['3', '2', '0'])
    expect(slice().pages).toBe(2)
    first = [nft('4'), nft('3')]
    await loadNfts(deps, { quiet: true })
    expect(slice().nfts.map((n) => n.tokenId)).toEqual(['3', '2', '0'])
  })
})
