/**
 * Load benchmark of the reference API on loopback: `npm run bench -w services/api`.
 *
 * Starts its own anvil and the API (PGlite in memory), then fires a bounded number of requests per endpoint with a
 * fixed concurrency and prints requests per second and p50/p99 latency. Every run is capped in time and the process
 * exits by itself. Knobs: BENCH_REQUESTS (default 2000), BENCH_CONCURRENCY (32), BENCH_SECONDS_PER_ENDPOINT (20).
 */
import { performance } from 'node:perf_hooks'
import { privateKeyToAccount } from 'viem/accounts'
import { silentLogger } from './config.js'
import { createApiServer } from './server.js'
import { ANVIL_DEV_KEYS, deployTestToken, sendNative, startAnvil } from './testing/index.js'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const SECONDS_PER_ENDPOINT = Number(process.env.BENCH_SECONDS_PER_ENDPOINT ?? 20)
const HARD_CAP_MS = 180_000

// Whatever happens (a hung socket, a stuck chain), the benchmark ends.
const watchdog = setTimeout(() => {
  console.error(`bench: hard time cap of ${HARD_CAP_MS / 1000} s reached, exiting`)
  process.exit(2)
}, HARD_CAP_MS)
watchdog.unref()

interface Result {
  name: string
  sent: number
  ok: number
  failed: number
  seconds: number
  p50: number
  p99: number
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** Runs `total` requests from `url(i)` with `concurrency` in flight, stopping early at the time cap. */
async function run(name: string, url: (i: number) => string, total = REQUESTS): Promise<Result> {
  // Warm-up: JIT, connection pool, caches; not measured.
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, total) }, (_, i) => fetch(url(i)).then((r) => r.arrayBuffer())))
  const latencies: number[] = []
  let next = 0
  let failed = 0
  const deadline = performance.now() + SECONDS_PER_ENDPOINT * 1000
  const started = performance.now()
  const worker = async () => {
    while (next < total && performance.now() < deadline) {
      const i = next++
      const t0 = performance.now()
      try {
        const res = await fetch(url(i), { signal: AbortSignal.timeout(10_000) })
        await res.arrayBuffer()
        if (res.status === 200) latencies.push(performance.now() - t0)
        else failed++
      } catch {
        failed++
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { name, sent: latencies.length + failed, ok: latencies.length, failed, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

async function main() {
  console.log(`bench: ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}, cap ${SECONDS_PER_ENDPOINT} s each`)
  const anvil = await startAnvil({ chainId: 31337 })
  const token = await deployTestToken({ rpcUrl: anvil.rpcUrl, chain: anvil.chain })
  const server = await createApiServer({
    chains: [
      {
        chainId: 31337,
        rpcUrl: anvil.rpcUrl,
        nativePrices: { usd: 2000 },
        tokens: [{ address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, prices: { usd: 1 } }],
      },
    ],
    indexer: { enabled: false },
    syntheticWallets: 2_000,
    logger: silentLogger,
  })
  try {
    const { url: base } = await server.listen(0)
    console.log(`bench: api at ${base} (database ${server.db.kind}), anvil at ${anvil.rpcUrl}`)
    const q = 'projectId=portico-dev&st=bench&sv=1.0.0'

    // 100 addresses, every other one named; 10 funded accounts for balances.
    const addresses = Array.from({ length: 100 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
    for (const [i, a] of addresses.entries()) if (i % 2 === 0) await server.store.setName(`bench-${i}.portico.id`, a)
    const funded = ANVIL_DEV_KEYS.map((k) => privateKeyToAccount(k).address)
    await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: funded[1], amount: '1' })
    const searches = ['meta', 'wallet', 'synthetic wallet 01', 'safe', 'x']

    const results: Result[] = []
    results.push(await run('identity', (i) => `${base}/v1/identity/${addresses[i % addresses.length]}?${q}`))
    results.push(
      await run('balance (30 s cache)', (i) => `${base}/v1/account/${funded[i % funded.length]}/balance?${q}&currency=usd&chainId=eip155:31337`),
    )
    results.push(
      await run(
        'balance (forceUpdate, reads anvil)',
        (i) => `${base}/v1/account/${funded[i % funded.length]}/balance?${q}&currency=usd&chainId=eip155:31337&forceUpdate=1`,
      ),
    )
    results.push(await run('getWallets (page of 40)', (i) => `${base}/getWallets?${q}&page=${(i % 50) + 1}&entries=40`))
    results.push(
      await run('getWallets (search, 100)', (i) => `${base}/getWallets?${q}&entries=100&search=${encodeURIComponent(searches[i % searches.length])}`),
    )

    const rows = results.map((r) => ({
      endpoint: r.name,
      requests: r.sent,
      errors: r.failed,
      'req/s': Math.round(r.ok / r.seconds),
      'p50 ms': r.p50.toFixed(2),
      'p99 ms': r.p99.toFixed(2),
    }))
    console.table(rows)
    console.log('bench: load generator and server share one Node process and its event loop; figures are a floor.')
    if (results.some((r) => r.failed > 0)) process.exitCode = 1
  } finally {
    await server.close()
    await anvil.stop()
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
