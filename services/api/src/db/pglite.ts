import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './types.js'

/** A PGlite database that can also snapshot itself. */
export interface PgliteDatabase extends Database {
  /** A tarball of the data directory, loadable with `openPglite(undefined, snapshot)`. */
  snapshot(): Promise<Blob>
}

/**
 * Smaller buffers than Postgres's defaults (shared_buffers alone is 128 MB): PGlite's WebAssembly memory grows and
 * never shrinks, and a reference service's working set is a few megabytes. Measured with a migrated database on
 * disk: 309 MB RSS with the defaults, 160 MB with these.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'temp_buffers = 1MB', 'work_mem = 1MB', 'maintenance_work_mem = 8MB', 'wal_buffers = 1MB']

/**
 * Opens PGlite (Postgres in WebAssembly, in-process): in memory, or persisted under `dataDir`. `from` starts the
 * database from a snapshot instead of running initdb, which takes seconds under WebAssembly.
 *
 * A new `dataDir` is initialised by a short-lived child process: initdb's WebAssembly instance takes ~600 MB that a
 * process never gives back, so a service that ran it itself would keep that for its whole life.
 *
 * @example
 * const db = await openPglite('.portico/api-db')
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDatabase> {
  if (dataDir) {
    // PGlite creates the directory itself but not its parents: a fresh `.portico/frame-db` would fail to start
    mkdirSync(dataDir, { recursive: true })
    if (!from && !existsSync(join(dataDir, 'PG_VERSION'))) await initdbInChild(dataDir)
  }
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}), postgresqlconf: PGLITE_SETTINGS })
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await q.query<T>(sql, params ? [...params] : undefined)
      return result.rows
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    snapshot: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  }
}

const INITDB_SCRIPT = `
const { PGlite } = require(process.argv[1])
PGlite.create({ dataDir: process.argv[2] })
  .then((pg) => pg.close())
  .catch((error) => { console.error(error); process.exit(1) })
`

/** Runs PGlite's initdb for `dataDir` in a child process (see openPglite). */
async function initdbInChild(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  try {
    await promisify(execFile)(process.execPath, ['-e', INITDB_SCRIPT, pglite, dataDir], { timeout: 120_000 })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim()
    throw new Error(`Could not initialise the PGlite database in ${dataDir}${stderr ? `: ${stderr}` : ''}`, { cause: error })
  }
}

/**
 * A fresh PGlite directory under the system's temporary directory and its removal: what a service uses when it has
 * no `DATABASE_URL` nor data directory. Its data then lives in files (the page cache) rather than in the process,
 * as the in-memory database's does.
 *
 * @example
 * const temp = temporaryDataDir('portico-api-')
 * const db = await openPglite(temp.dir) // … await db.close(); temp.remove()
 */
export function temporaryDataDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
