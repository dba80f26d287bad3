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
export async function takeIpSlot(q: Queryable, ip: string, action: string, limit: number, now: Date): Promise<number | null> {
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

/**
 * The send rules of every mail that carries a code or a link, checked and (when they pass) counted inside the
 * caller's transaction: the 30 s cooldown and the hourly limit of the address `email`, and the hourly limit of `ip`
 * (counter `ipAction`, which a passing check increments). Serialised per email with an advisory lock held until the
 * transaction ends, so replicas cannot both pass the cooldown. Returns the 429 problem, or null; the caller records
 * the send in frame_email_sends ({@link recordSend}) in the same transaction.
 */
export async function takeSendSlot(
  tx: Queryable,
  email: string,
  ip: string,
  limits: FrameLimits,
  now: Date,
  ipAction: string,
  kind: SendKind,
  /** A step that makes the next mail due at once (a device approved by its link): an earlier mail does not count for the cooldown. */
  resetAt?: Date,
): Promise<FrameProblem | null> {
  // Serialise sends to one email across replicas, so two cannot both pass the cooldown check.
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK_CLASS, email])
  const recent = await tx.query<{ sent_at: Date; kind: string }>(
    'select sent_at, kind from frame_email_sends where email = $1 and sent_at > $2 order by sent_at desc',
    [email, new Date(now.getTime() - HOUR_MS)],
  )
  // the cooldown is per kind of mail: it stops the same mail being asked for again, not the next step of a flow
  const last = recent.find((r) => r.kind === kind)?.sent_at
  if (last && !(resetAt && resetAt > last) && now.getTime() - last.getTime() < limits.resendCooldownMs) {
    const retryAfter = secondsUntil(now, new Date(last.getTime() + limits.resendCooldownMs))
    return new FrameProblem(429, 'COOLDOWN', `Please try again after ${retryAfter} seconds.`, { retryAfter })
  }
  if (recent.length >= limits.sendsPerEmailPerHour) {
    const oldest = recent[limits.sendsPerEmailPerHour - 1].sent_at
    const retryAfter = secondsUntil(now, new Date(oldest.getTime() + HOUR_MS))
    return new FrameProblem(429, 'EMAIL_RATE_LIMITED', `Too many codes were sent to this email; try again in ${retryAfter} seconds.`, { retryAfter })
  }
  const ipRetry = await takeIpSlot(tx, ip, ipAction, limits.sendsPerIpPerHour, now)
  if (ipRetry === null) return null
  return new FrameProblem(429, 'IP_RATE_LIMITED', `Too many codes were requested from this address; try again in ${ipRetry} seconds.`, {
    retryAfter: ipRetry,
  })
}

/** What a mail carries: the 30 s cooldown applies per kind, the hourly limits to all of them. */
export type SendKind = 'login-code' | 'device-link' | 'update-code'

/** Records a mail sent to `email` (read by the cooldown and the hourly limit of {@link takeSendSlot}). */
export async function recordSend(tx: Queryable, email: string, ip: string, now: Date, kind: SendKind): Promise<void> {
  await tx.query('insert into frame_email_sends (email, ip, sent_at, kind) values ($1, $2, $3, $4)', [email, ip, now, kind])
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
/** What a read-only look at a device link finds (GET of the link shows a confirm page; only POST approves). */
export type LinkState = { ok: true } | { ok: false; reason: 'unknown' | 'used' | 'expired' }

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

  /** The stored form of a device id (an HMAC: the id lets a device skip the link step, so it is kept like a credential). */
  hashDevice(deviceId: string): string {
    return keyedHash(this.secret, 'device-id', deviceId)
  }

  private hashLinkToken(token: string): string {
    return keyedHash(this.secret, 'device-link', token)
  }

  /**
   * Issues a code for `email` requested from `ip` by `deviceId`, or throws a 429 problem. When the user exists and
   * has approved devices, an unknown device gets a verification link instead of a code (VERIFY_DEVICE), and a start
   * without a device id is refused. The caller mails what comes back. The 30 s cooldown is per kind of mail (a
   * code right after an approved device link does not wait); the hourly limits count links and codes alike.
   */
  async start(rawEmail: string, ip: string, deviceId?: string): Promise<StartResult> {
    const email = normalizeEmail(rawEmail)
    const now = this.now()
    const outcome = await this.db.transaction<StartOutcome>(async (tx) => {
      const deviceHash = deviceId === undefined ? null : this.hashDevice(deviceId)
      const [known] = await tx.query<{ user_id: string; devices: number; approved: number; approved_at: Date | null }>(
        `select u.id as user_id, count(d.device_hash)::int as devices,
                count(d.device_hash) filter (where d.device_hash = $2)::int as approved,
                max(d.approved_at) filter (where d.device_hash = $2) as approved_at
         from frame_users u left join frame_devices d on d.user_id = u.id
         where u.email = $1 group by u.id`,
        [email, deviceHash],
      )
      const needsLink = known !== undefined && known.devices > 0 && known.approved === 0
      // the code that follows this device's approval is due at once, whatever code went to the address before
      const approvedAt = known?.approved_at ?? undefined
      const limited = await takeSendSlot(tx, email, ip, this.limits, now, 'start', needsLink ? 'device-link' : 'login-code', approvedAt)
      if (limited) return { ok: false, problem: limited }
      if (needsLink) {
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
        await recordSend(tx, email, ip, now, 'device-link')
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
      await recordSend(tx, email, ip, now, 'login-code')
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

  /** What opening `token` would do, without using it: a mail scanner's GET must not approve anything. */
  async linkState(token: string): Promise<LinkState> {
    const [row] = await this.db.query<{ used_at: Date | null; expires_at: Date }>(
      'select used_at, expires_at from frame_device_links where token_hash = $1',
      [this.hashLinkToken(token)],
    )
    if (!row) return { ok: false, reason: 'unknown' }
    if (row.used_at) return { ok: false, reason: 'used' }
    if (row.expires_at.getTime() <= this.now().getTime()) return { ok: false, reason: 'expired' }
    return { ok: true }
  }

  /**
   * Whether `deviceId` is an approved device of the user of `email` (the frame polls this while it waits for the
   * link to be opened). An unknown email answers false like an unapproved device, so the answer reveals nothing
   * to whoever does not hold the device id. Counted per IP (`deviceStatusPerIpPerHour`).
   */
  async deviceStatus(rawEmail: string, deviceId: string, ip: string): Promise<boolean> {
    const email = normalizeEmail(rawEmail)
    const now = this.now()
    const ipRetry = await takeIpSlot(this.db, ip, 'device-status', this.limits.deviceStatusPerIpPerHour, now)
    if (ipRetry !== null)
      throw new FrameProblem(429, 'IP_RATE_LIMITED', `Too many device checks from this address; try again in ${ipRetry} seconds.`, {
        retryAfter: ipRetry,
      })
    const rows = await this.db.query(
      'select 1 from frame_devices d join frame_users u on u.id = d.user_id where u.email = $1 and d.device_hash = $2',
      [email, this.hashDevice(deviceId)],
    )
    return rows.length > 0
  }

  /** Ends a code whose mail could not be sent, so it can never be used. */
  async end(id: string): Promise<void> {
    await this.db.query("update frame_email_codes set status = 'ended' where id = $1 and status = 'active'", [id])
  }

  /**
   * Checks `otp` against the newest active code of `email`. Right: consumes it (once, whichever replica asks first)
   * and returns the user id, creating the user on first login. Wrong: throws 400 with the attempts left.
   */
  async verify(
    rawEmail: string,
    otp: string,
    ip: string,
    deviceId?: string,
  ): Promise<{ userId: string; email: string; deviceHash: string | null }> {
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
    return { userId: outcome.userId, email, deviceHash: deviceId === undefined ? null : this.hashDevice(deviceId) }
  }
}
