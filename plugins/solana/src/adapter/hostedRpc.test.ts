// @vitest-environment node
// The solana adapter's RPC through the api's hosted endpoint (SPEC §7), against the real local chain and a real api.
import { hostedRpcUrl } from '@portico/contracts/api'
import { startTestApi, testBackends, type TestApi } from '@portico/service-api/testing'
import { startRpcRecorder, type RpcRecorder } from '@portico/tests/anvil'
import { LAMPORTS_PER_SOL, SOLANA_DEV_KEYS, SOLANA_DEV_SOL, SOLANA_LOCAL_CHAIN_ID, startSolanaChain, type SolanaChain } from '@portico/tests/solana'
import { generateKeyPairSigner, lamports } from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHostedSolanaRpc } from './hostedRpc.js'
import { createSolanaAdapter } from './index.js'
import { createKernel } from '@portico/kernel'
import solana from '../plugin.js'

let chain: SolanaChain
let api: TestApi
let upstream: RpcRecorder
let apiUrl: string
const recorders: RpcRecorder[] = []
const count = (r: RpcRecorder, method: string) => r.methods().filter((m) => m === method).length
const own = async () => {
  const r = await startRpcRecorder(chain.rpcUrl)
  recorders.push(r)
  return r
}

beforeAll(async () => {
  chain = await startSolanaChain({ slotMs: 0 })
  // the api forwards to its own recorder in front of the same chain, so each path can be told apart
  upstream = await startRpcRecorder(chain.rpcUrl)
  api = await startTestApi(testBackends()[0]!, { chains: [], indexer: { enabled: false }, rpc: { upstreams: { [SOLANA_LOCAL_CHAIN_ID]: [upstream.url] } } })
  apiUrl = (await api.server.listen(0)).url
}, 60_000)
afterAll(async () => {
  await api?.close()
  await upstream?.close()
  await chain?.close()
})
afterEach(async () => {
  await Promise.all(recorders.splice(0).map((r) => r.close()))
})

const hosted = (listed: () => Promise<boolean>, projectId = 'portico-dev') => ({ url: (caip: string) => hostedRpcUrl(apiUrl, caip, projectId), isListed: listed })
const dev = SOLANA_DEV_KEYS[7]!.address

describe('solana adapter: the hosted RPC endpoint', () => {
  it('behavior: a listed chain is read through the api, asked once whether it is listed', async () => {
    const direct = await own()
    let asked = 0
    const rpc = createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, hosted(async () => (asked++, true)))
    const before = count(upstream, 'getBalance')
    expect((await rpc.getBalance(dev).send()).value).toBe(SOLANA_DEV_SOL * LAMPORTS_PER_SOL)
    expect((await rpc.getSlot().send()) >= 0n).toBe(true)
    expect(count(upstream, 'getBalance')).toBe(before + 1)
    expect(direct.methods()).toEqual([])
    expect(asked).toBe(1)
  })

  it('behavior: a chain the api does not list, or no api at all, is read from its own URL only', async () => {
    const direct = await own()
    const before = upstream.methods().length
    await createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, hosted(async () => false)).getBalance(dev).send()
    await createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, undefined).getBalance(dev).send()
    expect(count(direct, 'getBalance')).toBe(2)
    expect(upstream.methods().length).toBe(before)
  })

  it('behavior: a method the api refuses (requestAirdrop) is asked of the chain itself', async () => {
    const direct = await own()
    const receiver = await generateKeyPairSigner()
    const rpc = createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, hosted(async () => true))
    await rpc.requestAirdrop(receiver.address, lamports(2n * LAMPORTS_PER_SOL)).send()
    expect(count(direct, 'requestAirdrop')).toBe(1)
    expect(count(upstream, 'requestAirdrop')).toBe(0)
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(2n * LAMPORTS_PER_SOL)
  })

  it('behavior: the api down, a refused project, or a failing listing leave the chain\'s own URL', async () => {
    const direct = await own()
    const down = { url: () => 'http://127.0.0.1:9/v1/?chainId=x&projectId=y', isListed: async () => true }
    await createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, down).getBalance(dev).send()
    await createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, hosted(async () => true, 'no-such-project')).getBalance(dev).send()
    await createHostedSolanaRpc(direct.url, SOLANA_LOCAL_CHAIN_ID, hosted(() => Promise.reject(new Error('supported-chains failed')))).getBalance(dev).send()
    expect(count(direct, 'getBalance')).toBe(3)
  })

  it('behavior: the adapter reads balances through the api when it is given the endpoint', async () => {
    const direct = await own()
    const adapter = createSolanaAdapter({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: direct.url }, hosted: hosted(async () => true) })
    const network = adapter.networks.find((n) => n.caipNetworkId === SOLANA_LOCAL_CHAIN_ID)!
    const before = count(upstream, 'getBalance')
    const balance = await adapter.getBalance({ address: dev, network })
    expect(balance).toMatchObject({ symbol: 'SOL' })
    expect(count(upstream, 'getBalance')).toBe(before + 1)
    expect(count(direct, 'getBalance')).toBe(0)
    adapter.destroy()
  })

  it('behavior: the plugin reads a chain the api lists through it when an api and a project id are configured', async () => {
    const direct = await own()
    // an api that serves the chain for account data lists it in v1/supported-chains
    const listing = await startTestApi(testBackends()[0]!, { chains: [], indexer: { enabled: false }, solana: [{ rpcUrl: upstream.url }] })
    const listingUrl = (await listing.server.listen(0)).url
    try {
      const read = async (endpoints: Record<string, string>, hostedRpc?: boolean) => {
        const kernel = createKernel({
          projectId: 'portico-dev',
          endpoints,
          networks: [SOLANA_LOCAL_CHAIN_ID],
          plugins: [solana({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: direct.url }, ...(hostedRpc === undefined ? {} : { hostedRpc }) })],
        })
        await kernel.ready
        try {
          const adapter = kernel.getAdapter('solana')!
          await adapter.getBalance({ address: dev, network: adapter.networks.find((n) => n.caipNetworkId === SOLANA_LOCAL_CHAIN_ID)! })
        } finally {
          kernel.destroy()
        }
      }
      const before = count(upstream, 'getBalance')
      await read({ api: listingUrl })
      expect(count(upstream, 'getBalance')).toBe(before + 1)
      expect(count(direct, 'getBalance')).toBe(0)
      await read({ api: listingUrl }, false)
      await read({})
      expect(count(direct, 'getBalance')).toBe(2)
      expect(count(upstream, 'getBalance')).toBe(before + 1)
    } finally {
      await listing.close()
    }
  }, 60_000)
})
