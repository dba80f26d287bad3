import { LAMPORTS_PER_SOL, SOLANA_DEV_KEYS, SOLANA_DEV_SOL, SOLANA_LOCAL_CHAIN_ID, type SolanaChain, signerFromSeed, startSolanaChain } from '@portico/tests/solana'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApi, freePort, startTestApi, testBackends } from '../testing/index.js'

/*
 * The hosted RPC endpoint in front of the real local Solana chain (LiteSVM behind the standard JSON-RPC), driven by
 * @solana/kit's own RPC client: reads, a signed transfer sent through it and read back from the chain, u64 values
 * kept exact, faucet and unknown methods refused, and the first upstream down.
 */

describe.each(testBackends())('hosted RPC endpoint on the local Solana chain [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'POST /v1/', () => {
    let chain: SolanaChain
    let api: TestApi
    let endpoint: string

    beforeAll(async () => {
      chain = await startSolanaChain({ slotMs: 0 })
      const dead = `http://127.0.0.1:${await freePort()}`
      api = await startTestApi(backend, { chains: [], indexer: { enabled: false }, rpc: { upstreams: { [SOLANA_LOCAL_CHAIN_ID]: [dead, chain.rpcUrl] } } })
      const { url } = await api.server.listen(0)
      endpoint = `${url}/v1/?chainId=${SOLANA_LOCAL_CHAIN_ID}&projectId=portico-dev`
    }, 60_000)
    afterAll(async () => {
      await api?.close()
      await chain?.close()
    })

    it('behavior: kit reads the chain through it, past a dead first upstream, with u64 values exact', async () => {
      const rpc = createSolanaRpc(endpoint)
      expect(SOLANA_LOCAL_CHAIN_ID).toBe(`solana:${(await rpc.getGenesisHash().send()).slice(0, 32)}`)
      const { value } = await rpc.getBalance(SOLANA_DEV_KEYS[7]!.address).send()
      expect(value).toBe(SOLANA_DEV_SOL * LAMPORTS_PER_SOL)
      // rentEpoch is u64::MAX on rent-exempt accounts: beyond 2^53, so a re-serialised answer would round it
      const account = await rpc.getAccountInfo(SOLANA_DEV_KEYS[7]!.address, { encoding: 'base64' }).send()
      expect(account.value?.rentEpoch).toBe(18446744073709551615n)
    })

    it('behavior: a transfer signed by the client is sent through it and lands on the chain', async () => {
      const rpc = createSolanaRpc(endpoint)
      const payer = await signerFromSeed(SOLANA_DEV_KEYS[6]!.seed)
      const receiver = await generateKeyPairSigner()
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: receiver.address, amount: lamports(1_234_567n) }), m),
      )
      const signed = await signTransactionMessageWithSigners(message)
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
      const direct = createSolanaRpc(chain.rpcUrl)
      expect((await direct.getBalance(receiver.address).send()).value).toBe(1_234_567n)
    })

    it('behavior: a Solana chain configured for account data (options.solana) is served without rpc.upstreams', async () => {
      const other = await startTestApi(backend, { chains: [], indexer: { enabled: false }, solana: [{ rpcUrl: chain.rpcUrl }] })
      try {
        const listed = await other.get('/v1/supported-chains')
        expect(listed.body.http).toContain(SOLANA_LOCAL_CHAIN_ID)
        const res = await other.client.request(`/v1/?chainId=${SOLANA_LOCAL_CHAIN_ID}&projectId=portico-dev`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
        })
        expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: expect.stringMatching(new RegExp(`^${SOLANA_LOCAL_CHAIN_ID.slice(7)}`)) })
      } finally {
        await other.close()
      }
    })

    it('error: requestAirdrop and unknown methods are refused, the chain untouched', async () => {
      const receiver = await generateKeyPairSigner()
      const rpc = createSolanaRpc(endpoint)
      await expect(rpc.requestAirdrop(receiver.address, lamports(5n * LAMPORTS_PER_SOL)).send()).rejects.toThrow(/not allowed|-32601/)
      const direct = createSolanaRpc(chain.rpcUrl)
      expect((await direct.getBalance(receiver.address).send()).value).toBe(0n)
    })
  })
})
