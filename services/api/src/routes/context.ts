import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { BalanceService, IconUrlFor } from '../balances.js'
import type { ChainRuntime } from '../chains.js'
import type { Logger } from '../config.js'
import type { Database } from '../db/index.js'
import type { HistoryService } from '../history.js'
import type { Indexer } from '../indexer.js'
import type { Project, ProjectService } from '../projects.js'
import type { WalletRegistry } from '../registry/registry.js'
import type { DataStore } from '../store.js'

/** Everything the route handlers use, built once by createApiServer. */
export interface RouteDeps {
  db: Database
  chains: Map<string, ChainRuntime>
  projects: ProjectService
  store: DataStore
  balances: BalanceService
  history: HistoryService
  registry: WalletRegistry
  indexer: Indexer | null
  logger: Logger
  /** Base of generated URLs, from configuration (never from request headers); no trailing slash. */
  publicUrl: string
  /** How long a process keeps recent reads in memory (see ReadCache). */
  readCacheMs: number
}

/** The app type the routes register on. */
export type App = OpenAPIHono

/** The project of a request, enforcing its origin allowlist (see ProjectService.authorize). */
export const authorize = (deps: RouteDeps, c: Context, projectId: string): Promise<Project> =>
  deps.projects.authorize(projectId, c.req.header('origin'))

/** Image ids allowed in URLs: what ImageParamsSchema accepts. */
const toImageId = (label: string) => label.replace(/[^A-Za-z0-9._:-]/g, '').slice(0, 128) || 'unknown'

/**
 * Builds absolute icon URLs on this API from the configured public URL. Never from the request (Host,
 * X-Forwarded-*): a forged Host would otherwise reach every visitor through the shared balance cache.
 */
export function iconUrlFor(deps: RouteDeps, _c?: Context): IconUrlFor {
  const base = deps.publicUrl
  return (_kind, id) => `${base}/public/getTokenImage/${toImageId(id)}`
}
