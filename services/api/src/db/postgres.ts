import pg from 'pg'
import type { Database, Queryable } from './types.js'

const INT8_OID = 20

/** Opens a PostgreSQL connection pool for `url` (a `postgres://` connection string). */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // int8 as number like PGlite does, so both adapters hand the same row shapes to the service.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client losing its connection (server restart) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.warn(`[portico-api] postgres pool error: ${error.message}`))
  // Fail at start, not on the first request, when the database is unreachable.
  const probe = await pool.connect()
  probe.release()
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await q.query(sql, params ? [...params] : undefined)
      return result.rows as T[]
    },
    async exec(sql: string) {
      await q.query(sql)
    },
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
