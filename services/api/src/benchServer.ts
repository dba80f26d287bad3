/**
 * The api as the load benchmark runs it, in a process of its own (src/bench.ts starts it): a load generator in the
 * same process would share its event loop and its memory, and the figures would be neither the server's time nor
 * its memory. Reads its chain from BENCH_CHAIN (JSON: one ChainConfig) and the names to register from BENCH_NAMES
 * (JSON: `[name, address][]`), and prints one JSON line `{ "url": … }` once it listens. Stops on SIGTERM.
 */
import { silentLogger, type ChainConfig } from './config.js'
import { temporaryDataDir } from './db/index.js'
import { createApiServer } from './server.js'

const chain = JSON.parse(process.env.BENCH_CHAIN ?? 'null') as ChainConfig | null
if (!chain) throw new Error('BENCH_CHAIN: the chain to serve, as JSON')
// like `npm start`: PGlite in a directory of its own, not in memory
const temporary = temporaryDataDir('portico-api-bench-')
const server = await createApiServer({
  chains: [chain],
  dataDir: temporary.dir,
  indexer: { enabled: false },
  syntheticWallets: 2_000,
  logger: silentLogger,
})
for (const [name, address] of JSON.parse(process.env.BENCH_NAMES ?? '[]') as [string, string][]) await server.store.setName(name, address)
const { url } = await server.listen(0)
process.stdout.write(`${JSON.stringify({ url })}\n`)
process.on('SIGTERM', () => {
  void server.close().finally(() => {
    temporary.remove()
    process.exit(0)
  })
})
