import { createServer } from 'node:net'

/** Default ports of the dev stack; each is overridable by env (`PORTICO_DEMO_PORT`, `PORTICO_CDN_PORT`, ...). */
export type Ports = {
  demo: number
  cdn: number
  /** the bundled host (hosts/bundled): the kernel with its plugins in its own bundle */
  bundled: number
  /** the wagmi example (hosts/wagmi-example): a wagmi app with Portico through @portico/wagmi */
  wagmi: number
  /** the composer (hosts/composer): compose a modal by picking plugins from the CDN */
  composer: number
  /** the "third-party CDN": another publisher's plugins on another origin (examples/third-party-adapter) */
  cdn2: number
  api: number
  frame: number
  /** the frame's dev SMTP sink (its inbox is a page of the frame service) */
  smtp: number
  /** the dev identity provider (services/frame/src/devIdp): stands in for the six social providers */
  idp: number
  relay: number
  /** the onramp sandbox's checkout site (a listener of the api process, beside the api: one database, one settler) */
  onramp: number
  /** anvil, chain 31337 */
  anvil: number
  /** second anvil, chain 31338 */
  anvil2: number
  /** the ERC-4337 bundler (alto) of chain 31337 */
  bundler: number
  /** the ERC-4337 bundler (alto) of chain 31338 */
  bundler2: number
  /** the local Solana chain's JSON-RPC (LiteSVM, tests/solana) */
  solana: number
  /** the local Solana chain's subscription websocket */
  solanaWs: number
}

export const DEFAULT_PORTS: Ports = {
  demo: 4300,
  cdn: 4301,
  bundled: 4302,
  wagmi: 4303,
  composer: 4304,
  cdn2: 4305,
  api: 4310,
  frame: 4320,
  smtp: 4325,
  idp: 4321,
  relay: 4330,
  onramp: 4340,
  anvil: 8545,
  anvil2: 8546,
  bundler: 4337,
  bundler2: 4338,
  solana: 8899,
  solanaWs: 8900,
}

export const PORT_ENV: Record<keyof Ports, string> = {
  demo: 'PORTICO_DEMO_PORT',
  cdn: 'PORTICO_CDN_PORT',
  bundled: 'PORTICO_BUNDLED_PORT',
  wagmi: 'PORTICO_WAGMI_PORT',
  composer: 'PORTICO_COMPOSER_PORT',
  cdn2: 'PORTICO_CDN2_PORT',
  api: 'PORTICO_API_PORT',
  frame: 'PORTICO_FRAME_PORT',
  smtp: 'PORTICO_SMTP_SINK_PORT',
  idp: 'PORTICO_IDP_PORT',
  relay: 'PORTICO_RELAY_PORT',
  onramp: 'PORTICO_ONRAMP_PORT',
  anvil: 'PORTICO_ANVIL_PORT',
  anvil2: 'PORTICO_ANVIL2_PORT',
  bundler: 'PORTICO_BUNDLER_PORT',
  bundler2: 'PORTICO_BUNDLER2_PORT',
  solana: 'PORTICO_SOLANA_PORT',
  solanaWs: 'PORTICO_SOLANA_WS_PORT',
}

export const CHAIN_IDS = { anvil: 31337, anvil2: 31338 } as const

/** Ports from env over the defaults (or over `base`, e.g. the test ports). */
export function portsFromEnv(env: NodeJS.ProcessEnv = process.env, base: Ports = DEFAULT_PORTS): Ports {
  const out = { ...base }
  for (const key of Object.keys(PORT_ENV) as (keyof Ports)[]) {
    const raw = env[PORT_ENV[key]]
    if (raw === undefined || raw === '') continue
    const n = Number(raw)
    if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${PORT_ENV[key]}=${raw} is not a port number`)
    out[key] = n
  }
  return out
}

/** The e2e suite's ports: the defaults + 10000, so tests run beside a running `npm start`. */
export const TEST_PORTS: Ports = Object.fromEntries(
  Object.entries(DEFAULT_PORTS).map(([k, v]) => [k, v + 10000]),
) as Ports

/** The URLs the stack's parts are reached at. */
export function urlsFor(ports: Ports, host = 'localhost') {
  return {
    demo: `http://${host}:${ports.demo}`,
    cdn: `http://${host}:${ports.cdn}`,
    manifest: `http://${host}:${ports.cdn}/manifest.json`,
    bundled: `http://${host}:${ports.bundled}`,
    wagmi: `http://${host}:${ports.wagmi}`,
    composer: `http://${host}:${ports.composer}`,
    cdn2: `http://${host}:${ports.cdn2}`,
    manifest2: `http://${host}:${ports.cdn2}/manifest.json`,
    api: `http://${host}:${ports.api}`,
    frame: `http://${host}:${ports.frame}`,
    idp: `http://${host}:${ports.idp}`,
    relay: `ws://${host}:${ports.relay}`,
    onramp: `http://${host}:${ports.onramp}`,
    anvil: `http://${host}:${ports.anvil}`,
    anvil2: `http://${host}:${ports.anvil2}`,
    bundler: `http://${host}:${ports.bundler}`,
    bundler2: `http://${host}:${ports.bundler2}`,
    solana: `http://${host}:${ports.solana}`,
    solanaWs: `ws://${host}:${ports.solanaWs}`,
  }
}
export type StackUrls = ReturnType<typeof urlsFor>

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** A whole stack's worth of free ports, all different (for a private stack, e.g. `npm run size`). */
export async function freePorts(): Promise<Ports> {
  const taken = new Set<number>()
  const out = {} as Ports
  for (const key of Object.keys(DEFAULT_PORTS) as (keyof Ports)[]) {
    let port = await freePort()
    while (taken.has(port)) port = await freePort()
    taken.add(port)
    out[key] = port
  }
  return out
}
