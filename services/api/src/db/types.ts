/** Something SQL can be run on: the database itself or an open transaction. Placeholders are `$1`, `$2`, ... */
export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/**
 * The storage adapter the service runs on: PGlite in-process or PostgreSQL. Both return int8 as JS numbers (our
 * int8 columns hold block numbers, nonces and timestamps, all far below 2^53), numeric as strings, jsonb as objects
 * and timestamptz as Date.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Closes the connection(s). */
  close(): Promise<void>
}
