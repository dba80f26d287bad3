import type { Queryable } from '../db/index.js'

const MINUTE_MS = 60_000
/** The action name of RPC calls in the shared attempt counters (`siwx_counters`: subject, action, window). */
const ACTION = 'rpc-calls'

/**
 * Counts RPC calls per client in fixed one-minute windows, in the database like the sign-in attempt limits, so every
 * replica enforces the same limit. Windows older than the current one are deleted as the minutes turn.
 */
export class RpcCallLimiter {
  private swept = 0

  constructor(
    private readonly db: Queryable,
    private readonly limit: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Takes `calls` from `subject`'s allowance of this minute. Returns 0 when taken, else the seconds until the next
   * window (nothing is counted then: a refused batch does not eat the allowance).
   *
   * @example
   * const wait = await limiter.take('ip:127.0.0.1', 3)
   * if (wait > 0) refuse(`try again in ${wait} seconds`)
   */
  async take(subject: string, calls: number): Promise<number> {
    const now = this.now()
    const window = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS
    if (this.swept !== window) {
      this.swept = window
      await this.db.query('delete from siwx_counters where action = $1 and window_start < $2', [ACTION, new Date(window)])
    }
    const retryAfter = Math.max(1, Math.ceil((window + MINUTE_MS - now.getTime()) / 1000))
    if (calls > this.limit) return retryAfter
    const rows = await this.db.query(
      `insert into siwx_counters (subject, action, window_start, count) values ($1, $2, $3, $4)
       on conflict (subject, action, window_start) do update set count = siwx_counters.count + $4
       where siwx_counters.count + $4 <= $5
       returning count`,
      [subject, ACTION, new Date(window), calls, this.limit],
    )
    return rows.length > 0 ? 0 : retryAfter
  }
}
