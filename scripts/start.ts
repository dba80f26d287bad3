/**
 * npm start — builds, then runs the whole stack: two anvil chains (with the test ERC-20 deployed to both, see
 * scripts/lib/tokens.ts), the local Solana chain (LiteSVM with funded dev keys and the PTD SPL token,
 * tests/solana), the services that exist, the plugin CDN, the demo host, the bundled host (its plugins in its
 * own bundle), the wagmi example and the composer (compose a modal by picking plugins). Prints the URLs and the token's addresses; Ctrl-C or SIGTERM stops every child,
 * also while the stack is still starting.
 *
 * Flags: --csp (serve the demo and the bundled host with the strict Content-Security-Policy; or PORTICO_CSP=1),
 * --no-build, --no-chains, --no-services, --third-party (publish examples/third-party-adapter to the third-party CDN again;
 * after a build it is published when that CDN is empty, see scripts/example-third-party.ts). Ports: PORTICO_DEMO_PORT, PORTICO_CDN_PORT, PORTICO_BUNDLED_PORT,
 * PORTICO_WAGMI_PORT, PORTICO_COMPOSER_PORT, PORTICO_CDN2_PORT (the third-party CDN),
 * PORTICO_API_PORT, PORTICO_FRAME_PORT, PORTICO_IDP_PORT (dev identity provider), PORTICO_RELAY_PORT,
 * PORTICO_ONRAMP_PORT (the onramp sandbox's checkout site), PORTICO_ANVIL_PORT, PORTICO_ANVIL2_PORT,
 * PORTICO_BUNDLER_PORT, PORTICO_BUNDLER2_PORT (the ERC-4337 bundlers of chains 31337 and 31338, scripts/lib/erc4337.ts),
 * PORTICO_SOLANA_PORT, PORTICO_SOLANA_WS_PORT.
 */
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { publishThirdPartyExample } from './example-third-party.ts'
import { build } from './lib/build.ts'
import { portsFromEnv } from './lib/ports.ts'
import { startStack, type Stack } from './lib/stack.ts'
import { CDN_DIR, ROOT } from './lib/workspace.ts'
import { thirdPartyCdnDirFor } from './lib/stack.ts'

const flags = new Set(process.argv.slice(2))
const csp = flags.has('--csp') || ['1', 'true'].includes(process.env.PORTICO_CSP ?? '')

let stack: Stack | undefined
let starting: Promise<Stack> | undefined
const startup = new AbortController()
let stopping = false
async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  console.log('\nstopping...')
  // Ctrl-C while the stack starts: what has started is stopped too
  startup.abort()
  await starting?.catch(() => undefined)
  await stack?.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))
process.on('SIGHUP', () => void shutdown(0))

// The login frame keeps its users and key shares across restarts (an email then keeps its address; the browser
// holds the device share); the chains start fresh. Delete .portico/frame-db to forget every email login.
process.env.PORTICO_FRAME_DATA_DIR ??= join(ROOT, '.portico', 'frame-db')

try {
  const ports = portsFromEnv()
  if (!flags.has('--no-build')) await build()
  // another publisher's plugin on the third-party CDN (packed, installed, built and signed like an outside author's)
  if (flags.has('--third-party') || (!flags.has('--no-build') && !existsSync(`${thirdPartyCdnDirFor(CDN_DIR)}/manifest.json`))) {
    const published = await publishThirdPartyExample({ log: () => {} })
    if (published.failed) console.warn(`the third-party example was not published (the demo runs without it):\n  ${published.failures.join('\n  ')}`)
  }
  const t = Date.now()
  starting = startStack({
    ports,
    csp,
    chains: !flags.has('--no-chains'),
    services: !flags.has('--no-services'),
    // just built: the services run from their build, lighter than through tsx
    builtServices: !flags.has('--no-build'),
    echo: true,
    signal: startup.signal,
    // the demo lists the third-party CDN (examples/third-party-adapter), pinned to its publisher's key
    thirdParty: true,
  })
  stack = await starting
  const secs = ((Date.now() - t) / 1000).toFixed(1)
  console.log(`\nPortico is running (started in ${secs} s):\n${stack.describe()}\n\nOpen ${stack.urls.demo} — Ctrl-C stops everything.`)
  // a child that dies takes the stack down with it, so nothing half-works silently
  for (const p of stack.processes) {
    p.exited.then((code) => {
      if (stopping) return
      console.error(`${p.name} exited (code ${code}); stopping the stack`)
      void shutdown(1)
    })
  }
} catch (error) {
  if (!stopping) console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
}
