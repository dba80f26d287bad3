import { runMigrations } from './migrations.js'
import { type PgliteDatabase, openPglite } from './pglite.js'
import { type PostgresTimeouts, openPostgres } from './postgres.js'
import type { Database } from './types.js'

export type { Database, Queryable } from './types.js'
export { migrations, runMigrations, type Migration } from './migrations.js'
export { openPglite, PGLITE_SETTINGS, temporaryDataDir, type PgliteDatabase } from './pglite.js'
export { DEFAULT_POSTGRES_TIMEOUTS, openPostgres, type PostgresTimeouts } from './postgres.js'

/** Where the service keeps its data: a PostgreSQL `url`, else PGlite in `dataDir`, else PGlite in memory. */
export interface DatabaseOptions {
  url?: string
  dataDir?: string
  /** PostgreSQL session timeouts (see PostgresTimeouts); PGlite has one session, so none apply. */
  timeouts?: PostgresTimeouts
}

// Snapshot of a freshly migrated in-memory database. initdb under WebAssembly takes seconds; loading this takes a
// fraction of that, which matters for tests and tools that open many in-memory databases in one process.
let memoryTemplate: Promise<Blob> | null = null

async function openMemoryPglite(): Promise<PgliteDatabase> {
  if (memoryTemplate) {
    try {
      return await openPglite(undefined, await memoryTemplate)
    } catch {
      memoryTemplate = null // a failed template must not poison later opens
    }
  }
  const db = await openPglite()
  await runMigrations(db)
  const snapshot = db.snapshot()
  memoryTemplate = snapshot
  snapshot.catch(() => {
    if (memoryTemplate === snapshot) memoryTemplate = null
  })
  await snapshot.catch(() => undefined)
  return db
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const db = options.url
    ? await openPostgres(options.url, { timeouts: options.timeouts })
    : options.dataDir
      ? await openPglite(options.dataDir)
      : await openMemoryPglite()
  try {
    await runMigrations(db)
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
  return db
}
