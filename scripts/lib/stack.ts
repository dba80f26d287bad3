/**
 * The dev stack: two anvil chains, the reference services that exist, the plugin CDN (dist/cdn), the demo host
 * (dist/demo) and, when built, the bundled host (dist/bundled: its plugins in its own bundle, no CDN), the wagmi example (dist/wagmi) and the composer (dist/composer). `npm start` and the e2e suite both use this. Once the chains are up the test ERC-20 is
 * deployed to both (scripts/lib/tokens.ts) and the api starts with it in its token list.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { IncomingMessage } from 'node:http'
import { isPortOpen, spawnManaged, waitForPort, type ManagedProcess } from './processes.ts'
import { CHAIN_IDS, PORT_ENV, urlsFor, type Ports, type StackUrls } from './ports.ts'
import { injectPageConfig } from './page-config.ts'
import { startStaticServer, type StaticServer } from './static-server.ts'
import { CDN_DIR, DEMO_DIR, ROOT, bundledDirFor, composerDirFor, wagmiDirFor } from './workspace.ts'
import { apiConfigFor, deployDevTokens, describeDevTokens, writeApiConfig, type DevTokens, type LocalChain } from './tokens.ts'
import { deployDevNfts, describeDevNfts, writeDevNftAssets, type DevNfts } from './nfts.ts'
import { apiExchangeConfig, deployDevExchanges, describeDevExchange, type DevExchange } from './exchange.ts'
import { deployErc4337, describeErc4337, paymasterSignerFromEnv, smartAccountChains, startBundler, waitForBundler } from './erc4337.ts'
import { erc4337Addresses, type DeployedErc4337 } from '../../services/api/src/paymaster/contracts.ts'
import { fundSandboxTreasury } from '../../services/api/src/onramp/devFunding.ts'
import { DEV_ID_REGISTRY_ADDRESS, deployDevIdRegistry } from '../../services/frame/src/farcaster/idRegistry.ts'
import type { SolanaChain } from '../../tests/solana/server.ts'
import { SOLANA_LOCAL_CHAIN_ID } from '../../tests/solana/keys.ts'

/** The Dev Wallet's file in dist/demo (see DEV_WALLET_FILE in rspack.config.ts). */
export const DEV_WALLET_FILE = 'dev-wallet.js'

export const ANVIL_BIN = join(ROOT, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil')

/** Services started when their package has `src/main.ts`. */
export const SERVICES = [
  { name: 'api', port: 'api' },
  { name: 'relay', port: 'relay' },
  { name: 'frame', port: 'frame' },
] as const satisfies readonly { name: string; port: keyof Ports }[]

/** The demo's strict Content-Security-Policy: scripts from itself and the plugin CDNs only, no eval. */
export function demoCsp(cdnOrigin: string, ...otherCdnOrigins: string[]): string {
  return `script-src 'self' ${[cdnOrigin, ...otherCdnOrigins].join(' ')}; object-src 'none'`
}

/** The "third-party CDN" folder the stack serves on its own origin (`cdn2`): beside the plugin CDN's folder. */
export const thirdPartyCdnDirFor = (cdnDir: string) => join(dirname(cdnDir), 'third-party-cdn')

/**
 * The publisher key the demo pins for the third-party CDN: a file beside that CDN's folder (not served by it),
 * written by the publishing script (scripts/example-third-party.ts) with the manifest it signs.
 */
export const thirdPartyKeyFileFor = (cdnDir: string) => join(dirname(cdnDir), 'third-party-publisher.pub')

/**
 * A plugin source the demo lists after its own CDN (hosts/demo/src/config.ts `sources`); `manifest` when this stack
 * serves it, inlined as the first source's is (a pinned one is still verified by the kernel before any of it runs).
 */
export type DemoSource = { url: string; publicKey?: string; manifest?: unknown }

/**
 * The demo's extra plugin sources, read again for each page (a publish while the stack runs is picked up): with
 * `thirdParty`, the third-party CDN when its folder has a manifest, pinned to the key beside it; then
 * `PORTICO_DEMO_SOURCES` (a JSON array of `{ url, publicKey? }`). Configuration only: adding a source rebuilds nothing.
 */
export function demoSources(cdnDir: string, urls: StackUrls, env: NodeJS.ProcessEnv = process.env, thirdParty = true): DemoSource[] {
  const sources: DemoSource[] = []
  if (thirdParty && existsSync(join(thirdPartyCdnDirFor(cdnDir), 'manifest.json'))) {
    const keyFile = thirdPartyKeyFileFor(cdnDir)
    const publicKey = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined
    const manifest = inlineManifest(thirdPartyCdnDirFor(cdnDir))
    sources.push({ url: urls.manifest2, ...(publicKey ? { publicKey } : {}), ...(manifest !== undefined ? { manifest } : {}) })
  }
  if (env.PORTICO_DEMO_SOURCES) {
    let extra: unknown
    try {
      extra = JSON.parse(env.PORTICO_DEMO_SOURCES)
    } catch {
      throw new Error('PORTICO_DEMO_SOURCES is not JSON: give an array of { "url": "…", "publicKey"?: "…" }')
    }
    const valid = Array.isArray(extra) && extra.every((s) => typeof s?.url === 'string' && (s.publicKey === undefined || typeof s.publicKey === 'string'))
    if (!valid) throw new Error('PORTICO_DEMO_SOURCES must be an array of { "url": "…", "publicKey"?: "…" }')
    sources.push(...(extra as DemoSource[]))
  }
  return sources
}

/** The bundled host's CSP: scripts from itself only (its plugins are in its bundle), no eval. */
export const BUNDLED_CSP = "script-src 'self'; object-src 'none'"

/** The runtime config the demo page reads from `<meta name="portico-config">` (see hosts/demo/src/config.ts). */
export function demoRuntimeConfig(urls: StackUrls) {
  return {
    manifestUrl: urls.manifest,
    api: urls.api,
    relay: urls.relay,
    frame: urls.frame,
    rpc: { '31337': urls.anvil, '31338': urls.anvil2 },
    // the local Solana chain on this stack's ports (hosts/demo/src/config.ts `solana`)
    solana: { rpcUrl: urls.solana, wsUrl: urls.solanaWs, caipNetworkId: SOLANA_LOCAL_CHAIN_ID },
  }
}

/**
 * The plugin CDN's manifest, read again for each page (a rebuild while the stack runs is picked up), to inline in
 * the demo's config: the first open then starts the plugin downloads at once instead of after a manifest round
 * trip. Undefined when the file is missing or not JSON (the page then fetches it, and reports what is wrong).
 */
export function inlineManifest(cdnDir: string): unknown {
  try {
    return JSON.parse(readFileSync(join(cdnDir, 'manifest.json'), 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Puts the runtime config into the demo's HTML as a meta tag (no inline script, so CSP stays strict; it replaces
 * the one the build left there), and with `devWallet` the script tag of the Portico Dev Wallet (`/dev-wallet.js`,
 * a test wallet announced via EIP-6963).
 */
export function injectDemoConfig(html: string, config: object, options: { devWallet?: boolean } = {}): string {
  const wallet = options.devWallet ? `<script defer src="/${DEV_WALLET_FILE}"></script>` : ''
  return injectPageConfig(html, config).replace('</head>', `${wallet}</head>`)
}

const row = (what: string, url: string) => `  ${what.padEnd(22)} ${url}`

export type StackOptions = {
  ports: Ports
  /** Serve the demo with the strict CSP. */
  csp?: boolean
  /** Start services/<name>/src/main.ts that exist (default true). */
  services?: boolean
  /**
   * Run the services from their build (`dist/main.js`, workspace packages from their `dist`) rather than from their
   * TypeScript sources through tsx: what `npm start` does right after building (tsx costs each service ~80 MB of
   * memory). Default false: tests run the sources, never a stale build.
   */
  builtServices?: boolean
  /** Start the chains: two anvils and the local Solana chain (LiteSVM, in this process; default true). */
  chains?: boolean
  /** Add the Portico Dev Wallet's script to the demo page (default: when dist/demo has it). */
  devWallet?: boolean
  /**
   * Deploy the test ERC-20 to both chains once they are up, mint it to the first dev accounts and start the api
   * with it in its token list (default: when the chains and the api both run).
   */
  tokens?: boolean
  /** Print children's output prefixed with their names. */
  echo?: boolean
  /** Aborting it while the stack starts (Ctrl-C) stops what has started and rejects the start. */
  signal?: AbortSignal
  cdnDir?: string
  /**
   * List the third-party CDN (`third-party-cdn` beside `cdnDir`, served on `ports.cdn2`) in the demo's page config,
   * pinned (`npm start` does). Default false: the e2e suite's pages load the first-party plugins only, and a test that
   * wants the third party's gives `?sources=`.
   */
  thirdParty?: boolean
  demoDir?: string
  /** Serve the bundled host (default: when its folder has index.html). */
  bundled?: boolean
  /** Default: `bundled` beside `demoDir`, else dist/bundled. */
  bundledDir?: string
  onDemoRequest?: (req: IncomingMessage) => void
  onCdnRequest?: (req: IncomingMessage) => void
  onBundledRequest?: (req: IncomingMessage) => void
  /** Serve the wagmi example (default: when its folder has index.html). */
  wagmi?: boolean
  /** Default: `wagmi` beside `demoDir`, else dist/wagmi. */
  wagmiDir?: string
  /** Serve the composer (default: when its folder has index.html). */
  composer?: boolean
  /** Default: `composer` beside `demoDir`, else dist/composer. */
  composerDir?: string
  /** More browser origins the dev project (and so the login frame) and the relay allow, e.g. a test's own page server. */
  extraOrigins?: readonly string[]
}

export type Stack = {
  ports: Ports
  urls: StackUrls
  processes: ManagedProcess[]
  servers: StaticServer[]
  /** The test token deployed to the chains, when it was. */
  tokens?: DevTokens
  /** The test ERC-721 collection on the first chain (with the tokens). */
  nfts?: DevNfts
  /** Uniswap V2, the second test token (PTE) and the pools on each chain (with the tokens). */
  exchange?: DevExchange
  /** The local Solana chain (its dev keys funded, PTD minted), when the chains run. */
  solana?: SolanaChain
  /** ERC-4337 (EntryPoint, factory, paymaster) on each anvil chain, served by a bundler each, when the chains run. */
  erc4337?: DeployedErc4337[]
  /** What runs, for printing. */
  describe: () => string
  stop: () => Promise<void>
}

/** Env every child gets: every port and URL of the stack. */
export function stackEnv(ports: Ports, urls: StackUrls, extraOrigins: readonly string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const key of Object.keys(PORT_ENV) as (keyof Ports)[]) env[PORT_ENV[key]] = String(ports[key])
  env.PORTICO_DEMO_URL = urls.demo
  env.PORTICO_CDN_URL = urls.cdn
  env.PORTICO_API_URL = urls.api
  env.PORTICO_FRAME_URL = urls.frame
  env.PORTICO_RELAY_URL = urls.relay
  env.PORTICO_RPC_31337 = urls.anvil
  env.PORTICO_RPC_31338 = urls.anvil2
  env.PORTICO_SOLANA_RPC_URL = urls.solana
  env.PORTICO_SOLANA_WS_URL = urls.solanaWs
  // the demo's origin is the one the services must allow
  env.PORTICO_ALLOWED_ORIGINS = urls.demo
  // services/api: the dev project's extra origins, and the chains it reads balances and history from
  env.PORTICO_DEV_ORIGINS = [`${urls.demo}`, `http://127.0.0.1:${ports.demo}`, urls.bundled, `http://127.0.0.1:${ports.bundled}`, urls.wagmi, `http://127.0.0.1:${ports.wagmi}`, urls.composer, `http://127.0.0.1:${ports.composer}`, ...extraOrigins].join(',')
  // the relay's browser-origin allowlist: the same pages (the api's PORTICO_ALLOWED_ORIGINS names the demo alone)
  env.PORTICO_RELAY_ALLOWED_ORIGINS = env.PORTICO_DEV_ORIGINS
  env.PORTICO_API_CHAINS = `31337=http://127.0.0.1:${ports.anvil},31338=http://127.0.0.1:${ports.anvil2}`
  return env
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports } = options
  const urls = urlsFor(ports)
  const processes: ManagedProcess[] = []
  const servers: StaticServer[] = []
  const lines: string[] = []
  const env = stackEnv(ports, urls, options.extraOrigins)

  const cleanups: (() => void)[] = []
  const tokenLines: string[] = []
  let tokens: DevTokens | undefined
  let nfts: DevNfts | undefined
  let exchange: DevExchange | undefined
  let solana: SolanaChain | undefined
  let erc4337: DeployedErc4337[] | undefined
  let stopped = false
  const stop = async () => {
    stopped = true
    await Promise.all([...processes.map((p) => p.stop()), ...servers.map((s) => s.close()), solana?.close()])
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
  // stopping the children makes every pending wait fail, so the start rejects soon after an abort
  const onAbort = () => void stop()
  options.signal?.addEventListener('abort', onAbort, { once: true })
  const checkAborted = () => {
    if (options.signal?.aborted) throw new Error('the stack was stopped while starting')
  }

  try {
    checkAborted()
    const bundledDir = bundledDirFor(options)
    const withBundled = options.bundled ?? existsSync(join(bundledDir, 'index.html'))
    const wanted: [string, number][] = [
      ['demo', ports.demo],
      ['cdn', ports.cdn],
      ['cdn2', ports.cdn2],
    ]
    if (withBundled) wanted.push(['bundled', ports.bundled])
    const wagmiDir = wagmiDirFor(options)
    const withWagmi = options.wagmi ?? existsSync(join(wagmiDir, 'index.html'))
    if (withWagmi) wanted.push(['wagmi', ports.wagmi])
    const composerDir = composerDirFor(options)
    const withComposer = options.composer ?? existsSync(join(composerDir, 'index.html'))
    if (withComposer) wanted.push(['composer', ports.composer])
    if (options.chains !== false) {
      wanted.push(['anvil', ports.anvil], ['anvil2', ports.anvil2], ['bundler', ports.bundler], ['bundler2', ports.bundler2], ['solana', ports.solana], ['solanaWs', ports.solanaWs])
    }
    const services =
      options.services === false ? [] : SERVICES.filter((s) => existsSync(join(ROOT, 'services', s.name, 'src/main.ts')))
    for (const s of services) wanted.push([s.name, ports[s.port]])
    // the onramp sandbox's checkout site is a second listener of the api process (it shares the api's database)
    if (services.some((s) => s.name === 'api')) wanted.push(['onramp', ports.onramp])
    // the frame's social logins go to the dev identity provider, a process of its own
    const withIdp = services.some((s) => s.name === 'frame') && existsSync(join(ROOT, 'services/frame/src/devIdp/main.ts'))
    if (withIdp) wanted.push(['idp', ports.idp])
    for (const [name, port] of wanted) {
      if (await isPortOpen(port)) {
        throw new Error(`port ${port} (${name}) is already in use; set ${PORT_ENV[name as keyof Ports] ?? 'its env var'} to another port`)
      }
    }

    const waits: Promise<unknown>[] = []
    const chainWaits: Promise<unknown>[] = []
    // a wait that fails while another step is awaited is reported by the Promise.all that awaits it, not as unhandled
    const track = (list: Promise<unknown>[], wait: Promise<unknown>) => {
      wait.catch(() => {})
      list.push(wait)
    }
    const localChains: LocalChain[] = []
    if (options.chains !== false) {
      for (const key of ['anvil', 'anvil2'] as const) {
        const p = spawnManaged({
          name: key,
          command: ANVIL_BIN,
          args: ['--port', String(ports[key]), '--chain-id', String(CHAIN_IDS[key]), '--host', '127.0.0.1', '--quiet'],
          echo: options.echo,
        })
        processes.push(p)
        track(chainWaits, waitForPort(ports[key], p))
        localChains.push({ chainId: CHAIN_IDS[key], rpcUrl: `http://127.0.0.1:${ports[key]}`, name: key === 'anvil' ? 'Anvil' : 'Anvil 2' })
        lines.push(row(`chain ${CHAIN_IDS[key]} (anvil)`, urls[key]))
      }
      // the local Solana chain runs in this process (LiteSVM is a native module: no validator binary to spawn);
      // imported here so that scripts importing this file do not load it
      const startingSolana = (async () => {
        const [{ startSolanaChain }, { describeSolanaDevChain }] = await Promise.all([
          import('../../tests/solana/server.ts'),
          import('../../tests/solana/seed.ts'),
        ])
        const chain = await startSolanaChain({ port: ports.solana, wsPort: ports.solanaWs, host: '127.0.0.1' })
        solana = chain
        if (stopped) void chain.close()
        tokenLines.push(...describeSolanaDevChain())
      })()
      track(chainWaits, startingSolana)
      lines.push(row('solana local (LiteSVM)', urls.solana), row('solana websocket', urls.solanaWs))
    }
    const spawnService = (s: (typeof services)[number], extraEnv: NodeJS.ProcessEnv = {}) => {
      const p = spawnManaged({
        name: s.name,
        command: process.execPath,
        args:
          options.builtServices && existsSync(join(ROOT, 'services', s.name, 'dist/main.js'))
            ? [join('dist', 'main.js')]
            : // workspace packages resolve to their TypeScript sources (their `source` export), as in the services' own start scripts
              ['--conditions=source', '--import', 'tsx', join('src', 'main.ts')],
        cwd: join(ROOT, 'services', s.name),
        env: { ...env, ...extraEnv, PORT: String(ports[s.port]) },
        echo: options.echo,
      })
      processes.push(p)
      track(waits, waitForPort(ports[s.port], p, 60_000))
      lines.push(row(`${s.name} service`, urls[s.port]))
      // PORTICO_ONRAMP_PORT is in every child's env (stackEnv); the api opens it once it listens itself
      if (s.name === 'api') {
        track(waits, waitForPort(ports.onramp, p, 60_000))
        lines.push(row('onramp sandbox', urls.onramp))
      }
      // without SMTP_URL the frame keeps dev mail in its SMTP sink, readable on this page
      if (s.name === 'frame' && !env.SMTP_URL) lines.push(row('dev mail inbox', `${urls.frame}/inbox`))
    }
    // the api reads its token list at start: it waits for the chains and the token; the other services do not
    const api = services.find((s) => s.name === 'api')
    // the frame reads each project's allowed parent origins (its CSP frame-ancestors) from the api; it asks per page
    // request, so it need not wait for the api to be up
    // Sign In With Farcaster reads custody addresses from the dev IdRegistry on the first local chain: its address is
    // fixed (a deployer key of its own), so the frame can start before the chain does; it is deployed below
    const farcasterChain = localChains[0]
    const farcasterEnv = farcasterChain
      ? { PORTICO_FARCASTER_ID_REGISTRY: DEV_ID_REGISTRY_ADDRESS, PORTICO_FARCASTER_RPC_URL: farcasterChain.rpcUrl, PORTICO_FARCASTER_CHAIN_ID: String(farcasterChain.chainId) }
      : {}
    // smart accounts: the bundlers and the factory are at fixed ports and addresses, deployed and started below
    const smartAccountEnv = localChains.length > 0 ? { PORTICO_SMART_ACCOUNT_CHAINS: JSON.stringify(smartAccountChains(ports, urls)) } : {}
    for (const s of services)
      if (s !== api) spawnService(s, s.name === 'frame' ? { PORTICO_FRAME_CODES_PER_IP_PER_HOUR: '500', PORTICO_API_URL: urls.api, ...(withIdp ? { PORTICO_SOCIAL_DEV_IDP: urls.idp } : {}), ...farcasterEnv, ...smartAccountEnv } : {})
    if (withIdp) {
      const builtIdp = options.builtServices && existsSync(join(ROOT, 'services/frame/dist/devIdp/main.js'))
      const p = spawnManaged({
        name: 'idp',
        command: process.execPath,
        args: builtIdp ? [join('dist', 'devIdp', 'main.js')] : ['--conditions=source', '--import', 'tsx', join('src', 'devIdp', 'main.ts')],
        cwd: join(ROOT, 'services', 'frame'),
        env: { ...env, PORTICO_IDP_URL: urls.idp },
        echo: options.echo,
      })
      processes.push(p)
      track(waits, waitForPort(ports.idp, p, 60_000))
      lines.push(row('dev identity provider', `${urls.idp} (google, github, apple, facebook, x, discord)`))
    }
    await Promise.all(chainWaits)
    checkAborted()
    if (localChains.length > 0) {
      // ERC-4337 from keys of its own (scripts/lib/erc4337.ts); a bundler per chain once its EntryPoint is there
      erc4337 = await Promise.all(localChains.map((c) => deployErc4337(c.rpcUrl)))
      const bundlers = (['bundler', 'bundler2'] as const).map((key, i) => ({ key, chain: localChains[i]! }))
      for (const { key, chain } of bundlers) {
        const p = startBundler({ rpcUrl: chain.rpcUrl, port: ports[key], name: key, echo: options.echo })
        processes.push(p)
        track(waits, waitForBundler(`http://127.0.0.1:${ports[key]}`, p))
        lines.push(row(`bundler ${chain.chainId} (alto)`, urls[key]))
      }
      tokenLines.push(...describeErc4337(erc4337, bundlers.map(({ key, chain }) => ({ chainId: chain.chainId, url: urls[key] })), urls.api))
    }
    if (farcasterChain && services.some((s) => s.name === 'frame')) {
      await deployDevIdRegistry(farcasterChain)
      tokenLines.push(`    Farcaster IdRegistry ${DEV_ID_REGISTRY_ADDRESS} on chain ${farcasterChain.chainId} (approve a sign-in: npx tsx tests/wallets/farcaster/cli.ts '<farcaster://connect?…>')`)
    }
    const withTokens = options.tokens ?? (localChains.length > 0 && api !== undefined)
    if (withTokens && localChains.length > 0) {
      tokens = await deployDevTokens(localChains)
      tokenLines.push(...describeDevTokens(tokens))
      // the api's sandbox onramp delivers ETH and PTD from its own treasury key (anvil's ninth): it mints its PTD
      const devTokens = tokens
      const treasury = await fundSandboxTreasury(devTokens.deployments.map((d) => ({ chainId: d.chainId, rpcUrl: localChains.find((c) => c.chainId === d.chainId)!.rpcUrl, token: d.address, decimals: devTokens.decimals })))
      tokenLines.push(`    onramp sandbox treasury ${treasury}: 10,000 ETH and 1,000,000 ${devTokens.symbol} on each chain`)
      // after the ERC-20 (same deployer key); metadata and images are served by the plugin CDN
      nfts = await deployDevNfts(localChains[0]!, writeDevNftAssets(options.cdnDir ?? CDN_DIR, urls.cdn))
      tokenLines.push(...describeDevNfts(nfts))
      // from its own deployer key, so the addresses above do not depend on it
      exchange = await deployDevExchanges(localChains, tokens)
      tokenLines.push(...describeDevExchange(exchange))
    }
    checkAborted()
    if (api) {
      if (localChains.length > 0) {
        const config = writeApiConfig(apiConfigFor(localChains, tokens, solana ? urls.solana : undefined, (id) => apiExchangeConfig(exchange, id)))
        cleanups.push(config.remove)
        // the paymaster endpoint signs for the VerifyingPaymaster deployed above (same address on both chains)
        spawnService(api, { PORTICO_API_CONFIG: config.file, PORTICO_PAYMASTER_ADDRESS: erc4337Addresses(paymasterSignerFromEnv()).paymaster })
      } else spawnService(api)
    }

    const cdnDir = options.cdnDir ?? CDN_DIR
    const demoDir = options.demoDir ?? DEMO_DIR
    const folders: [string, string][] = [[cdnDir, 'plugin CDN'], [demoDir, 'demo']]
    if (withBundled) folders.push([bundledDir, 'bundled host'])
    if (withWagmi) folders.push([wagmiDir, 'wagmi example'])
    if (withComposer) folders.push([composerDir, 'composer'])
    for (const [dir, what] of folders) {
      if (!existsSync(dir)) throw new Error(`${what} folder ${dir} is missing: run \`npm run build\` first`)
    }
    // The pages are served last, once the api and the relay listen: a page that loads must find its services.
    await Promise.all(waits)
    checkAborted()
    const config = demoRuntimeConfig(urls)
    const devWallet = options.devWallet ?? existsSync(join(demoDir, DEV_WALLET_FILE))
    // another publisher's plugins on another origin (scripts/example-third-party.ts publishes there)
    const cdn2Dir = thirdPartyCdnDirFor(cdnDir)
    mkdirSync(cdn2Dir, { recursive: true })
    demoSources(cdnDir, urls) // a malformed PORTICO_DEMO_SOURCES stops the start, not each page
    servers.push(
      await startStaticServer({ dir: cdnDir, port: ports.cdn, cors: true, onRequest: options.onCdnRequest }),
      await startStaticServer({ dir: cdn2Dir, port: ports.cdn2, cors: true }),
      await startStaticServer({
        dir: demoDir,
        port: ports.demo,
        csp: options.csp ? demoCsp(urls.cdn, urls.cdn2) : undefined,
        transformHtml: (html) => injectDemoConfig(html, { ...config, manifest: inlineManifest(cdnDir), sources: demoSources(cdnDir, urls, process.env, options.thirdParty ?? false) }, { devWallet }),
        onRequest: options.onDemoRequest,
      }),
    )
    lines.unshift(
      row(`demo${options.csp ? ' (strict CSP)' : ''}${devWallet ? ' + Dev Wallet' : ''}`, urls.demo),
      row('plugin CDN', urls.manifest),
      row('third-party CDN', `${urls.manifest2}${existsSync(join(cdn2Dir, 'manifest.json')) ? '' : ' (empty until npx tsx scripts/example-third-party.ts publishes)'}`),
    )
    if (withBundled) {
      const bundledWallet = options.devWallet ?? existsSync(join(bundledDir, DEV_WALLET_FILE))
      servers.push(
        await startStaticServer({
          dir: bundledDir,
          port: ports.bundled,
          csp: options.csp ? BUNDLED_CSP : undefined,
          transformHtml: (html) => injectDemoConfig(html, config, { devWallet: bundledWallet }),
          onRequest: options.onBundledRequest,
        }),
      )
      lines.splice(2, 0, row(`bundled host${options.csp ? ' (strict CSP)' : ''}${bundledWallet ? ' + Dev Wallet' : ''}`, urls.bundled))
    }
    if (withWagmi) {
      // a wagmi app with the bundled plugins: scripts from itself only, like the bundled host
      const wagmiWallet = options.devWallet ?? existsSync(join(wagmiDir, DEV_WALLET_FILE))
      servers.push(
        await startStaticServer({
          dir: wagmiDir,
          port: ports.wagmi,
          csp: options.csp ? BUNDLED_CSP : undefined,
          transformHtml: (html) => injectDemoConfig(html, config, { devWallet: wagmiWallet }),
        }),
      )
      lines.splice(withBundled ? 3 : 2, 0, row(`wagmi example${options.csp ? ' (strict CSP)' : ''}${wagmiWallet ? ' + Dev Wallet' : ''}`, urls.wagmi))
    }
    if (withComposer) {
      // a tool page: it fetches the manifest itself (so it can show the CDN failing) and loads each picked plugin
      const composerWallet = options.devWallet ?? existsSync(join(composerDir, DEV_WALLET_FILE))
      servers.push(
        await startStaticServer({
          dir: composerDir,
          port: ports.composer,
          transformHtml: (html) => injectDemoConfig(html, config, { devWallet: composerWallet }),
        }),
      )
      lines.splice(2 + (withBundled ? 1 : 0) + (withWagmi ? 1 : 0), 0, row(`composer${composerWallet ? ' + Dev Wallet' : ''}`, urls.composer))
    }
  } catch (error) {
    await stop()
    throw error
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
  }

  return { ports, urls, processes, servers, tokens, nfts, exchange, solana, erc4337, stop, describe: () => [...lines, ...tokenLines].join('\n') }
}
