import {
  ApiErrorSchema,
  BalanceResponseSchema,
  HistoryResponseSchema,
  type ApiTransaction,
} from '@portico/contracts/api'
import { type TransactionReceipt, formatEther, getAddress, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANVIL_DEV_KEYS,
  type AnvilInstance,
  type DeployedToken,
  type TestApi,
  clientsFor,
  deployTestToken,
  freePort,
  sendNative,
  startAnvil,
  startTestApi,
  testBackends,
  testTokenAbi,
  transferTestToken,
} from './testing/index.js'

const CHAIN = 'eip155:31337'

/** A wallet of its own (not an anvil dev account): the kind of visitor the modal serves. */
const newWallet = () => {
  const key = generatePrivateKey()
  return { key, address: privateKeyToAccount(key).address }
}

describe.each(testBackends())('balances and history on anvil [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'chain', () => {
    let anvil: AnvilInstance
    let token: DeployedToken
    let api: TestApi
    const alice = newWallet()
    const bob = newWallet()
    const indexed = (receipt: TransactionReceipt) => api.server.indexer!.waitForBlock(CHAIN, receipt.blockNumber)
    const history = async (address: string, extra = '') => {
      const res = await api.get(`/v1/account/${address}/history${extra}`)
      expect(res.status).toBe(200)
      return HistoryResponseSchema.parse(res.body)
    }
    /** Follows `next` to the end and returns every transaction. */
    const allHistory = async (address: string) => {
      const items: ApiTransaction[] = []
      let cursor: string | null = null
      do {
        const page: { data: ApiTransaction[]; next: string | null } = await history(address, cursor ? `?cursor=${encodeURIComponent(cursor)}` : '')
        items.push(...page.data)
        cursor = page.next
      } while (cursor)
      return items
    }
    const balances = async (address: string, extra = '') => {
      const res = await api.get(`/v1/account/${address}/balance?currency=usd&chainId=${CHAIN}${extra}`)
      expect(res.status).toBe(200)
      return BalanceResponseSchema.parse(res.body).balances
    }

    // Funding, then alice's own sends: 1.25 ETH and 40 PTD to bob.
    let receipts: Record<'fundEth' | 'fundToken' | 'sendEth' | 'sendToken', TransactionReceipt>

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      token = await deployTestToken({ rpcUrl: anvil.rpcUrl, chain: anvil.chain })
      api = await startTestApi(backend, {
        chains: [
          {
            chainId: 31337,
            rpcUrl: anvil.rpcUrl,
            nativePrices: { usd: 2000 },
            tokens: [{ address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, prices: { usd: 1 } }],
          },
        ],
        indexer: { pollIntervalMs: 50, maxBackoffMs: 200 },
        historyPageSize: 3,
      })
      const { rpcUrl, chain } = anvil
      receipts = {
        fundEth: await sendNative({ rpcUrl, chain, to: alice.address, amount: '10' }),
        fundToken: await transferTestToken({ rpcUrl, chain, token: token.address, to: alice.address, amount: '1000', decimals: 6 }),
        sendEth: await sendNative({ rpcUrl, chain, to: bob.address, amount: '1.25', privateKey: alice.key }),
        sendToken: await transferTestToken({ rpcUrl, chain, token: token.address, to: bob.address, amount: '40', decimals: 6, privateKey: alice.key }),
      }
      await indexed(receipts.sendToken)
    })
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    describe('balance', () => {
      it('reads native and ERC-20 balances from the chain, priced', async () => {
        const onChain = await clientsFor(anvil.rpcUrl, anvil.chain).public.getBalance({ address: alice.address })
        const items = await balances(alice.address)
        expect(items).toEqual([
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: CHAIN,
            value: Number(formatEther(onChain)) * 2000,
            price: 2000,
            quantity: { decimals: '18', numeric: formatEther(onChain) },
            iconUrl: expect.stringMatching(/\/public\/getTokenImage\/ETH$/),
          },
          {
            name: 'Portico Test Dollar',
            symbol: 'PTD',
            chainId: CHAIN,
            address: `${CHAIN}:${getAddress(token.address)}`,
            value: 960,
            price: 1,
            quantity: { decimals: '6', numeric: '960' },
            iconUrl: expect.stringMatching(/\/public\/getTokenImage\/PTD$/),
          },
        ])
        // Native currency carries no address (SPEC §3); the gas alice paid shows in the native amount.
        expect(items[0]).not.toHaveProperty('address')
        expect(Number(items[0].quantity.numeric)).toBeLessThan(10 - 1.25)
      })

      it('leaves zero balances and unserved chains out', async () => {
        expect(await balances(newWallet().address)).toEqual([])
        const other = await api.get(`/v1/account/${alice.address}/balance?currency=usd&chainId=eip155:999`)
        expect(BalanceResponseSchema.parse(other.body)).toEqual({ balances: [] })
        const all = await api.get(`/v1/account/${bob.address}/balance`)
        expect(BalanceResponseSchema.parse(all.body).balances.map((b) => b.symbol)).toEqual(['ETH', 'PTD'])
      })

      it('caches for 30 s unless forceUpdate is given', async () => {
        const carol = newWallet().address
        await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: carol, amount: '1' })
        expect((await balances(carol))[0].quantity.numeric).toBe('1')
        await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: carol, amount: '2' })
        expect((await balances(carol))[0].quantity.numeric).toBe('1')
        expect((await balances(carol, `&forceUpdate=${CHAIN}:${token.address}`))[0].quantity.numeric).toBe('3')
      })
    })

    describe('history', () => {
      it('records native and ERC-20 transfers from both sides, newest first', async () => {
        const bobs = await allHistory(bob.address)
        expect(bobs.map((t) => t.metadata.hash)).toEqual([receipts.sendToken.transactionHash, receipts.sendEth.transactionHash])
        const [tokenTx, ethTx] = bobs
        expect(tokenTx.metadata).toMatchObject({
          operationType: 'receive',
          chain: CHAIN,
          sentFrom: alice.address,
          sentTo: getAddress(token.address),
          status: 'confirmed',
          nonce: 1,
        })
        expect(tokenTx.transfers).toEqual([
          {
            fungible_info: { name: 'Portico Test Dollar', symbol: 'PTD', icon: { url: expect.stringMatching(/getTokenImage\/PTD$/) } },
            direction: 'in',
            quantity: { numeric: '40' },
            price: 1,
            value: 40,
          },
        ])
        expect(ethTx.metadata).toMatchObject({ operationType: 'receive', sentFrom: alice.address, sentTo: bob.address, nonce: 0 })
        expect(ethTx.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '1.25' }, fungible_info: expect.objectContaining({ symbol: 'ETH' }) })])
        const minedAt = Date.parse(ethTx.metadata.minedAt)
        expect(Math.abs(minedAt - Date.now())).toBeLessThan(10 * 60_000)

        const alices = await allHistory(alice.address)
        expect(alices.slice(0, 4).map((t) => [t.metadata.operationType, t.transfers?.[0].direction])).toEqual([
          ['send', 'out'],
          ['send', 'out'],
          ['receive', 'in'],
          ['receive', 'in'],
        ])
      })

      it('pages by cursor: pages join up without gaps or repeats, and old cursors stay valid', async () => {
        const dave = newWallet()
        const { rpcUrl, chain } = anvil
        let last!: TransactionReceipt
        for (const amount of ['1', '2', '3', '4', '5']) last = await sendNative({ rpcUrl, chain, to: dave.address, amount })
        await indexed(last)
        const first = await history(dave.address)
        expect(first.data.map((t) => t.transfers?.[0].quantity.numeric)).toEqual(['5', '4', '3'])
        expect(first.next).toEqual(expect.any(String))
        const second = await history(dave.address, `?cursor=${encodeURIComponent(first.next as string)}`)
        expect(second.data.map((t) => t.transfers?.[0].quantity.numeric)).toEqual(['2', '1'])
        expect(second.next).toBeNull()

        // New activity lands before the first page; a cursor taken earlier still yields the same next page.
        await indexed(await sendNative({ rpcUrl, chain, to: dave.address, amount: '6' }))
        const again = await history(dave.address, `?cursor=${encodeURIComponent(first.next as string)}`)
        expect(again).toEqual(second)
        expect((await history(dave.address)).data[0].transfers?.[0].quantity.numeric).toBe('6')
      })

      it('filters by chain and returns nothing for onramp and unserved chains', async () => {
        expect((await history(bob.address, `?chainId=${CHAIN}`)).data).toHaveLength(2)
        expect(await history(bob.address, '?chainId=eip155:1')).toEqual({ data: [], next: null })
        expect(await history(bob.address, '?onramp=coinbase')).toEqual({ data: [], next: null })
      })

      it('rejects a forged cursor with 400', async () => {
        const forged = Buffer.from(JSON.stringify([1, 'x'])).toString('base64url')
        const res = await api.get(`/v1/account/${bob.address}/history?cursor=${forged}`)
        expect(res.status).toBe(400)
        expect(ApiErrorSchema.parse(res.body).reasons[0].name).toBe('cursor')
      })

      it('lists a reverted token transfer as failed for its sender only', async () => {
        const erin = newWallet()
        const { wallet, public: client } = clientsFor(anvil.rpcUrl, anvil.chain, alice.key)
        // An explicit gas limit skips estimation, which would refuse to send a transfer that must revert.
        const hash = await wallet.writeContract({
          address: token.address,
          abi: testTokenAbi,
          functionName: 'transfer',
          args: [erin.address, parseUnits('1000000', 6)],
          gas: 100_000n,
        })
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        expect(receipt.status).toBe('reverted')
        await indexed(receipt)
        const [latest] = (await history(alice.address)).data
        expect(latest.metadata).toMatchObject({ hash, status: 'failed', operationType: 'send' })
        expect(latest.transfers).toEqual([])
        expect((await history(erin.address)).data).toEqual([])
      })

      it('marks a transfer to oneself as self', async () => {
        const receipt = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: alice.address, amount: '0.5', privateKey: alice.key })
        await indexed(receipt)
        const [latest] = (await history(alice.address)).data
        expect(latest.metadata.hash).toBe(receipt.transactionHash)
        expect(latest.transfers).toEqual([expect.objectContaining({ direction: 'self', quantity: { numeric: '0.5' } })])
      })

      it('names tokens it was not configured with by reading them from the chain', async () => {
        const other = await deployTestToken({
          rpcUrl: anvil.rpcUrl,
          chain: anvil.chain,
          privateKey: alice.key,
          name: 'Other Coin',
          symbol: 'OTH',
          decimals: 18,
        })
        const receipt = await transferTestToken({
          rpcUrl: anvil.rpcUrl,
          chain: anvil.chain,
          token: other.address,
          to: bob.address,
          amount: '2.5',
          decimals: 18,
          privateKey: alice.key,
        })
        await indexed(receipt)
        const [latest] = (await history(bob.address)).data
        expect(latest.transfers).toEqual([
          { fungible_info: { name: 'Other Coin', symbol: 'OTH', icon: { url: expect.stringMatching(/OTH$/) } }, direction: 'in', quantity: { numeric: '2.5' } },
        ])
        // The deployment minted to alice: a receive from the zero address, sent to the new contract.
        const mint = (await allHistory(alice.address)).find((t) => t.metadata.hash === other.receipt.transactionHash)
        expect(mint?.metadata).toMatchObject({ operationType: 'receive', sentTo: getAddress(other.address) })
        // Unlisted tokens are named in history but not read for balances.
        expect((await balances(bob.address, '&forceUpdate=1')).map((b) => b.symbol)).toEqual(['ETH', 'PTD'])
      })
    })
  })
})

describe.each(testBackends())('chain outages and resets [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'indexer', () => {
    it('answers 502 for a requested chain that is down, and leaves it out of all-chain reads', async () => {
      const dead = await freePort()
      const api = await startTestApi(backend, { chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${dead}` }], indexer: { enabled: false } })
      try {
        const address = privateKeyToAccount(ANVIL_DEV_KEYS[0]).address
        const one = await api.get(`/v1/account/${address}/balance?chainId=${CHAIN}`)
        expect(one.status).toBe(502)
        expect(ApiErrorSchema.parse(one.body).code).toBe('CHAIN_UNAVAILABLE')
        const all = await api.get(`/v1/account/${address}/balance`)
        expect(all.status).toBe(200)
        expect(all.body).toEqual({ balances: [] })
      } finally {
        await api.close()
      }
    })

    it('survives a chain going down and comes back reindexed after an anvil restart', async () => {
      const anvil = await startAnvil({ chainId: 31337 })
      const api = await startTestApi(backend, {
        chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
        indexer: { pollIntervalMs: 50, maxBackoffMs: 200 },
      })
      try {
        const target = newWallet().address
        const before = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '1' })
        await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '2' })
        const extra = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '3' })
        await api.server.indexer!.waitForBlock(CHAIN, extra.blockNumber)
        expect((await api.get(`/v1/account/${target}/history`)).body.data).toHaveLength(3)

        await anvil.stop()
        await expect.poll(() => api.server.indexer!.chainStatus()[0].lastError, { timeout: 5_000, interval: 50 }).not.toBeNull()
        // While the chain is down the API still answers, from what it indexed.
        expect((await api.get(`/v1/account/${target}/history`)).body.data).toHaveLength(3)

        // A fresh chain on the same port: the indexed blocks no longer exist there.
        await anvil.restart()
        const after = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '7' })
        expect(after.blockNumber).toBeLessThan(extra.blockNumber)
        await api.server.indexer!.waitForBlock(CHAIN, after.blockNumber)
        await expect.poll(() => api.server.indexer!.chainStatus()[0].lastError, { timeout: 5_000 }).toBeNull()
        const data = (await api.get(`/v1/account/${target}/history`)).body.data as ApiTransaction[]
        expect(data.map((t) => t.transfers?.[0].quantity.numeric)).toEqual(['7'])
        expect(data.map((t) => t.metadata.hash)).not.toContain(before.transactionHash)
      } finally {
        await api.close()
        await anvil.stop()
      }
    })

    it('reindexes when a restarted chain has grown past the indexed height (hash mismatch)', async () => {
      const anvil = await startAnvil({ chainId: 31337 })
      const api = await startTestApi(backend, { chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], indexer: { pollIntervalMs: 50 } })
      try {
        const target = newWallet().address
        const old = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '1' })
        await api.server.indexer!.waitForBlock(CHAIN, old.blockNumber)
        // Drive the indexer by hand so it cannot notice the restart before the new chain is taller.
        await api.server.indexer!.stop()
        await anvil.restart()
        const { public: client } = clientsFor(anvil.rpcUrl, anvil.chain)
        await client.request({ method: 'anvil_mine' as never, params: ['0x5'] as never })
        const fresh = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '4' })
        expect(fresh.blockNumber).toBeGreaterThan(old.blockNumber)
        while (!(await api.server.indexer!.step(CHAIN))) {
          // keep stepping until caught up
        }
        const data = (await api.get(`/v1/account/${target}/history`)).body.data as ApiTransaction[]
        expect(data.map((t) => t.metadata.hash)).toEqual([fresh.transactionHash])
      } finally {
        await api.close()
        await anvil.stop()
      }
    })
  })
})
