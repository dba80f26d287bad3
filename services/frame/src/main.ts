/**
 * CLI: `npm start -w @portico/service-frame`. Configuration comes from the environment, see optionsFromEnv in
 * env.ts. Stops cleanly on SIGINT/SIGTERM.
 */
import { temporaryDataDir } from '@portico/service-api/db'
import { optionsFromEnv } from './env.js'
import { createFrameServer } from './server.js'

const { options, port, host, cleanupIntervalMs } = optionsFromEnv()
// Without a database configured, PGlite runs in a directory removed on exit (its data in files, not in memory)
const temporary = options.databaseUrl || options.dataDir ? undefined : temporaryDataDir('portico-frame-')
const server = await createFrameServer({ ...options, ...(temporary ? { dataDir: temporary.dir } : {}) })
const { url } = await server.listen(port, host)
console.log(`[portico-frame] listening on ${url} (database: ${server.db.kind})`)
console.log(`[portico-frame] OpenAPI document: ${url}/openapi.json`)
if (cleanupIntervalMs > 0) server.startCleanupTimer(cleanupIntervalMs)
const socialProviders = server.socials.configured()
if (socialProviders.length > 0) console.log(`[portico-frame] social sign-in: ${socialProviders.join(', ')}${process.env.PORTICO_SOCIAL_DEV_IDP ? ` (through the dev identity provider ${process.env.PORTICO_SOCIAL_DEV_IDP})` : ''}`)
if (options.farcaster) console.log(`[portico-frame] Farcaster sign-in: IdRegistry ${options.farcaster.idRegistry} on chain ${options.farcaster.chainId} (${options.farcaster.rpcUrl})`)
if (server.sink) console.log(`[portico-frame] dev SMTP sink on 127.0.0.1:${server.sink.port}; inbox: ${url}/inbox (JSON: ${url}/inbox.json)`)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`[portico-frame] ${signal}: shutting down`)
  await server.close()
  temporary?.remove()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
