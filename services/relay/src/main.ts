import { readRelayEnv, RELAY_ENV } from './config.js'
import { createRelay } from './relay.js'

/** CLI: the variables of `RELAY_ENV` (see config.ts and the README). Unknown `PORTICO_RELAY_*` ones are reported. */
const { options, warnings, notes } = readRelayEnv(process.env)
for (const warning of warnings) console.warn(`[relay] warning: ${warning} (known: ${Object.keys(RELAY_ENV).join(', ')})`)
for (const note of notes) console.log(`[relay] ${note}`)
const relay = await createRelay({ ...options, log: (line) => console.log(`[relay] ${line}`) })
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
