// Balances and history of Solana accounts, read from the real local chain (LiteSVM behind the JSON-RPC, started in
// this process) through the api, on both storage legs; every response is checked against /openapi.json.
import { ApiErrorSchema, BalanceResponseSchema, HistoryResponseSchema, SupportedChainsResponseSchema, type ApiTransaction } from '@portico/contracts/api'
import {
  LAMPORTS_PER_SOL,
  SOLANA_DEV_KEYS,
  SOLANA_LOCAL_CHAIN_ID,
  SOLANA_PTD,
  ptdAccountOf,
  signerFromSeed,
  startSolanaChain,
  type SolanaChain,
} from '@portico/tests/solana'
import { getTransferSolInstruction } from '@solana-program/system'
import { TOKEN_PROGRAM_ADDRESS, findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import {
  type Address,
  type Instruction,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { optionsFromEnv } from '../env.js'
import { type TestApi, startTestApi, testBackends } from '../testing/index.js'

const SOL_USD = 150
const PTD_TOKEN = { mint: SOLANA_PTD.mint, name: SOLANA_PTD.name, symbol: SOLANA_PTD.symbol, decimals: SOLANA_PTD.decimals, prices: { usd: 1 } }

/** Sends one transaction paid and signed by the dev key `seed`, through the chain's JSON-RPC; returns its signature. */
async function send(chain: SolanaChain, seed: string, instructions: (payer: Awaited<ReturnType<typeof signerFromSeed>>) => Promise<Instruction[]>) {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const payer = await signerFromSeed(seed)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
  )
  const full = appendTransactionMessageInstructions(await instructions(payer), message)
  const signed = await signTransactionMessageWithSigners(full)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

const sendSol = (chain: SolanaChain, seed: string, to: Address, lamports: bigint) =>
  send(chain, seed, async (payer) => [getTransferSolInstruction({ source: payer, destination: to, amount: lamports })])

/** PTD from the dev key to `to`, creating `to`'s associated token account when missing (as a wallet does). */
const sendPtd = (chain: SolanaChain, seed: string, to: Address, amount: bigint) =>
  send(chain, seed, async (payer) => {
    const [ata] = await findAssociatedTokenPda({ owner: to, mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    return [
      getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner: to, mint: SOLANA_PTD.mint }),
      getTransferCheckedInstruction({ source: await ptdAccountOf(payer.address), mint: SOLANA_PTD.mint, destination: ata, authority: payer, amount, decimals: SOLANA_PTD.decimals }),
    ]
  })

describe.each(testBackends())('solana balances and history from the local chain [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'local chain', () => {
    let chain: SolanaChain
    let api: TestApi
    const [holder, sender, , , , , fresh, other] = SOLANA_DEV_KEYS.map((k) => k)
    const balances = async (address: string, extra = '') => {
      const res = await api.get(`/v1/account/${address}/balance?chainId=${SOLANA_LOCAL_CHAIN_ID}${extra}`)
      expect(res.status).toBe(200)
      return BalanceResponseSchema.parse(res.body).balances
    }
    const history = async (address: string, extra = '') => {
      const res = await api.get(`/v1/account/${address}/history?chainId=${SOLANA_LOCAL_CHAIN_ID}${extra}`)
      expect(res.status).toBe(200)
      return HistoryResponseSchema.parse(res.body)
    }
    const allHistory = async (address: string) => {
      const all: ApiTransaction[] = []
      let cursor: string | null = null
      do {
        const page = await history(address, cursor ? `&cursor=${encodeURIComponent(cursor)}` : '')
        expect(page.data.length).toBeLessThanOrEqual(3)
        all.push(...page.data)
        cursor = page.next
      } while (cursor)
      return all
    }

    beforeAll(async () => {
      chain = await startSolanaChain({ slotMs: 0 })
      api = await startTestApi(backend, {
        chains: [],
        indexer: { enabled: false },
        historyPageSize: 3,
        solana: [{ rpcUrl: chain.rpcUrl, nativePrices: { usd: SOL_USD }, tokens: [PTD_TOKEN] }],
      })
    }, 60_000)
    afterAll(async () => {
      await api?.close()
      await chain?.close()
    })

    it('behavior: the chain is served under the CAIP-2 id read from its genesis hash', async () => {
      const res = await api.get('/v1/supported-chains')
      expect(SupportedChainsResponseSchema.parse(res.body).http).toEqual([SOLANA_LOCAL_CHAIN_ID])
    })

    it('behavior: SOL and PTD balances read from the chain, priced from the price table', async () => {
      const list = await balances(holder!.address)
      expect(list).toEqual([
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId: SOLANA_LOCAL_CHAIN_ID,
          value: 1000 * SOL_USD,
          price: SOL_USD,
          quantity: { decimals: '9', numeric: '1000' },
          iconUrl: expect.stringMatching(/\/public\/getTokenImage\/SOL$/),
        },
        {
          name: SOLANA_PTD.name,
          symbol: 'PTD',
          chainId: SOLANA_LOCAL_CHAIN_ID,
          address: `${SOLANA_LOCAL_CHAIN_ID}:${SOLANA_PTD.mint}`,
          value: 10_000,
          price: 1,
          quantity: { decimals: '6', numeric: '10000' },
          iconUrl: expect.stringMatching(/\/public\/getTokenImage\/PTD$/),
        },
      ])
      // all chains (no chainId) gives the same for a Solana account
      const res = await api.get(`/v1/account/${holder!.address}/balance`)
      expect(BalanceResponseSchema.parse(res.body).balances).toEqual(list)
    })

    it('behavior: balances are cached like eip155 ones; forceUpdate reads the chain again', async () => {
      const before = await balances(other!.address)
      expect(before.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', '1000']])
      await sendSol(chain, sender!.seed, other!.address, 2n * LAMPORTS_PER_SOL)
      expect(await balances(other!.address)).toEqual(before)
      const fresh = await balances(other!.address, '&forceUpdate=true')
      expect(fresh.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', '1002']])
      expect(await balances(other!.address)).toEqual(fresh)
    })

    it('behavior: SOL and SPL transfers in and out show in both histories, amounts and prices from the chain', async () => {
      const solSig = await sendSol(chain, sender!.seed, fresh!.address, 3n * LAMPORTS_PER_SOL / 2n)
      const ptdSig = await sendPtd(chain, sender!.seed, fresh!.address, 2_500_000n)

      const received = await history(fresh!.address)
      expect(received.data.map((t) => t.metadata.hash)).toEqual([ptdSig, solSig])
      const [ptd, sol] = received.data
      expect(ptd).toMatchObject({
        id: `${SOLANA_LOCAL_CHAIN_ID}:${ptdSig}`,
        metadata: { operationType: 'receive', chain: SOLANA_LOCAL_CHAIN_ID, status: 'confirmed', sentFrom: sender!.address, sentTo: fresh!.address },
        transfers: [{ fungible_info: { symbol: 'PTD', name: SOLANA_PTD.name }, direction: 'in', quantity: { numeric: '2.5' }, price: 1, value: 2.5 }],
      })
      expect(sol).toMatchObject({
        metadata: { operationType: 'receive', sentFrom: sender!.address, sentTo: fresh!.address },
        transfers: [{ fungible_info: { symbol: 'SOL' }, direction: 'in', quantity: { numeric: '1.5' }, price: SOL_USD, value: 1.5 * SOL_USD }],
      })
      expect(Date.parse(ptd!.metadata.minedAt)).toBeGreaterThan(Date.parse('2020-01-01'))

      const sent = await history(sender!.address)
      expect(sent.data[0]).toMatchObject({ metadata: { hash: ptdSig, operationType: 'send' }, transfers: [{ direction: 'out', quantity: { numeric: '2.5' } }] })
      expect(sent.data[1]).toMatchObject({ metadata: { hash: solSig, operationType: 'send' }, transfers: [{ direction: 'out', quantity: { numeric: '1.5' } }] })

      const list = await balances(fresh!.address, '&forceUpdate=true')
      expect(list.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', '1001.5'], ['PTD', '2.5']])
    })

    it('behavior: an incoming SPL transfer to an existing token account (the owner not named in it) still shows', async () => {
      // holder's token account exists since genesis: transferChecked names only the token accounts
      const sig = await send(chain, sender!.seed, async (payer) => [
        getTransferCheckedInstruction({
          source: await ptdAccountOf(payer.address),
          mint: SOLANA_PTD.mint,
          destination: await ptdAccountOf(holder!.address),
          authority: payer,
          amount: 1_000_000n,
          decimals: SOLANA_PTD.decimals,
        }),
      ])
      const page = await history(holder!.address)
      expect(page.data[0]).toMatchObject({ metadata: { hash: sig, operationType: 'receive' }, transfers: [{ direction: 'in', quantity: { numeric: '1' } }] })
    })

    it('behavior: pages by cursor join up without gaps or repeats, newest first, and old cursors stay valid', async () => {
      const account = SOLANA_DEV_KEYS[5]!
      const signatures: string[] = []
      for (let i = 1; i <= 4; i++) signatures.push(await sendSol(chain, sender!.seed, account.address, BigInt(i) * 1_000n))
      signatures.push(await sendPtd(chain, sender!.seed, account.address, 7n))
      signatures.push(await sendSol(chain, account.seed, other!.address, 5_000n))
      signatures.push(await sendPtd(chain, sender!.seed, account.address, 8n))
      const all = await allHistory(account.address)
      expect(all.map((t) => t.metadata.hash)).toEqual([...signatures].reverse())
      expect(all.map((t) => t.metadata.operationType)).toEqual(['receive', 'send', 'receive', 'receive', 'receive', 'receive', 'receive'])

      const first = await history(account.address)
      const later = await sendSol(chain, sender!.seed, account.address, 9_000n)
      const second = await history(account.address, `&cursor=${encodeURIComponent(first.next!)}`)
      expect(second.data.map((t) => t.metadata.hash)).toEqual([...signatures].reverse().slice(3, 6))
      expect(second.data.map((t) => t.metadata.hash)).not.toContain(later)
    })

    it('behavior: a Solana account has no history or balances on another chain, an EVM account none on Solana', async () => {
      expect((await api.get(`/v1/account/${holder!.address}/history?chainId=eip155:1`)).body).toEqual({ data: [], next: null })
      expect((await api.get(`/v1/account/${holder!.address}/balance?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`)).body).toEqual({ balances: [] })
      const evm = '0x' + 'ab'.repeat(20)
      expect((await api.get(`/v1/account/${evm}/history?chainId=${SOLANA_LOCAL_CHAIN_ID}`)).body).toEqual({ data: [], next: null })
      expect((await api.get(`/v1/account/${evm}/balance?chainId=${SOLANA_LOCAL_CHAIN_ID}`)).body).toEqual({ balances: [] })
    })

    it('error: a cursor not made by the api, and an address that is neither EVM nor Solana, are 400s', async () => {
      const bad = await api.get(`/v1/account/${holder!.address}/history?chainId=${SOLANA_LOCAL_CHAIN_ID}&cursor=${Buffer.from('["sol1",{"x":1}]').toString('base64url')}`)
      expect(bad.status).toBe(400)
      expect(ApiErrorSchema.parse(bad.body).reasons[0]).toEqual({ name: 'cursor', description: 'Invalid cursor' })
      const wrong = await api.get(`/v1/account/0OIl${'1'.repeat(30)}/balance`)
      expect(wrong.status).toBe(400)
      expect(ApiErrorSchema.parse(wrong.body).message).toMatch(/base58/)
    })
  })
})

describe.each(testBackends())('solana chain outages [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'outages', () => {
    it('error: a stopped chain answers 502 CHAIN_UNAVAILABLE naming the chain; a chain down at start is not listed', async () => {
      const chain = await startSolanaChain({ slotMs: 0 })
      const api = await startTestApi(backend, { chains: [], indexer: { enabled: false }, rpcTimeoutMs: 2_000, solana: [{ rpcUrl: chain.rpcUrl, tokens: [PTD_TOKEN] }] })
      // a chain that is not up: the api starts and serves without it
      const down = await startSolanaChain({ slotMs: 0 })
      await down.close()
      const late = await startTestApi(backend, { chains: [], indexer: { enabled: false }, rpcTimeoutMs: 500, solana: [{ rpcUrl: down.rpcUrl }] })
      try {
        const owner = SOLANA_DEV_KEYS[0]!.address
        await chain.close()
        for (const path of [`/v1/account/${owner}/balance?chainId=${SOLANA_LOCAL_CHAIN_ID}`, `/v1/account/${owner}/history?chainId=${SOLANA_LOCAL_CHAIN_ID}`]) {
          const res = await api.get(path)
          expect(res.status).toBe(502)
          expect(ApiErrorSchema.parse(res.body)).toMatchObject({ code: 'CHAIN_UNAVAILABLE', message: expect.stringContaining(SOLANA_LOCAL_CHAIN_ID) })
        }
        expect(SupportedChainsResponseSchema.parse((await late.get('/v1/supported-chains')).body).http).toEqual([])
      } finally {
        await api.close()
        await late.close()
      }
    }, 30_000)
  })
})

describe('solana configuration from the environment', () => {
  it('behavior: PORTICO_SOLANA_RPC_URL adds a Solana chain; a bad URL is refused by name', () => {
    expect(optionsFromEnv({ PORTICO_SOLANA_RPC_URL: 'http://127.0.0.1:8899' }).options.solana).toEqual([{ rpcUrl: 'http://127.0.0.1:8899' }])
    expect(optionsFromEnv({}).options.solana).toBeUndefined()
    expect(() => optionsFromEnv({ PORTICO_SOLANA_RPC_URL: 'localhost:8899' })).toThrow('PORTICO_SOLANA_RPC_URL: expected an http(s) URL')
  })
})
