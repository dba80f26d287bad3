/**
 * Load benchmark of the reference API on loopback: `npm run bench -w services/api`.
 *
 * Builds the api (`tsc -b`, incremental) and runs it from its build in a process of its own (src/benchServer.ts,
 * PGlite in a temporary directory, as `npm start` runs it), with its own anvil; autocannon then loads one endpoint
 * at a time from this process with a fixed number of connections, and prints requests per second, p50/p99
 * latency, and the server's resident memory (idle after start, and after each endpoint: flat under load is the
 * goal). Knobs: BENCH_CONNECTIONS (default 50), BENCH_SECONDS (per endpoint, default 10), BENCH_ONLY (run the
 * endpoints whose name contains it), BENCH_CPU_PROFILE (a directory: the server writes a V8 CPU profile there on
 * exit, for Chrome DevTools' Performance panel).
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_DEV_KEYS, deployTestToken, sendNative, startAnvil } from './testing/index.js'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..')
const HARD_CAP_MS = 300_000

// Whatever happens (a hung socket, a stuck chain), the benchmark ends.
const watchdog = setTimeout(() => {
  console.error(`bench: hard time cap of ${HARD_CAP_MS / 1000} s reached, exiting`)
  process.exit(2)
}, HARD_CAP_MS)
watchdog.unref()

/** Resident memory of a process, now and at its peak, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

/** CPU time a process has used so far (user + system), in ms (Linux /proc; 100 ticks per second). */
function cpuMsOf(pid: number): number {
  // the fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Starts src/benchServer.ts from the build; resolves once it prints its URL. */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []
  const child = spawn(process.execPath, [...profile, join(PACKAGE, 'dist', 'benchServer.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code} before listening`)))
  })
  const { url } = JSON.parse(line) as { url: string }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

type Row = {
  endpoint: string
  requests: number
  errors: number
  'req/s': number
  'p50 ms': number
  'p99 ms': number
  /** Server CPU time per request: what a core's worth of requests per second is, whatever else runs on the machine. */
  'server CPU µs/req': number
  'server RSS MB': number
}

/** Loads `path(i)` (a new path per request, round robin) for BENCH_SECONDS with BENCH_CONNECTIONS connections. */
async function load(base: string, name: string, path: (i: number) => string, pid: number): Promise<Row> {
  // warm-up: JIT and caches, not measured
  await autocannon({ url: base, connections: CONNECTIONS, amount: 1_000, requests: [{ setupRequest: rotate(path) }] })
  const cpuBefore = cpuMsOf(pid)
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests: [{ setupRequest: rotate(path) }] })
  const cpu = cpuMsOf(pid) - cpuBefore
  return {
    endpoint: name,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'server CPU µs/req': Math.round((cpu * 1000) / Math.max(1, result.requests.total)),
    'server RSS MB': memoryOf(pid).rss,
  }
}

function rotate(path: (i: number) => string) {
  let i = 0
  return (request: autocannon.Request) => ({ ...request, path: path(i++) })
}

async function main() {
  console.log('bench: building the api (tsc -b)')
  execFileSync(process.execPath, [join(PACKAGE, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc'), '-b', PACKAGE], { stdio: 'inherit' })
  const anvil = await startAnvil({ chainId: 31337 })
  const token = await deployTestToken({ rpcUrl: anvil.rpcUrl, chain: anvil.chain })
  const addresses = Array.from({ length: 100 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
  const names = addresses.filter((_, i) => i % 2 === 0).map((a, i) => [`bench-${i}.portico.id`, a])
  const server = await startServer({
    BENCH_CHAIN: JSON.stringify({
      chainId: 31337,
      rpcUrl: anvil.rpcUrl,
      nativePrices: { usd: 2000 },
      tokens: [{ address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, prices: { usd: 1 } }],
    }),
    BENCH_NAMES: JSON.stringify(names),
  })
  try {
    await new Promise((r) => setTimeout(r, 2_000))
    const idle = memoryOf(server.pid)
    console.log(`bench: api at ${server.url} (pid ${server.pid}, from dist), anvil at ${anvil.rpcUrl}`)
    console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per endpoint (autocannon, in this process; the server has its own)`)
    console.log(`bench: server RSS idle after start: ${idle.rss} MB`)
    const q = 'projectId=portico-dev&st=bench&sv=1.0.0'
    const funded = ANVIL_DEV_KEYS.map((k) => privateKeyToAccount(k).address)
    await sendNative({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, to: funded[1], amount: '1' })
    const searches = ['meta', 'wallet', 'synthetic wallet 01', 'safe', 'x']
    const balance = `currency=usd&chainId=eip155:31337`

    const rows: Row[] = []
    const run = async (name: string, path: (i: number) => string) => {
      if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) return
      rows.push(await load(server.url, name, path, server.pid))
    }
    await run('identity', (i) => `/v1/identity/${addresses[i % addresses.length]}?${q}`)
    await run('balance (30 s cache)', (i) => `/v1/account/${funded[i % funded.length]}/balance?${q}&${balance}`)
    await run('balance (forceUpdate, reads anvil)', (i) => `/v1/account/${funded[i % funded.length]}/balance?${q}&${balance}&forceUpdate=1`)
    await run('getWallets (page of 40)', (i) => `/getWallets?${q}&page=${(i % 50) + 1}&entries=40`)
    await run('getWallets (search, 100)', (i) => `/getWallets?${q}&entries=100&search=${encodeURIComponent(searches[i % searches.length])}`)
    console.table(rows)
    const after = memoryOf(server.pid)
    console.log(`bench: server RSS idle ${idle.rss} MB, after the load ${after.rss} MB, peak ${after.peak} MB`)
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1
  } finally {
    await server.stop()
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
