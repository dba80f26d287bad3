import { httpListener } from './httpListener.js'
import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import type { ApiError } from '@portico/contracts/api'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { BalanceService } from './balances.js'
import { createChainRuntimes } from './chains.js'
import {
  type ApiServerOptions,
  DEFAULT_CHAINS,
  DEV_PROJECT_ID,
  DEV_PROJECT_ORIGINS,
  consoleLogger,
} from './config.js'
import { type Database, openDatabase, runMigrations } from './db/index.js'
import { ApiProblem, errorHandler, validationHook } from './errors.js'
import { HistoryService } from './history.js'
import { Indexer } from './indexer.js'
import { HealthResponseSchema, jsonOk } from './openapi.js'
import { ProjectService } from './projects.js'
import { WalletRegistry } from './registry/registry.js'
import { registerAnalyticsRoutes } from './routes/analytics.js'
import { registerBlockchainRoutes } from './routes/blockchain.js'
import { registerProjectRoutes } from './routes/projects.js'
import type { RouteDeps } from './routes/context.js'
import { registerRegistryRoutes } from './routes/registry.js'
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
  registry: WalletRegistry
  /** CAIP-2 ids of the served chains. */
  chainIds: string[]
  /** Starts serving HTTP on `port` (0 picks a free one); resolves with the bound port and base URL. */
  listen(port?: number, hostname?: string): Promise<{ port: number; url: string }>
  /** Stops the indexer, the HTTP server and (if the server opened it) the database. */
  close(): Promise<void>
}

/** Largest accepted request body: analytics events and price requests are small. */
const MAX_BODY_BYTES = 64 * 1024

/** PostgreSQL SQLSTATE class 22 (data exception): the input could not be stored, so it is a client error. */
const isDataException = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('22')

/**
 * Builds the reference API: opens and migrates the database, seeds projects, tokens and prices, registers every
 * route with its zod schemas (validation and the document at /openapi.json), and starts the indexer.
 */
export async function createApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const logger = options.logger ?? consoleLogger
  const ownsDb = options.database === undefined
  const db = options.database ?? (await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir }))
  if (!ownsDb) await runMigrations(db)

  const chainConfigs = options.chains ?? DEFAULT_CHAINS
  const chains = createChainRuntimes(chainConfigs, options.rpcTimeoutMs ?? 5_000)
  const store = new DataStore(db)
  const projects = new ProjectService(db)
  await store.seedChains(chainConfigs)
  if (options.seedDevProject ?? true) {
    await projects.upsert({
      id: DEV_PROJECT_ID,
      name: 'Portico dev',
      allowedOrigins: [...new Set([...DEV_PROJECT_ORIGINS, ...(options.devOrigins ?? [])])],
    })
  }
  for (const project of options.projects ?? []) await projects.upsert(project)

  const balances = new BalanceService(chains, store, options.balanceCacheMs ?? 30_000, logger)
  const history = new HistoryService(db, chains, store, options.historyPageSize ?? 20)
  const registry = new WalletRegistry({ synthetic: options.syntheticWallets })
  const indexer =
    options.indexer?.enabled === false
      ? null
      : new Indexer(db, chains, store, logger, options.indexer, (chainId) => balances.invalidate(chainId))

  const deps: RouteDeps = { db, chains, projects, store, balances, history, registry, indexer, logger, publicUrl: options.publicUrl }
  const app = new OpenAPIHono({ defaultHook: validationHook })

  // Any origin may call: the per-project allowlist is enforced by the handlers, and the modal must be able to read
  // the 403 body to show the allowlist alert, which a CORS refusal would hide. No credentials are used.
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'x-project-id', 'x-sdk-type', 'x-sdk-version'],
      maxAge: 86_400,
    }),
  )
  app.use('*', async (c, next) => {
    // Postgres text cannot hold NUL; refuse it up front rather than fail in the database.
    if (/%00/.test(c.req.url)) throw new ApiProblem(400, 'VALIDATION_ERROR', 'NUL characters are not allowed', [{ name: 'url', description: 'contains %00' }])
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })
  for (const path of ['/e', '/v1/fungible/price']) {
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

  registerBlockchainRoutes(app, deps)
  registerRegistryRoutes(app, deps)
  registerAnalyticsRoutes(app, deps)
  registerProjectRoutes(app, deps)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Service'],
      summary: 'Liveness and indexer progress',
      responses: jsonOk(HealthResponseSchema, 'Healthy'),
    }),
    (c) =>
      c.json(
        HealthResponseSchema.parse({ status: 'ok', database: db.kind, chains: indexer?.chainStatus() ?? [] }),
        200,
      ),
  )

  app.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Portico reference API',
      version: '1.0.0',
      description:
        'Blockchain API (SPEC §7), wallet registry and analytics ingest of Portico. Errors are ApiError bodies; ' +
        'provider calls take projectId, st and sv in the query.',
    },
    servers: [{ url: options.publicUrl ?? new URL(c.req.url).origin }],
  }))

  const handleError = errorHandler(logger)
  app.onError((error, c) => {
    if (isDataException(error)) {
      const message = error instanceof Error ? error.message : 'invalid data'
      const body: ApiError = { status: 'FAILED', code: 'VALIDATION_ERROR', message: `Invalid input: ${message}`, reasons: [{ name: 'body', description: message }] }
      return c.json(body, 400)
    }
    return handleError(error, c)
  })
  app.notFound((c) => {
    const body: ApiError = { status: 'FAILED', code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}`, reasons: [] }
    return c.json(body, 404)
  })

  indexer?.start()

  const http = httpListener(app.fetch)
  return {
    app,
    db,
    store,
    projects,
    balances,
    indexer,
    registry,
    chainIds: [...chains.keys()],
    listen: (port = 0, hostname = '127.0.0.1') => http.listen(port, hostname),
    async close() {
      await indexer?.stop()
      await http.close()
      if (ownsDb) await db.close()
    },
  }
}
