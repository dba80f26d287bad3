import { createPublicClient, InternalRpcError, UserRejectedRequestError } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, startAnvil, startRpcRecorder, type Anvil, type RecordedCall, type RpcRecorder } from '@portico/tests/anvil'
import { createEvmAdapter } from './adapter/index.js'
import { anvil, withRpcUrls } from './networks.js'
import { createRpcTransport, isFinalRpcError } from './transport.js'
import { createKernel } from '@portico/kernel'
import evm from './plugin.js'
import { hostedRpcUrl } from '@portico/contracts/api'
import { startTestApi, testBackends, type TestApi } from '@portico/service-api/testing'

let chain: Anvil
const recorders: RpcRecorder[] = []
const cleanups: (() => void)[] = []
const [alice, bob] = ANVIL_ACCOUNTS

beforeAll(async () => {
  chain = await startAnvil()
})
afterAll(() => chain?.stop())
afterEach(async () => {
  for (const c of cleanups.splice(0)) c()
  await Promise.all(recorders.splice(0).map((r) => r.close()))
})

async function recorder(answer?: (call: RecordedCall) => { result?: unknown; error?: { code: number; message: string } } | undefined) {
  const r = await startRpcRecorder(chain.url, answer)
  recorders.push(r)
  return r
}

function client(urls: string[], rank?: { interval: number }) {
  const stop = new AbortController()
  cleanups.push(() => stop.abort())
  return { client: createPublicClient({ transport: createRpcTransport({ urls, signal: stop.signal, ...(rank ? { rank } : {}) }) }), stop }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const count = (r: RpcRecorder, method: string) => r.methods().filter((m) => m === method).length

describe('rpc transport', () => {
  it('behavior: concurrent reads go out as one JSON-RPC batch', async () => {
    const rpc = await recorder()
    const { client: c } = client([rpc.url])
    const [a, b] = await Promise.all([c.getBalance({ address: alice.address }), c.getBalance({ address: bob.address })])
    expect(a).toBeGreaterThan(0n)
    expect(b).toBeGreaterThan(0n)
    expect(rpc.requests).toHaveLength(1)
    expect(rpc.requests[0]).toMatchObject({ batch: true })
    expect(rpc.requests[0]!.calls.map((c) => c.method)).toEqual(['eth_getBalance', 'eth_getBalance'])
  })

  it('behavior: a single endpoint is never pinged (nothing to rank)', async () => {
    const rpc = await recorder()
    const { client: c } = client([rpc.url], { interval: 20 })
    await c.getBlockNumber()
    await sleep(150)
    expect(count(rpc, 'net_listening')).toBe(0)
  })

  it('behavior: endpoints are ranked by net_listening pings; an unstable first endpoint drops behind a stable one', async () => {
    const unstable = await recorder((call) => (call.method === 'net_listening' ? { error: { code: -32603, message: 'down' } } : undefined))
    const stable = await recorder()
    const { client: c } = client([unstable.url, stable.url], { interval: 20 })
    await sleep(200)
    expect(count(unstable, 'net_listening')).toBeGreaterThan(1)
    expect(count(stable, 'net_listening')).toBeGreaterThan(1)
    await c.getBlockNumber()
    expect(count(stable, 'eth_blockNumber')).toBe(1)
    expect(count(unstable, 'eth_blockNumber')).toBe(0)
  })

  it('behavior: aborting the signal stops the pings', async () => {
    const a = await recorder()
    const b = await recorder()
    const { stop } = client([a.url, b.url], { interval: 20 })
    await sleep(100)
    stop.abort()
    await sleep(150) // a ping already on the wire may still land
    const settled = a.methods().length + b.methods().length
    await sleep(200)
    expect(a.methods().length + b.methods().length).toBe(settled)
  })

  it('behavior: a dead endpoint falls back to the next one', async () => {
    const rpc = await recorder()
    const { client: c } = client(['http://127.0.0.1:9', rpc.url])
    expect(await c.getChainId()).toBe(31337)
    expect(count(rpc, 'eth_chainId')).toBeGreaterThanOrEqual(1)
  })

  it('behavior: user rejection (4001) is not retried nor sent to the next endpoint; an ordinary error is', async () => {
    const rejecting = (call: RecordedCall) => (call.method === 'eth_getBalance' ? { error: { code: 4001, message: 'User rejected the request.' } } : undefined)
    const a = await recorder(rejecting)
    const b = await recorder(rejecting)
    await expect(client([a.url, b.url]).client.getBalance({ address: alice.address })).rejects.toMatchObject({ code: 4001 })
    expect(count(a, 'eth_getBalance') + count(b, 'eth_getBalance')).toBe(1)

    const failing = (call: RecordedCall) => (call.method === 'eth_getBalance' ? { error: { code: -32000, message: 'header not found' } } : undefined)
    const c1 = await recorder(failing)
    const c2 = await recorder(failing)
    await expect(client([c1.url, c2.url]).client.getBalance({ address: alice.address })).rejects.toBeTruthy()
    expect(count(c1, 'eth_getBalance')).toBeGreaterThanOrEqual(1)
    expect(count(c2, 'eth_getBalance')).toBeGreaterThanOrEqual(1)
  })

  it('behavior: isFinalRpcError holds for 4001, 5000, -32003 and reverts only', () => {
    expect(isFinalRpcError(new UserRejectedRequestError(new Error('no')))).toBe(true)
    expect(isFinalRpcError(Object.assign(new Error('rejected'), { code: 5000 }))).toBe(true)
    expect(isFinalRpcError(Object.assign(new Error('tx rejected'), { code: -32003 }))).toBe(true)
    expect(isFinalRpcError(new Error('execution reverted: nope'))).toBe(true)
    expect(isFinalRpcError(new InternalRpcError(new Error('boom')))).toBe(false)
    expect(isFinalRpcError(new Error('fetch failed'))).toBe(false)
  })
})

describe('evm adapter: nothing calls out before it is needed', () => {
  it('behavior: creating the adapter sends nothing; the first read creates the client and starts ranking', async () => {
    const a = await recorder()
    const b = await recorder()
    const network = withRpcUrls(anvil, [a.url, b.url])
    const adapter = createEvmAdapter({ networks: [network], transport: { rank: { interval: 20 } } })
    cleanups.push(() => adapter.destroy())
    await sleep(100)
    expect(a.requests.length + b.requests.length).toBe(0)
    expect(await adapter.getBalance({ address: alice.address, network })).toMatchObject({ symbol: 'ETH' })
    await sleep(100)
    expect(count(a, 'net_listening') + count(b, 'net_listening')).toBeGreaterThan(0)
    adapter.destroy()
    await sleep(150) // a ping already on the wire may still land
    const settled = a.methods().length + b.methods().length
    await sleep(150)
    expect(a.methods().length + b.methods().length).toBe(settled)
  })
})

describe('rpc transport: the api\'s hosted endpoint (SPEC §7)', () => {
  let api: TestApi
  let upstream: RpcRecorder
  let apiUrl: string

  beforeAll(async () => {
    // the api forwards to its own recorder in front of the same anvil, so each path can be told apart
    upstream = await startRpcRecorder(chain.url)
    api = await startTestApi(testBackends()[0]!, { chains: [{ chainId: 31337, rpcUrl: upstream.url }], indexer: { enabled: false } })
    apiUrl = (await api.server.listen(0)).url
  }, 60_000)
  afterAll(async () => {
    await api?.close()
    await upstream?.close()
  })

  function hostedClient(own: string[], listed: () => Promise<boolean>, url = hostedRpcUrl(apiUrl, 'eip155:31337', 'portico-dev')) {
    const stop = new AbortController()
    cleanups.push(() => stop.abort())
    const transport = createRpcTransport({ urls: own, signal: stop.signal, rank: { interval: 60_000 }, hosted: { url, listed } })
    return createPublicClient({ transport })
  }

  it('behavior: a listed chain is read through the api first; listed() is asked once', async () => {
    const own = await recorder()
    let asked = 0
    const c = hostedClient([own.url], async () => (asked++, true))
    const before = count(upstream, 'eth_getBalance')
    expect(await c.getBalance({ address: alice.address })).toBeGreaterThan(0n)
    expect(count(upstream, 'eth_getBalance')).toBe(before + 1)
    expect(count(own, 'eth_getBalance')).toBe(0)
    // later calls go where ranking puts them (both are pinged with net_listening); the listing is not asked again
    expect(await c.getBalance({ address: bob.address })).toBeGreaterThan(0n)
    expect(count(upstream, 'eth_getBalance') + count(own, 'eth_getBalance')).toBe(before + 2)
    expect(count(upstream, 'net_listening') + count(own, 'net_listening')).toBeGreaterThan(0)
    expect(asked).toBe(1)
  })

  it('behavior: a chain the api does not list goes straight to its own URL, the api never asked', async () => {
    const own = await recorder()
    const before = upstream.methods().length
    const c = hostedClient([own.url], async () => false)
    expect(await c.getChainId()).toBe(31337)
    expect(count(own, 'eth_chainId')).toBe(1)
    expect(upstream.methods().length).toBe(before)
  })

  it('behavior: a method the api refuses (-32601) is asked of the chain\'s own URL', async () => {
    const own = await recorder()
    const c = hostedClient([own.url], async () => true)
    const accounts = await c.request({ method: 'eth_accounts' } as never)
    expect(accounts).toContain(alice.address.toLowerCase())
    expect(count(own, 'eth_accounts')).toBe(1)
    expect(count(upstream, 'eth_accounts')).toBe(0)
  })

  it('behavior: the api down, or its listing failing, leaves the chain\'s own URL', async () => {
    const own = await recorder()
    const down = hostedClient([own.url], async () => true, 'http://127.0.0.1:9/v1/?chainId=eip155%3A31337&projectId=portico-dev')
    expect(await down.getBlockNumber()).toBeGreaterThanOrEqual(0n)
    expect(count(own, 'eth_blockNumber')).toBe(1)
    const failing = hostedClient([own.url], () => Promise.reject(new Error('supported-chains failed')))
    expect(await failing.getChainId()).toBe(31337)
    expect(count(own, 'eth_chainId')).toBe(1)
  })

  it('behavior: the plugin reads chains the api lists through it when an api and a project id are configured', async () => {
    const own = await recorder()
    const kernelWith = async (endpoints: Record<string, string>, hostedRpc?: boolean) => {
      const kernel = createKernel({ projectId: 'portico-dev', endpoints, networks: ['eip155:31337'], plugins: [evm({ rpcUrls: { 31337: [own.url] }, ...(hostedRpc === undefined ? {} : { hostedRpc }) })] })
      await kernel.ready
      cleanups.push(() => kernel.destroy())
      const adapter = kernel.getAdapter('eip155')!
      await adapter.getBalance({ address: alice.address, network: adapter.networks.find((n) => n.id === 31337)! })
    }
    const before = count(upstream, 'eth_getBalance')
    await kernelWith({ api: apiUrl })
    expect(count(upstream, 'eth_getBalance')).toBe(before + 1)
    expect(count(own, 'eth_getBalance')).toBe(0)
    await kernelWith({ api: apiUrl }, false)
    await kernelWith({})
    expect(count(own, 'eth_getBalance')).toBe(2)
    expect(count(upstream, 'eth_getBalance')).toBe(before + 1)
  })

  it('behavior: an unknown project (401) falls back to the chain\'s own URL', async () => {
    const own = await recorder()
    const c = hostedClient([own.url], async () => true, hostedRpcUrl(apiUrl, 'eip155:31337', 'no-such-project'))
    expect(await c.getChainId()).toBe(31337)
    expect(count(own, 'eth_chainId')).toBe(1)
  })
})
