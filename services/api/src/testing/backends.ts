import type { ApiServerOptions } from '../config.js'
import { type TestPostgres, startTestPostgres } from './postgres.js'

/** A storage backend a test suite runs against. */
export interface TestBackend {
  name: 'pglite' | 'postgres'
  /** True when this leg was not requested; suites mark it skipped (visibly) instead of running it. */
  skip: boolean
  /** Server options pointing at a fresh, empty database, and a cleanup to call when the suite ends. */
  open(): Promise<{ options: Pick<ApiServerOptions, 'databaseUrl' | 'dataDir'>; cleanup(): Promise<void> }>
}

let cluster: Promise<TestPostgres> | null = null
let users = 0

/** One throwaway cluster per test process, shared by its suites and stopped when the last one is done. */
async function postgresDatabase(): Promise<{ url: string; release(): Promise<void> }> {
  const existing = process.env.PORTICO_TEST_DATABASE_URL
  if (existing) {
    // An existing server (e.g. a CI service): each suite gets its own database in it.
    const { default: pg } = await import('pg')
    const name = `portico_test_${Math.random().toString(16).slice(2, 10)}`
    const admin = new pg.Client({ connectionString: existing })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(existing)
    url.pathname = `/${name}`
    return { url: url.toString(), release: async () => {} }
  }
  cluster ??= startTestPostgres()
  users += 1
  const server = await cluster
  const url = await server.createDatabase()
  return {
    url,
    async release() {
      users -= 1
      if (users === 0 && cluster) {
        const stopping = cluster
        cluster = null
        await (await stopping).stop()
      }
    },
  }
}

let announced = false

/**
 * The storage legs of this run: PGlite always; PostgreSQL when PORTICO_TEST_POSTGRES=1 (a throwaway Debian
 * PostgreSQL, or the server at PORTICO_TEST_DATABASE_URL when set). An unrequested PostgreSQL leg is reported on
 * the console and shows as skipped, never silently absent.
 */
export function testBackends(): TestBackend[] {
  const postgres = process.env.PORTICO_TEST_POSTGRES === '1'
  if (!postgres && !announced) {
    announced = true
    console.info('[portico-api tests] PostgreSQL leg not requested: set PORTICO_TEST_POSTGRES=1 to run these suites on PostgreSQL too')
  }
  return [
    {
      name: 'pglite',
      skip: false,
      open: async () => ({ options: {}, cleanup: async () => {} }),
    },
    {
      name: 'postgres',
      skip: !postgres,
      async open() {
        const db = await postgresDatabase()
        return { options: { databaseUrl: db.url }, cleanup: db.release }
      },
    },
  ]
}
