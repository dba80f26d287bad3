import type { Database } from '@portico/service-api/db'
import type { FrameLimits } from './config.js'

const HOUR_MS = 60 * 60_000
/** Advisory lock key (class 4320, like the per-email locks, with a fixed second key) of the cleanup run. */
const CLEANUP_LOCK: [number, number] = [4320, 0]

/** Rows deleted by one {@link cleanupFrame} run, per table; `skipped` when another replica was running it. */
export interface CleanupResult {
  skipped: boolean
  codes: number
  sends: number
  ipCounters: number
  deviceLinks: number
  tokens: number
  sessions: number
  emailUpdates: number
  userCounters: number
  /** Social sign-ins an hour past their expiry (finished or not). */
  socialFlows: number
}

const count = async (db: Pick<Database, 'query'>, sql: string, params: unknown[]) => (await db.query(`${sql} returning 1`, params)).length

/**
 * Deletes what no rule reads any more, as of `now`:
 * - codes, device links, email changes and social sign-ins an hour past their expiry (whatever their status: the hour keeps CODE_EXPIRED /
 *   CODE_ENDED and "link already used" answers meaningful for a while);
 * - send-log rows older than the rolling hour of the per-email limit, and per-IP and per-user counters of finished
 *   windows;
 * - tokens `sessionRetentionMs` past their expiry, every token of a session revoked more than `sessionRetentionMs`
 *   ago, and then sessions left without tokens (a used refresh token is kept until then, so reuse is still detected
 *   while it could have been valid).
 * Wallets (frame_wallets) are never deleted here.
 *
 * One transaction under a try-advisory-lock: replicas running it at the same time do not queue up; all but one skip.
 */
export async function cleanupFrame(db: Database, limits: FrameLimits, now: Date): Promise<CleanupResult> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1, $2) as locked', CLEANUP_LOCK)
    if (!lock?.locked) return { skipped: true, codes: 0, sends: 0, ipCounters: 0, deviceLinks: 0, tokens: 0, sessions: 0, emailUpdates: 0, userCounters: 0, socialFlows: 0 }
    const hourAgo = new Date(now.getTime() - HOUR_MS)
    const retained = new Date(now.getTime() - limits.sessionRetentionMs)
    const codes = await count(tx, 'delete from frame_email_codes where expires_at < $1', [hourAgo])
    const sends = await count(tx, 'delete from frame_email_sends where sent_at < $1', [hourAgo])
    const ipCounters = await count(tx, 'delete from frame_ip_counters where window_start < $1', [hourAgo])
    const deviceLinks = await count(tx, 'delete from frame_device_links where expires_at < $1', [hourAgo])
    const tokens = await count(
      tx,
      `delete from frame_tokens t where t.expires_at < $1
         or exists (select 1 from frame_sessions s where s.id = t.session_id and s.revoked_at < $1)`,
      [retained],
    )
    const sessions = await count(
      tx,
      `delete from frame_sessions s where s.created_at < $1
         and not exists (select 1 from frame_tokens t where t.session_id = s.id)`,
      [retained],
    )
    const emailUpdates = await count(tx, 'delete from frame_email_updates where expires_at < $1', [hourAgo])
    const userCounters = await count(tx, 'delete from frame_user_counters where window_start < $1', [hourAgo])
    const socialFlows = await count(tx, 'delete from frame_social_flows where expires_at < $1', [hourAgo])
    return { skipped: false, codes, sends, ipCounters, deviceLinks, tokens, sessions, emailUpdates, userCounters, socialFlows }
  })
}
