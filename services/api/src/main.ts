/**
 * CLI: `tsx --conditions=source services/api/src/main.ts` (or `npm start -w services/api`). Configuration comes
 * from the environment, see optionsFromEnv in env.ts. Stops cleanly on SIGINT/SIGTERM.
 */
import { temporaryDataDir } from './db/index.js'
import { optionsFromEnv, unknownEnvWarnings } from './env.js'
import { createApiServer } from './server.js'

// A misspelt variable would otherwise do nothing, silently.
for (const warning of unknownEnvWarnings()) console.warn(`[portico-api] ${warning}`)
const { options, port, host, onrampPort } = optionsFromEnv()
// Without a database configured, PGlite runs in a directory removed on exit: as fresh as an in-memory database,
// with its data in files instead of in the process's memory
const temporary = options.databaseUrl || options.dataDir ? undefined : temporaryDataDir('portico-api-')
const server = await createApiServer({ ...options, ...(temporary ? { dataDir: temporary.dir } : {}) })
const { url } = await server.listen(port, host)
console.log(`[portico-api] listening on ${url} (database: ${server.db.kind}; chains: ${server.chainIds.join(', ')})`)
console.log(`[portico-api] OpenAPI document: ${url}/openapi.json`)
// the sandbox card provider's checkout site, on its own origin like a real provider's (PORTICO_ONRAMP_PORT)
if (server.onrampSandbox) {
  await server.onrampSandbox.listen(onrampPort, host)
  console.log(`[portico-api] onramp sandbox listening on ${server.onrampSandbox.url}`)
}

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`[portico-api] ${signal}: shutting down`)
  await server.close()
  temporary?.remove()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
