import { createPublicClient, InternalRpcError, UserRejectedRequestError } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, startAnvil, startRpcRecorder, type Anvil, type RecordedCall, type RpcRecorder } from '@portico/tests/anvil'
import { createEvmAdapter } from './adapter/index.js'
import { anvil, withRpcUrls } from './networks.js'
import { createRpcTransport, isFinalRpcError } from './transport.js'

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
