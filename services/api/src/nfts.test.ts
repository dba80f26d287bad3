import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiErrorSchema, HistoryResponseSchema, NftsResponseSchema, type ApiNft } from '@portico/contracts/api'
import { type TransactionReceipt, getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainRuntimes } from './chains.js'
import { NftService, fetchTokenMetadata, isNftTransferLog, nftTransfersOf, recordNftOwnership } from './nfts.js'
import { type DeployedNft, deployTestNft, mintTestNft, transferTestNft } from './testing/erc721.js'
import { type AnvilInstance, type TestApi, sendNative, startAnvil, startTestApi, testBackends } from './testing/index.js'

const CHAIN = 'eip155:31337'

const newWallet = () => {
  const key = generatePrivateKey()
  return { key, address: privateKeyToAccount(key).address }
}

/**
 * A metadata server: `/1.json` names "Circle" with a relative image, `/2.json` is missing, `/3.json` is not JSON,
 * `/4.json` never answers, `/5.json` has fields of the wrong types. Counts requests per path.
 */
async function metadataServer() {
  const hits = new Map<string, number>()
  const hanging = new Set<import('node:http').ServerResponse>()
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (path === '/1.json') return json({ name: 'Circle', description: 'A circle', image: '/img/1.svg' })
    if (path === '/3.json') {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end('{ not json')
    }
    if (path === '/4.json') return void hanging.add(res)
    if (path === '/5.json') return json({ name: 5, image: 'javascript:alert(1)' })
    if (path === '/big.json') return json({ name: 'x'.repeat(100_000) })
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('fetchTokenMetadata', () => {
  let meta: Awaited<ReturnType<typeof metadataServer>>
  beforeAll(async () => {
    meta = await metadataServer()
  })
  afterAll(() => meta.close())

  it('behavior: reads name and image, resolving a relative image against the metadata URL', async () => {
    expect(await fetchTokenMetadata(`${meta.url}/1.json`, { timeoutMs: 2_000 })).toEqual({ ok: true, name: 'Circle', image: `${meta.url}/img/1.svg` })
  })

  it('behavior: reads JSON in a data: URL, plain or base64', async () => {
    const body = JSON.stringify({ name: 'Inline', image: 'https://example.com/i.png' })
    expect(await fetchTokenMetadata(`data:application/json;base64,${Buffer.from(body).toString('base64')}`, { timeoutMs: 100 })).toEqual({
      ok: true,
      name: 'Inline',
      image: 'https://example.com/i.png',
    })
    expect(await fetchTokenMetadata(`data:application/json,${encodeURIComponent(body)}`, { timeoutMs: 100 })).toMatchObject({ ok: true, name: 'Inline' })
  })

  it('error: a missing, invalid, slow, oversized or unsupported document is not metadata, and never throws', async () => {
    const results = await Promise.all(
      [`${meta.url}/2.json`, `${meta.url}/3.json`, `${meta.url}/4.json`, `${meta.url}/big.json`, 'ipfs://bafy/1.json', 'file:///etc/passwd', 'not a url'].map((uri) =>
        fetchTokenMetadata(uri, { timeoutMs: 300 }),
      ),
    )
    expect(results.map((r) => r.ok)).toEqual([false, false, false, false, false, false, false])
    expect(results[0]).toMatchObject({ reason: expect.stringContaining('404') })
  })

  it('behavior: fields of the wrong type, and images that are not http(s), count as absent', async () => {
    expect(await fetchTokenMetadata(`${meta.url}/5.json`, { timeoutMs: 2_000 })).toEqual({ ok: true, name: null, image: null })
  })
})

describe('nftTransfersOf', () => {
  const topic = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
  const log = (over: Partial<{ topics: string[]; data: string; logIndex: string; blockNumber: string }>) => ({
    address: '0xAbCdEf0000000000000000000000000000000001',
    topics: [topic('dd'), topic('0'), topic('0x1111111111111111111111111111111111111111'), topic('0x2a')],
    data: '0x',
    blockNumber: '0x2',
    logIndex: '0x1',
    transactionHash: `0x${'ab'.repeat(32)}`,
    ...over,
  })

  it('behavior: ERC-721 Transfers have 4 topics and no data; ERC-20 ones 3 topics and the amount', () => {
    expect(isNftTransferLog(log({}))).toBe(true)
    expect(isNftTransferLog(log({ topics: log({}).topics.slice(0, 3), data: topic('0x64') }))).toBe(false)
  })

  it('behavior: reads contract, parties and token id, in chain order', () => {
    const later = log({ blockNumber: '0x3', logIndex: '0x0' })
    const earlier = log({ topics: [topic('dd'), topic('0'), topic('0x1111111111111111111111111111111111111111'), topic('0x7')] })
    expect(nftTransfersOf([later, earlier])).toEqual([
      { contract: '0xabcdef0000000000000000000000000000000001', from: '0x0000000000000000000000000000000000000000', to: '0x1111111111111111111111111111111111111111', tokenId: 7n, blockNumber: 2, logIndex: 1, txHash: earlier.transactionHash },
      { contract: '0xabcdef0000000000000000000000000000000001', from: '0x0000000000000000000000000000000000000000', to: '0x1111111111111111111111111111111111111111', tokenId: 42n, blockNumber: 3, logIndex: 0, txHash: later.transactionHash },
    ])
  })
})

describe.each(testBackends())('NFTs on anvil [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'chain', () => {
    let anvil: AnvilInstance
    let meta: Awaited<ReturnType<typeof metadataServer>>
    let nft: DeployedNft
    let api: TestApi
    const alice = newWallet()
    const bob = newWallet()
    let transfer: TransactionReceipt
    const indexed = (receipt: TransactionReceipt) => api.server.indexer!.waitForBlock(CHAIN, receipt.blockNumber)
    const nfts = async (address: string, extra = '') => {
      const res = await api.get(`/v1/account/${address}/nfts${extra}`)
      expect(res.status).toBe(200)
      return NftsResponseSchema.parse(res.body)
    }

    beforeAll(async () => {
      meta = await metadataServer()
      anvil = await startAnvil({ chainId: 31337 })
      const { rpcUrl, chain } = anvil
      nft = await deployTestNft({ rpcUrl, chain, baseURI: `${meta.url}/`, name: 'Shapes', symbol: 'SHP' })
      api = await startTestApi(backend, { chains: [{ chainId: 31337, rpcUrl }], indexer: { pollIntervalMs: 50, maxBackoffMs: 200 } })
      await sendNative({ rpcUrl, chain, to: alice.address, amount: '1' })
      for (const tokenId of [1n, 2n, 3n, 4n, 5n]) await mintTestNft({ rpcUrl, chain, collection: nft.address, to: alice.address, tokenId })
      transfer = await transferTestNft({ rpcUrl, chain, collection: nft.address, to: bob.address, tokenId: 1n, privateKey: alice.key })
      await indexed(transfer)
    })
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
      await meta?.close()
    })

    it('behavior: lists what the account holds, newest first, with the collection; a broken metadata URL leaves name and image null', async () => {
      const page = await nfts(alice.address, `?chainId=${CHAIN}`)
      const collection = { name: 'Shapes', symbol: 'SHP' }
      const item = (tokenId: string): ApiNft => ({ chainId: CHAIN, contract: getAddress(nft.address), tokenId, name: null, imageUrl: null, collection })
      // 2: 404, 3: not JSON, 4: never answers (the request waits out the timeout), 5: wrong types
      expect(page).toEqual({ data: [item('5'), item('4'), item('3'), item('2')], next: null })
    })

    it('behavior: a received token carries its metadata; metadata is read once and then cached', async () => {
      const page = await nfts(bob.address)
      expect(page.data).toEqual([
        { chainId: CHAIN, contract: getAddress(nft.address), tokenId: '1', name: 'Circle', imageUrl: `${meta.url}/img/1.svg`, collection: { name: 'Shapes', symbol: 'SHP' } },
      ])
      await nfts(bob.address)
      await nfts(alice.address)
      expect(meta.hits.get('/1.json')).toBe(1)
      // a failed read is not retried at once either
      expect(meta.hits.get('/2.json')).toBe(1)
    })

    it('behavior: a transfer moves the token to its new owner', async () => {
      const carol = newWallet()
      await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: bob.address, amount: '1' })
      const moved = await transferTestNft({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, collection: nft.address, to: carol.address, tokenId: 1n, privateKey: bob.key })
      await indexed(moved)
      expect((await nfts(bob.address)).data).toEqual([])
      expect((await nfts(carol.address)).data.map((n) => [n.tokenId, n.name])).toEqual([['1', 'Circle']])
    })

    it('behavior: pages by cursor without repeats or gaps', async () => {
      const chains = createChainRuntimes([{ chainId: 31337, rpcUrl: anvil.rpcUrl }], 5_000)
      const service = new NftService(api.server.db, chains, { pageSize: 2, metadataTimeoutMs: 50 })
      const seen: string[] = []
      let cursor: string | undefined
      let pages = 0
      do {
        const page = await service.page(alice.address, { cursor })
        seen.push(...page.data.map((n) => n.tokenId))
        cursor = page.next ?? undefined
        pages += 1
      } while (cursor)
      expect(seen).toEqual(['5', '4', '3', '2'])
      expect(pages).toBe(2)
    })

    it('behavior: NFT transfers in history carry the token name and preview', async () => {
      const res = await api.get(`/v1/account/${bob.address}/history?chainId=${CHAIN}`)
      const received = HistoryResponseSchema.parse(res.body).data.find((tx) => tx.metadata.hash === transfer.transactionHash)
      expect(received?.metadata.operationType).toBe('receive')
      expect(received?.transfers).toEqual([
        { nft_info: { name: 'Circle', content: { preview: { url: `${meta.url}/img/1.svg` } }, flags: { is_spam: false } }, direction: 'in', quantity: { numeric: '1' } },
      ])
      const sent = HistoryResponseSchema.parse((await api.get(`/v1/account/${alice.address}/history?chainId=${CHAIN}`)).body).data
      // a token without metadata is named after its collection
      expect(sent.map((tx) => tx.transfers?.[0]?.nft_info?.name)).toEqual(['Circle', 'Shapes #5', 'Shapes #4', 'Shapes #3', 'Shapes #2', 'Circle', undefined])
      expect(sent[0]?.transfers?.[0]?.direction).toBe('out')
    })

    it('behavior: an unserved chain or an account without NFTs is an empty page', async () => {
      expect(await nfts(alice.address, '?chainId=eip155:999')).toEqual({ data: [], next: null })
      expect(await nfts(newWallet().address)).toEqual({ data: [], next: null })
    })

    it('error: a bad address or cursor is a 400 with the reason', async () => {
      const badAddress = await api.get('/v1/account/0x123/nfts')
      expect(badAddress.status).toBe(400)
      expect(ApiErrorSchema.parse(badAddress.body).code).toBe('VALIDATION_ERROR')
      const badCursor = await api.get(`/v1/account/${alice.address}/nfts?cursor=nope`)
      expect(badCursor.status).toBe(400)
      expect(ApiErrorSchema.parse(badCursor.body).message).toMatch(/Invalid cursor/)
    })

    it('behavior: a burn removes the token; a replayed older transfer does not move it back', async () => {
      const contract = nft.address.toLowerCase()
      const dave = '0x000000000000000000000000000000000000da7e'
      const base = { contract, tokenId: 99n, txHash: '0x', from: '0x0000000000000000000000000000000000000000' }
      await recordNftOwnership(api.server.db, CHAIN, [{ ...base, to: dave, blockNumber: 1_000_000, logIndex: 0 }])
      await recordNftOwnership(api.server.db, CHAIN, [{ ...base, to: '0x000000000000000000000000000000000000beef', blockNumber: 999_999, logIndex: 5 }])
      expect((await nfts(getAddress(dave))).data.map((n) => n.tokenId)).toEqual(['99'])
      await recordNftOwnership(api.server.db, CHAIN, [{ ...base, from: dave, to: '0x0000000000000000000000000000000000000000', blockNumber: 1_000_001, logIndex: 0 }])
      expect((await nfts(getAddress(dave))).data).toEqual([])
    })
  })
})
