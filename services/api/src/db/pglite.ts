import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './types.js'

/** A PGlite database that can also snapshot itself. */
export interface PgliteDatabase extends Database {
  /** A tarball of the data directory, loadable with `openPglite(undefined, snapshot)`. */
  snapshot(): Promise<Blob>
}

/**
 * Opens PGlite (Postgres in WebAssembly, in-process): in memory, or persisted under `dataDir`. `from` starts the
 * database from a snapshot instead of running initdb, which takes seconds under WebAssembly.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDatabase> {
  // PGlite creates the directory itself but not its parents: a fresh `.portico/frame-db` would fail to start
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) })
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
