import { createRelay, DEFAULT_RELAY_PORT } from './relay.js'

/** CLI: `PORTICO_RELAY_PORT` (default 4330), `PORTICO_RELAY_HOST` (default 127.0.0.1), `PORTICO_RELAY_ALLOWED_ORIGINS` (comma-separated). */
const env = process.env
const relay = await createRelay({
  host: env.PORTICO_RELAY_HOST || '127.0.0.1',
  port: env.PORTICO_RELAY_PORT ? Number(env.PORTICO_RELAY_PORT) : DEFAULT_RELAY_PORT,
  allowedOrigins: env.PORTICO_RELAY_ALLOWED_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean),
  log: (line) => console.log(`[relay] ${line}`),
})
console.log(`WalletConnect relay: ${relay.url}`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await relay.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
