import type { Database, Queryable } from '@portico/service-api/db'
import type { FrameLimits } from './config.js'
import { generateCode, generateId, generateToken, hashesEqual, keyedHash } from './crypto.js'
import { FrameProblem } from './errors.js'

/** Normalised form of an email address: trimmed, lowercase. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

const HOUR_MS = 60 * 60_000
/** First key of the advisory locks taken per email (the second is a hash of the email). */
const EMAIL_LOCK_CLASS = 4320

const secondsUntil = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000))
const hourWindow = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)

/**
 * Counts one `action` for `ip` in the current hour unless it already reached `limit`; atomic, so replicas sharing the
 * database agree. Returns the retry delay in seconds when the limit is reached, else null.
 */
async function takeIpSlot(q: Queryable, ip: string, action: string, limit: number, now: Date): Promise<number | null> {
  const window = hourWindow(now)
  const rows = await q.query<{ count: number }>(
    `insert into frame_ip_counters (ip, action, window_start, count) values ($1, $2, $3, 1)
     on conflict (ip, action, window_start) do update set count = frame_ip_counters.count + 1
       where frame_ip_counters.count < $4
     returning count`,
    [ip, action, window, limit],
  )
  return rows.length > 0 ? null : secondsUntil(now, new Date(window.getTime() + HOUR_MS))
}

/** A code created by {@link EmailCodes.start}, to be mailed. */
export interface IssuedCode {
  email: string
  code: string
  expiresAt: Date
}

/** A "new device" link created by {@link EmailCodes.start}, to be mailed; `token` goes into the link URL. */
export interface IssuedDeviceLink {
  id: string
  email: string
  token: string
  expiresAt: Date
}

/** What a start produced: a code to mail, or (known user, unknown device) a device-verification link to mail. */
export type StartResult = { kind: 'code'; issued: IssuedCode & { id: string } } | { kind: 'device-link'; link: IssuedDeviceLink }

type StartOutcome = { ok: true; result: StartResult } | { ok: false; problem: FrameProblem }
type ApproveOutcome = { ok: true; email: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' }
type VerifyOutcome = { ok: true; userId: string } | { ok: false; problem: FrameProblem }

/**
 * Email one-time codes: issue (with cooldown and rate limits) and check (with attempt limit and expiry). Every
 * decision is taken inside one database transaction, so several replicas on one database agree.
 */
export class EmailCodes {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly limits: FrameLimits,
    private readonly now: () => Date,
  ) {}

  private hashCode(codeId: string, code: string): string {
    return keyedHash(this.secret, 'email-code', `${codeId}:${code}`)
  }

  private hashDevice(deviceId: string): string {
    return keyedHash(this.secret, 'device-id', deviceId)
  }

  private hashLinkToken(token: string): string {
    return keyedHash(this.secret, 'device-link', token)
  }

  /**
   * Issues a code for `email` requested from `ip` by `deviceId`, or throws a 429 problem. When the user exists and
   * has approved devices, an unknown device gets a verification link instead of a code (VERIFY_DEVICE), and a start
   * without a device id is refused. The caller mails what comes back. The link counts as a send: the cooldown and the
   * hourly limits are the same as for codes.
   */
  async start(rawEmail: string, ip: string, deviceId?: string): Promise<StartResult> {
    const email = normalizeEmail(rawEmail)
    const now = this.now()
    const outcome = await this.db.transaction<StartOutcome>(async (tx) => {
      // Serialise starts for one email across replicas, so two cannot both pass the cooldown check.
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK_CLASS, email])
      const recent = await tx.query<{ sent_at: Date }>(
        'select sent_at from frame_email_sends where email = $1 and sent_at > $2 order by sent_at desc',
        [email, new Date(now.getTime() - HOUR_MS)],
      )
      const last = recent[0]?.sent_at
      if (last && now.getTime() - last.getTime() < this.limits.resendCooldownMs) {
        const retryAfter = secondsUntil(now, new Date(last.getTime() + this.limits.resendCooldownMs))
        return { ok: false, problem: new FrameProblem(429, 'COOLDOWN', `Please try again after ${retryAfter} seconds.`, { retryAfter }) }
      }
      if (recent.length >= this.limits.sendsPerEmailPerHour) {
        const oldest = recent[this.limits.sendsPerEmailPerHour - 1].sent_at
        const retryAfter = secondsUntil(now, new Date(oldest.getTime() + HOUR_MS))
        return {
          ok: false,
          problem: new FrameProblem(429, 'EMAIL_RATE_LIMITED', `Too many codes were sent to this email; try again in ${retryAfter} seconds.`, { retryAfter }),
        }
      }
      const ipRetry = await takeIpSlot(tx, ip, 'start', this.limits.sendsPerIpPerHour, now)
      if (ipRetry !== null) {
        return {
          ok: false,
          problem: new FrameProblem(429, 'IP_RATE_LIMITED', `Too many codes were requested from this address; try again in ${ipRetry} seconds.`, {
            retryAfter: ipRetry,
          }),
        }
      }
      const deviceHash = deviceId === undefined ? null : this.hashDevice(deviceId)
      const [known] = await tx.query<{ user_id: string; devices: number; approved: number }>(
        `select u.id as user_id, count(d.device_hash)::int as devices,
                count(d.device_hash) filter (where d.device_hash = $2)::int as approved
         from frame_users u left join frame_devices d on d.user_id = u.id
         where u.email = $1 group by u.id`,
        [email, deviceHash],
      )
      if (known && known.devices > 0 && known.approved === 0) {
        if (deviceHash === null)
          return { ok: false, problem: new FrameProblem(400, 'DEVICE_ID_REQUIRED', 'This account verifies new devices; send a deviceId.') }
        const id = generateId()
        const token = generateToken()
        const expiresAt = new Date(now.getTime() + this.limits.deviceLinkTtlMs)
        await tx.query(
          `insert into frame_device_links (id, token_hash, user_id, device_hash, created_at, expires_at)
           values ($1, $2, $3, $4, $5, $6)`,
          [id, this.hashLinkToken(token), known.user_id, deviceHash, now, expiresAt],
        )
        await tx.query('insert into frame_email_sends (email, ip, sent_at) values ($1, $2, $3)', [email, ip, now])
        return { ok: true, result: { kind: 'device-link', link: { id, email, token, expiresAt } } }
      }
      // Only the newest code of an email is valid.
      await tx.query("update frame_email_codes set status = 'superseded' where email = $1 and status = 'active'", [email])
      const id = generateId()
      const code = generateCode(this.limits.codeLength)
      const expiresAt = new Date(now.getTime() + this.limits.codeTtlMs)
      await tx.query(
        'insert into frame_email_codes (id, email, code_hash, created_at, expires_at, device_hash) values ($1, $2, $3, $4, $5, $6)',
        [id, email, this.hashCode(id, code), now, expiresAt, deviceHash],
      )
      await tx.query('insert into frame_email_sends (email, ip, sent_at) values ($1, $2, $3)', [email, ip, now])
      return { ok: true, result: { kind: 'code', issued: { id, email, code, expiresAt } } }
    })
    if (!outcome.ok) throw outcome.problem
    return outcome.result
  }

  /** Ends a device link whose mail could not be sent, so it can never be used. */
  async endLink(id: string): Promise<void> {
    await this.db.query('update frame_device_links set used_at = coalesce(used_at, $2) where id = $1', [id, this.now()])
  }

  /**
   * Opens a device-verification link: approves its device for its user, once, before it expires. Whichever replica
   * is asked first wins (`update … where used_at is null returning`).
   */
  async approveDevice(token: string): Promise<ApproveOutcome> {
    const now = this.now()
    const tokenHash = this.hashLinkToken(token)
    return this.db.transaction<ApproveOutcome>(async (tx) => {
      const [link] = await tx.query<{ user_id: string; device_hash: string; email: string }>(
        `update frame_device_links l set used_at = $2 from frame_users u
         where l.token_hash = $1 and l.used_at is null and l.expires_at > $2 and u.id = l.user_id
         returning l.user_id, l.device_hash, u.email`,
        [tokenHash, now],
      )
      if (!link) {
        const [row] = await tx.query<{ used_at: Date | null }>('select used_at from frame_device_links where token_hash = $1', [tokenHash])
        return { ok: false, reason: !row ? 'unknown' : row.used_at ? 'used' : 'expired' }
      }
      await tx.query(
        'insert into frame_devices (user_id, device_hash, approved_at) values ($1, $2, $3) on conflict do nothing',
        [link.user_id, link.device_hash, now],
      )
      return { ok: true, email: link.email }
    })
  }

  /** Ends a code whose mail could not be sent, so it can never be used. */
  async end(id: string): Promise<void> {
    await this.db.query("update frame_email_codes set status = 'ended' where id = $1 and status = 'active'", [id])
  }

  /**
   * Checks `otp` against the newest active code of `email`. Right: consumes it (once, whichever replica asks first)
   * and returns the user id, creating the user on first login. Wrong: throws 400 with the attempts left.
   */
  async verify(rawEmail: string, otp: string, ip: string, deviceId?: string): Promise<{ userId: string; email: string }> {
    const email = normalizeEmail(rawEmail)
    const now = this.now()
    const outcome = await this.db.transaction<VerifyOutcome>(async (tx) => {
      const ipRetry = await takeIpSlot(tx, ip, 'verify', this.limits.verifiesPerIpPerHour, now)
      if (ipRetry !== null) {
        return {
          ok: false,
          problem: new FrameProblem(429, 'IP_RATE_LIMITED', `Too many code checks from this address; try again in ${ipRetry} seconds.`, {
            retryAfter: ipRetry,
          }),
        }
      }
      // The row lock makes a concurrent check of the same code wait, then see the status this one leaves.
      const [row] = await tx.query<{ id: string; code_hash: string; expires_at: Date; attempts: number; device_hash: string | null }>(
        `select id, code_hash, expires_at, attempts, device_hash from frame_email_codes
         where email = $1 and status = 'active' order by created_at desc limit 1 for update`,
        [email],
      )
      if (!row) {
        const [latest] = await tx.query<{ status: string }>(
          'select status from frame_email_codes where email = $1 order by created_at desc limit 1',
          [email],
        )
        if (latest?.status === 'ended')
          return { ok: false, problem: new FrameProblem(400, 'CODE_ENDED', 'This code has ended after too many wrong attempts; request a new one.') }
        if (latest?.status === 'expired')
          return { ok: false, problem: new FrameProblem(400, 'CODE_EXPIRED', 'This code has expired; request a new one.') }
        return { ok: false, problem: new FrameProblem(400, 'CODE_NOT_FOUND', 'No code is waiting for this email; request a new one.') }
      }
      if (row.expires_at.getTime() <= now.getTime()) {
        await tx.query("update frame_email_codes set status = 'expired' where id = $1", [row.id])
        return { ok: false, problem: new FrameProblem(400, 'CODE_EXPIRED', 'This code has expired; request a new one.') }
      }
      if (hashesEqual(this.hashCode(row.id, otp), row.code_hash)) {
        const consumed = await tx.query(
          "update frame_email_codes set status = 'consumed', consumed_at = $2 where id = $1 and status = 'active' returning id",
          [row.id, now],
        )
        if (consumed.length === 0)
          return { ok: false, problem: new FrameProblem(400, 'CODE_NOT_FOUND', 'No code is waiting for this email; request a new one.') }
        await tx.query('insert into frame_users (id, email, created_at) values ($1, $2, $3) on conflict (email) do nothing', [
          generateId(),
          email,
          now,
        ])
        const [user] = await tx.query<{ id: string }>('select id from frame_users where email = $1', [email])
        // The device that asked for this code is now approved (start let it ask: it was approved already, or the user
        // had no approved device yet). Another device id sent with the code is not recorded.
        if (deviceId !== undefined && row.device_hash !== null && hashesEqual(this.hashDevice(deviceId), row.device_hash))
          await tx.query('insert into frame_devices (user_id, device_hash, approved_at) values ($1, $2, $3) on conflict do nothing', [
            user.id,
            row.device_hash,
            now,
          ])
        return { ok: true, userId: user.id }
      }
      const [after] = await tx.query<{ attempts: number; status: string }>(
        `update frame_email_codes
         set attempts = attempts + 1, status = case when attempts + 1 >= $2 then 'ended' else status end
         where id = $1 returning attempts, status`,
        [row.id, this.limits.maxAttempts],
      )
      if (after.status === 'ended')
        return { ok: false, problem: new FrameProblem(400, 'CODE_ENDED', 'Wrong code, and the code has now ended after too many wrong attempts; request a new one.') }
      const remainingAttempts = this.limits.maxAttempts - after.attempts
      return {
        ok: false,
        problem: new FrameProblem(400, 'CODE_INCORRECT', `Wrong code; ${remainingAttempts} attempts left.`, { remainingAttempts }),
      }
    })
    if (!outcome.ok) throw outcome.problem
    return { userId: outcome.userId, email }
  }
}
