import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createChainRuntimes } from './chains.js'
import { type ApiServerOptions, silentLogger } from './config.js'
import { Indexer } from './indexer.js'
import { DataStore } from './store.js'
import { type AnvilInstance, type TestApi, type TestBackend, sendNative, startAnvil, startTestApi, testBackends } from './testing/index.js'

/*
 * Issue 11, item 9: several api replicas on one PostgreSQL. PGlite is one process's database, so these run on the
 * PostgreSQL leg only (PORTICO_TEST_POSTGRES=1).
 */

const CHAIN = 'eip155:31337'
const postgres = testBackends().find((b) => b.name === 'postgres') as TestBackend
const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** A backend whose every open() returns the same database, so several servers share it. */
function sharedDatabase(url: string): TestBackend {
  return { name: 'postgres', skip: false, open: async () => ({ options: { databaseUrl: url }, cleanup: async () => {} }) }
}

/** A JSON-RPC proxy in front of anvil that reports a head `lag` blocks behind: a node still syncing the same chain. */
async function laggingRpc(target: string, lag: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    type Call = { id: number; method: string }
    type Answer = { id: number; result: unknown }
    const parsed = JSON.parse(text) as Call | Call[]
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    const answers = (await upstream.json()) as Answer | Answer[]
    const list = Array.isArray(answers) ? answers : [answers]
    for (const answer of list) {
      if (calls.find((call) => call.id === answer.id)?.method === 'eth_blockNumber')
        answer.result = `0x${Math.max(0, Number(answer.result) - lag).toString(16)}`
    }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(Array.isArray(answers) ? list : list[0]))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe.skipIf(postgres.skip)(postgres.skip ? 'api replicas on one PostgreSQL (skipped: set PORTICO_TEST_POSTGRES=1)' : 'api replicas on one PostgreSQL', () => {
  let anvil: AnvilInstance
  let url: string
  let cleanup: () => Promise<void>
  const started: TestApi[] = []
  const replica = async (options: ApiServerOptions = {}) => {
    const api = await startTestApi(sharedDatabase(url), {
      chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, nativePrices: { usd: 2 } }],
      indexer: { pollIntervalMs: 50, maxBackoffMs: 200 },
      // Short enough for a test; production defaults are 15 s / 5 s / 10 s.
      databaseTimeouts: { statementMs: 5_000, lockMs: 300, idleInTransactionMs: 1_500 },
      ...options,
    })
    started.push(api)
    return api
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    const db = await postgres.open()
    url = db.options.databaseUrl as string
    cleanup = db.cleanup
    // Three replicas started one after the other, each with its own dev origins.
    for (const name of ['a', 'b', 'c']) await replica({ devOrigins: [`https://${name}.example`] })
  })
  afterAll(async () => {
    for (const api of started.splice(0)) await api.close().catch(() => undefined)
    await cleanup?.()
    await anvil?.stop()
  })

  it('seeds the dev project once: replicas with other dev origins, and restarts, never rewrite it', async () => {
    const a = started[0]
    const origins = async () => (await a.client.request('/v1/projects/portico-dev/origins')).body.allowedOrigins as string[]
    expect(await origins()).toContain('https://a.example')
    expect(await origins()).not.toContain('https://b.example')
    expect(await origins()).not.toContain('https://c.example')
    // The operator edits the allowlist; a replica starting later with its own settings leaves it alone.
    await a.server.db.query("update projects set allowed_origins = array['https://operator.example'] where id = 'portico-dev'")
    const late = await replica({ devOrigins: ['https://d.example'], indexer: { enabled: false } })
    expect((await late.client.request('/v1/projects/portico-dev/origins')).body.allowedOrigins).toEqual(['https://operator.example'])
    await a.server.db.query(
      "update projects set allowed_origins = array['http://localhost:4300', 'http://127.0.0.1:4300'] where id = 'portico-dev'",
    )
  })

  it('keeps indexing on the other replicas while one is frozen inside a transaction holding the progress lock', async () => {
    const [frozen, b, c] = [started[0], started[1], started[2]]
    const target = newAddress()
    const first = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '1' })
    await b.server.indexer!.waitForBlock(CHAIN, first.blockNumber)

    // The frozen replica stops indexing (a paused process does nothing) but keeps its transaction and row lock.
    await frozen.server.indexer!.stop()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const frozenTx = frozen.server.db.transaction(async (tx) => {
      await tx.query('select * from indexer_state where chain_id = $1 for update', [CHAIN])
      await held
    })
    frozenTx.catch(() => undefined)

    const sentAt = Date.now()
    const second = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '2' })
    // Without timeouts the others wait on the lock forever; with them the frozen session is ended after 1.5 s.
    await Promise.all([b.server.indexer!.waitForBlock(CHAIN, second.blockNumber, 8_000), c.server.indexer!.waitForBlock(CHAIN, second.blockNumber, 8_000)])
    expect(Date.now() - sentAt).toBeLessThan(8_000)
    const history = await c.get(`/v1/account/${target}/history`)
    expect(history.body.data).toHaveLength(2)
    release()
    await expect(frozenTx).rejects.toThrow()
    // The pool replaced the ended session: the thawed replica works again.
    expect((await frozen.get('/v1/supported-chains')).status).toBe(200)
  })

  it('keeps indexing while another replica process is stopped with SIGSTOP inside its transaction', async () => {
    const [b, c] = [started[1], started[2]]
    const target = newAddress()
    const first = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '1' })
    await b.server.indexer!.waitForBlock(CHAIN, first.blockNumber)
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', new URL('./testing/frozen-replica.ts', import.meta.url).pathname, url, CHAIN, '1500'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      let out = ''
      child.stdout.setEncoding('utf8')
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk
          if (out.includes('locked')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`frozen replica exited early (${code})`)))
      })
      // Paused: it can neither commit nor close; only the server's idle-in-transaction timeout frees the row.
      child.kill('SIGSTOP')
      const second = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '2' })
      await Promise.all([b.server.indexer!.waitForBlock(CHAIN, second.blockNumber, 8_000), c.server.indexer!.waitForBlock(CHAIN, second.blockNumber, 8_000)])
      expect((await c.get(`/v1/account/${target}/history`)).body.data).toHaveLength(2)
    } finally {
      child.kill('SIGKILL')
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit')
    }
  })

  it('shares the balance cache: replicas agree and forceUpdate on one refreshes all', async () => {
    const [a, b] = [started[1], started[2]]
    await started[0].server.indexer?.stop() // the thawed replica of the previous test may still be backing off
    const target = newAddress()
    await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '1' })
    const quantity = async (api: TestApi, force = false) =>
      (await api.get(`/v1/account/${target}/balance?chainId=${CHAIN}${force ? '&forceUpdate=1' : ''}`)).body.balances[0]?.quantity.numeric
    expect(await quantity(a)).toBe('1')
    expect(await quantity(b)).toBe('1')
    await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '2' })
    expect(await quantity(b)).toBe('1') // cached for 30 s
    expect(await quantity(a, true)).toBe('3')
    // the other replica sees the refresh once its in-memory copy (readCacheMs, 1 s) lapses, long before the 30 s
    // balance cache would have
    await vi.waitFor(async () => expect(await quantity(b)).toBe('3'), { timeout: 10_000, interval: 200 })
  })

  it('does not wipe the shared history when one replica reads a node that lags behind', async () => {
    const b = started[1]
    const target = newAddress()
    const sent = await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: target, amount: '5' })
    await b.server.indexer!.waitForBlock(CHAIN, sent.blockNumber)
    await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: newAddress(), amount: '1' })
    const lagging = await laggingRpc(anvil.rpcUrl, 3)
    try {
      const behind = await replica({ chains: [{ chainId: 31337, rpcUrl: lagging.url }], indexer: { enabled: false } })
      await b.server.indexer!.stop()
      // The lagging replica's indexer, stepped by hand, finds the stored progress ahead of its node.
      const indexer = new Indexer(behind.server.db, createChainRuntimes([{ chainId: 31337, rpcUrl: lagging.url }], 5_000), new DataStore(behind.server.db), silentLogger)
      await expect(indexer.step(CHAIN)).rejects.toThrow(/node is behind/)
      const history = await behind.get(`/v1/account/${target}/history`)
      expect(history.body.data).toHaveLength(1)
      const [state] = await behind.server.db.query<{ n: number }>('select count(*)::int as n from indexer_state')
      expect(state.n).toBe(1)
    } finally {
      await lagging.close()
    }
  })
}, 60_000)
