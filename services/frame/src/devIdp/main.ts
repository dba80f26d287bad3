/**
 * CLI: the dev identity provider (`npm run idp -w @portico/service-frame`; `npm start` runs it beside the frame).
 * PORTICO_IDP_PORT (4321), PORTICO_IDP_HOST (127.0.0.1), PORTICO_IDP_URL (public base URL; default
 * http://localhost:<port>), PORTICO_FRAME_URL (the frame whose callbacks are the redirect URIs; default
 * http://localhost:4320), PORTICO_IDP_CLIENT_SECRET (default: the printed dev secret). Development only.
 */
import { DEV_IDP_PROVIDERS } from './accounts.js'
import { DEFAULT_IDP_PORT, DEV_IDP_CLIENT_SECRET, devClientId, startDevIdp } from './server.js'

if (process.env.NODE_ENV === 'production') throw new Error('The dev identity provider must not run in production.')
const port = process.env.PORTICO_IDP_PORT ? Number(process.env.PORTICO_IDP_PORT) : DEFAULT_IDP_PORT
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORTICO_IDP_PORT: invalid port ${process.env.PORTICO_IDP_PORT}.`)
const frame = new URL(process.env.PORTICO_FRAME_URL || 'http://localhost:4320')
// the frame is reached as localhost or 127.0.0.1: both callbacks are registered
const frameOrigins = [frame.origin, frame.origin.replace('//localhost', '//127.0.0.1')]
const idp = await startDevIdp({
  port,
  host: process.env.PORTICO_IDP_HOST || '127.0.0.1',
  publicUrl: process.env.PORTICO_IDP_URL || undefined,
  frameOrigins,
  clientSecret: process.env.PORTICO_IDP_CLIENT_SECRET || undefined,
})
console.log(`[portico-idp] dev identity provider on ${idp.url} (DEV ONLY), client secret ${process.env.PORTICO_IDP_CLIENT_SECRET ? '(from PORTICO_IDP_CLIENT_SECRET)' : DEV_IDP_CLIENT_SECRET}`)
for (const p of DEV_IDP_PROVIDERS) console.log(`[portico-idp]   ${p.padEnd(8)} issuer ${idp.issuer(p)}  client ${devClientId(p)}`)

const stop = async (signal: string) => {
  console.log(`[portico-idp] ${signal}: shutting down`)
  await idp.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
