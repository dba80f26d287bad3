import { httpListener } from './httpListener.js'
import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import type { ApiError } from '@portico/contracts/api'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { BalanceService } from './balances.js'
import { createChainRuntimes } from './chains.js'
import {
  type ApiServerOptions,
  DEFAULT_API_PORT,
  DEFAULT_CHAINS,
  DEV_PROJECT_ID,
  DEV_PROJECT_ORIGINS,
  consoleLogger,
} from './config.js'
import { type Database, openDatabase, runMigrations } from './db/index.js'
import { jsonBodyGuard } from './bodyGuard.js'
import { ApiProblem, errorHandler, validationHook } from './errors.js'
import { notFoundOrMethodNotAllowed, strictQuery } from './methods.js'
import { HistoryService } from './history.js'
import { Indexer } from './indexer.js'
import { NftService } from './nfts.js'
import { type OnrampSandbox, type OnrampService, setupOnramp } from './onramp/index.js'
import { PAYMASTER_PATH_PREFIX, setupPaymaster } from './paymaster/index.js'
import { HealthResponseSchema, errorResponses, jsonOk } from './openapi.js'
import { ProjectService, normalizeOrigin } from './projects.js'
import { WalletRegistry } from './registry/registry.js'
import { registerAnalyticsRoutes } from './routes/analytics.js'
import { registerBlockchainRoutes } from './routes/blockchain.js'
import { registerConvertRoutes } from './routes/convert.js'
import { ConvertService } from './convert/service.js'
import { registerNftRoutes } from './routes/nfts.js'
import { registerProfileRoutes } from './routes/profile.js'
import { registerProjectRoutes } from './routes/projects.js'
import type { RouteDeps } from './routes/context.js'
import { registerRegistryRoutes } from './routes/registry.js'
import { registerSessionRoutes } from './routes/sessions.js'
import { SolanaService } from './solana/index.js'
import { RPC_PATH, registerRpcRoutes } from './routes/rpc.js'
import { rpcUpstreams } from './rpc/upstreams.js'
import { DataStore } from './store.js'

/** A running (or ready to run) API: the Hono app, its parts, and listen/close. */
export interface ApiServer {
  /** The OpenAPI Hono app; `app.request()` serves requests without a socket (tests). */
  app: OpenAPIHono
  db: Database
  store: DataStore
  projects: ProjectService
  balances: BalanceService
  /** Null when the indexer is disabled. */
  indexer: Indexer | null
  /** Balances and history of Solana accounts on the configured Solana chains. */
  solana: SolanaService
  registry: WalletRegistry
  /** The onramp endpoints and the sandbox provider with its settler; null when `onramp.enabled` is false. */
  onramp: OnrampService | null
  /**
   * The sandbox card provider's checkout site, served on a port of its own by `sandbox.listen` (main.ts: 4340,
   * PORTICO_ONRAMP_PORT); closed by `close`. Null when onramp is off.
   */
  onrampSandbox: OnrampSandbox | null
  /** CAIP-2 ids of the served chains. */
  chainIds: string[]
  /** Starts serving HTTP on `port` (0 picks a free one); resolves with the bound port and base URL. */
  listen(port?: number, hostname?: string): Promise<{ port: number; url: string }>
  /** Stops the indexer, the HTTP server and (if the server opened it) the database. */
  close(): Promise<void>
}

/** Largest accepted request body: analytics events and price requests are small. */
const MAX_BODY_BYTES = 64 * 1024

/**
 * Builds the reference API: opens and migrates the database, seeds projects, tokens and prices, registers every
 * route with its zod schemas (validation and the document at /openapi.json), and starts the indexer.
 */
export async function createApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const logger = options.logger ?? consoleLogger
  const ownsDb = options.database === undefined
  const db = options.database ?? (await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir, timeouts: options.databaseTimeouts }))
  if (!ownsDb) await runMigrations(db)

  const chainConfigs = options.chains ?? DEFAULT_CHAINS
  const chains = createChainRuntimes(chainConfigs, options.rpcTimeoutMs ?? 5_000)
  const readCacheMs = options.readCacheMs ?? 1_000
  const store = new DataStore(db, readCacheMs)
  const projects = new ProjectService(db)
  await store.seedChains(chainConfigs)
  if (options.seedDevProject ?? true) {
    // Seeded once: the stored project is the operator's from then on, and the last replica to start must not
    // rewrite the allowlist of all the others. Origins configured here but missing there are reported, not added.
    const dev = { id: DEV_PROJECT_ID, name: 'Portico dev', allowedOrigins: [...new Set([...DEV_PROJECT_ORIGINS, ...(options.devOrigins ?? [])])] }
    if (!(await projects.seed(dev))) {
      const stored = await projects.get(DEV_PROJECT_ID)
      const missing = dev.allowedOrigins.map(normalizeOrigin).filter((o) => !stored?.allowedOrigins.includes(o) && !stored?.allowedOrigins.includes('*'))
      if (missing.length > 0)
        logger.warn(`${DEV_PROJECT_ID} already exists; its stored allowlist is kept, so these configured origins are not allowed: ${missing.join(', ')} (edit the projects table to add them)`)
    }
  }
  for (const project of options.projects ?? []) await projects.upsert(project)

  const balances = new BalanceService(db, chains, store, options.balanceCacheMs ?? 30_000, logger, readCacheMs)
  const nfts = new NftService(db, chains, { logger })
  const history = new HistoryService(db, chains, store, options.historyPageSize ?? 20, nfts)
  const solana = new SolanaService(options.solana ?? [], {
    store,
    balances,
    logger,
    rpcTimeoutMs: options.rpcTimeoutMs ?? 5_000,
    historyPageSize: options.historyPageSize ?? 20,
    // history is read from the chain on demand: a page is kept as briefly as other recent reads
    historyCacheMs: readCacheMs,
  })
  await solana.open()
  const registry = new WalletRegistry({ synthetic: options.syntheticWallets })
  const indexer =
    options.indexer?.enabled === false
      ? null
      : new Indexer(db, chains, store, logger, options.indexer, (chainId) =>
          void balances.invalidate(chainId).catch((error: unknown) => logger.warn(`balance cache not cleared: ${String(error)}`)),
        )

  // Public URLs (icons, the document's server) come from configuration only: a request's Host header is the
  // client's to choose, and icon URLs end up in caches shared by every visitor. Unconfigured, the default is
  // localhost on the port the server listens on (set by listen).
  const publicUrl = (options.publicUrl ?? `http://localhost:${DEFAULT_API_PORT}`).replace(/\/+$/, '')
  const deps: RouteDeps = { db, chains, projects, store, balances, history, solana, registry, indexer, logger, publicUrl, readCacheMs }
  const app = new OpenAPIHono({ defaultHook: validationHook })

  // Any origin may call: the per-project allowlist is enforced by the handlers, and the modal must be able to read
  // the 403 body to show the allowlist alert, which a CORS refusal would hide. No credentials are used.
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'x-project-id', 'x-sdk-type', 'x-sdk-version', 'solana-client'],
      maxAge: 86_400,
    }),
  )
  app.use('*', async (c, next) => {
    // Postgres text cannot hold NUL; refuse it up front rather than fail in the database.
    if (/%00/.test(c.req.url)) throw new ApiProblem(400, 'VALIDATION_ERROR', 'NUL characters are not allowed', [{ name: 'url', description: 'contains %00' }])
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })
  for (const path of ['/e', '/v1/fungible/price', '/v1/convert/build-transaction', '/v1/sessions', '/v1/sessions/*', '/v1/profile/account', '/v1/onramp/*', '/v1/generators/onrampurl']) {
    app.use(
      path,
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => {
          const body: ApiError = {
            status: 'FAILED',
            code: 'PAYLOAD_TOO_LARGE',
            message: `Request body larger than ${MAX_BODY_BYTES} bytes`,
            reasons: [{ name: 'body', description: 'too large' }],
          }
          return c.json(body, 413)
        },
      }),
    )
  }

  // After the size limit (a huge body is a 413 first): depth, value count and unstorable strings of every JSON body.
  // The RPC endpoint reads its body by JSON-RPC's rules (its own limits, JSON-RPC error answers): see routes/rpc.ts.
  const guard = jsonBodyGuard()
  // The paymaster endpoint is JSON-RPC too (paymaster/route.ts).
  app.use('*', (c, next) => (c.req.path === RPC_PATH || c.req.path === '/v1' || c.req.path.startsWith(PAYMASTER_PATH_PREFIX) ? next() : guard(c, next)))
  // The service's own routes refuse unknown query parameters; provider routes ignore them (see README).
  app.use('/health', strictQuery([]))
  app.use('/v1/projects/:projectId/origins', strictQuery([]))

  registerBlockchainRoutes(app, deps)
  registerConvertRoutes(app, deps, new ConvertService(chains))
  registerNftRoutes(app, deps, nfts)
  registerRegistryRoutes(app, deps)
  registerAnalyticsRoutes(app, deps)
  registerProjectRoutes(app, deps)
  registerSessionRoutes(app, deps, options.siwx)
  registerProfileRoutes(app, deps, options.profile)
  const onrampSetup = setupOnramp(app, deps, { db, chains, store, logger }, options)
  const onramp = onrampSetup?.service ?? null
  // Read per request: a Solana chain that was down at start joins the served chains later.
  const upstreamsNow = () => rpcUpstreams({ chains, others: solana.rpcUrls(), options: options.rpc })
  registerRpcRoutes(app, deps, upstreamsNow, options.rpc, options.rpcTimeoutMs)
  setupPaymaster(app, { db, chains, logger }, options)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Service'],
      summary: 'Liveness and indexer progress',
      responses: { ...jsonOk(HealthResponseSchema, 'Healthy'), 400: errorResponses[400] },
    }),
    (c) =>
      c.json(
        HealthResponseSchema.parse({ status: 'ok', database: db.kind, chains: indexer?.chainStatus() ?? [] }),
        200,
      ),
  )

  app.doc31('/openapi.json', () => ({
    openapi: '3.1.0',
    info: {
      title: 'Portico reference API',
      version: '1.0.0',
      description:
        'Blockchain API (SPEC §7), wallet registry and analytics ingest of Portico. Errors are ApiError bodies; ' +
        'provider calls take projectId, st and sv in the query.',
    },
    servers: [{ url: deps.publicUrl }],
  }))

  app.onError(errorHandler(logger))
  app.notFound(notFoundOrMethodNotAllowed(app))

  indexer?.start()
  onramp?.start()

  const http = httpListener(app.fetch)
  return {
    app,
    db,
    store,
    projects,
    balances,
    indexer,
    solana,
    registry,
    onramp,
    onrampSandbox: onrampSetup?.sandbox ?? null,
    chainIds: [...chains.keys(), ...solana.chainIds()],
    async listen(port = 0, hostname = '127.0.0.1') {
      const listening = await http.listen(port, hostname)
      if (options.publicUrl === undefined) deps.publicUrl = `http://localhost:${listening.port}`
      return listening
    },
    async close() {
      await indexer?.stop()
      await onramp?.stop()
      await onrampSetup?.sandbox.close()
      await http.close()
      if (ownsDb) await db.close()
    },
  }
}
