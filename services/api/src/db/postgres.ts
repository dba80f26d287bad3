import pg from 'pg'
import type { Database, Queryable } from './types.js'

const INT8_OID = 20

/**
 * Session timeouts of every pooled connection. Replicas share rows (indexer progress, caches) and locks: a replica
 * frozen inside a transaction (a paused container, a partition) must not hold them forever, nor may one statement
 * wait forever on such a lock. PostgreSQL ends a session idle in a transaction past its timeout, which releases
 * the locks; the other replicas' waits fail after lock_timeout and are retried.
 */
export interface PostgresTimeouts {
  /** Longest statement (default 15 s). */
  statementMs?: number
  /** Longest wait for a row or table lock (default 5 s). */
  lockMs?: number
  /** Longest pause inside an open transaction before the server ends the session (default 10 s). */
  idleInTransactionMs?: number
}

export const DEFAULT_POSTGRES_TIMEOUTS: Required<PostgresTimeouts> = { statementMs: 15_000, lockMs: 5_000, idleInTransactionMs: 10_000 }

/** Opens a PostgreSQL connection pool for `url` (a `postgres://` connection string). */
export async function openPostgres(url: string, options: { max?: number; timeouts?: PostgresTimeouts } = {}): Promise<Database> {
  const timeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Sent as startup parameters, so every connection the pool opens (and reopens) has them.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
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
      // The pool stops listening for errors on a client it lent out. The server ending the session (its
      // idle-in-transaction timeout, a restart) would then be an unhandled 'error' event that kills the process;
      // here it fails the transaction, and the broken client is destroyed rather than returned to the pool.
      let broken: Error | undefined
      const onError = (error: Error) => {
        broken = error
        console.warn(`[portico-api] postgres connection lost inside a transaction: ${error.message}`)
      }
      client.on('error', onError)
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken ??= rollbackError
        })
        throw error
      } finally {
        client.off('error', onError)
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}
