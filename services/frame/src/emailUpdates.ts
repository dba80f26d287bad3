import type { Database, Queryable } from '@portico/service-api/db'
import type { FrameLimits } from './config.js'
import { generateCode, generateId, hashesEqual, keyedHash } from './crypto.js'
import { normalizeEmail, recordSend, takeIpSlot, takeSendSlot } from './emailCodes.js'
import { FrameProblem } from './errors.js'

/** A code of an email change, to be mailed to `to`. */
export interface IssuedUpdateCode {
  id: string
  stage: 'primary' | 'secondary'
  /** The address the code goes to: the current one (primary), then the new one (secondary). */
  to: string
  newEmail: string
  code: string
  expiresAt: Date
}

type Outcome<T> = { ok: true; value: T } | { ok: false; problem: FrameProblem }

const emailTaken = () => new FrameProblem(409, 'EMAIL_TAKEN', 'This email belongs to another account.')
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505'

/**
 * Changing a user's email (SPEC §4): a code to the current address proves the account holder asks, then a code to
 * the new address proves it is theirs; only then does the email change. Codes follow the login codes' rules (HMAC
 * only, expiry, attempts, resend cooldown and hourly limits per address and per IP), every decision in one
 * transaction so replicas agree. Only the newest change of a user is valid.
 */
export class EmailUpdates {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly limits: FrameLimits,
    private readonly now: () => Date,
  ) {}

  private hashCode(id: string, stage: string, code: string): string {
    return keyedHash(this.secret, 'email-update-code', `${id}:${stage}:${code}`)
  }

  /** Starts a change of `userId`'s email (now `currentEmail`) to `rawNewEmail`: a code for the current address. */
  async start(userId: string, currentEmail: string, rawNewEmail: string, ip: string): Promise<IssuedUpdateCode> {
    const newEmail = normalizeEmail(rawNewEmail)
    if (newEmail === currentEmail) throw new FrameProblem(400, 'EMAIL_UNCHANGED', 'The new email is the current one.')
    const now = this.now()
    const outcome = await this.db.transaction<Outcome<IssuedUpdateCode>>(async (tx) => {
      const taken = await tx.query('select 1 from frame_users where email = $1 and id <> $2', [newEmail, userId])
      if (taken.length > 0) return { ok: false, problem: emailTaken() }
      const limited = await takeSendSlot(tx, currentEmail, ip, this.limits, now, 'start', 'update-code')
      if (limited) return { ok: false, problem: limited }
      await tx.query("update frame_email_updates set status = 'superseded' where user_id = $1 and status = 'active'", [userId])
      const id = generateId()
      const code = generateCode(this.limits.codeLength)
      const expiresAt = new Date(now.getTime() + this.limits.codeTtlMs)
      await tx.query(
        `insert into frame_email_updates (id, user_id, new_email, stage, code_hash, created_at, expires_at)
         values ($1, $2, $3, 'primary', $4, $5, $6)`,
        [id, userId, newEmail, this.hashCode(id, 'primary', code), now, expiresAt],
      )
      await recordSend(tx, currentEmail, ip, now, 'update-code')
      return { ok: true, value: { id, stage: 'primary', to: currentEmail, newEmail, code, expiresAt } }
    })
    if (!outcome.ok) throw outcome.problem
    return outcome.value
  }

  /** Ends a change whose mail could not be sent. */
  async end(id: string): Promise<void> {
    await this.db.query("update frame_email_updates set status = 'ended' where id = $1 and status = 'active'", [id])
  }

  /**
   * Checks `otp` against the newest active change of `userId` at `stage`. Right code: runs `onRight` in the same
   * transaction (its problem, if any, leaves the code unused). Wrong code: counts an attempt (the last allowed one
   * ends the change). Throws the 4xx problem.
   */
  private async check<T>(
    userId: string,
    stage: 'primary' | 'secondary',
    otp: string,
    ip: string,
    onRight: (tx: Queryable, row: { id: string; new_email: string }, now: Date) => Promise<Outcome<T>>,
  ): Promise<T> {
    const now = this.now()
    const outcome = await this.db.transaction<Outcome<T>>(async (tx) => {
      const ipRetry = await takeIpSlot(tx, ip, 'verify', this.limits.verifiesPerIpPerHour, now)
      if (ipRetry !== null)
        return {
          ok: false,
          problem: new FrameProblem(429, 'IP_RATE_LIMITED', `Too many code checks from this address; try again in ${ipRetry} seconds.`, {
            retryAfter: ipRetry,
          }),
        }
      const [row] = await tx.query<{ id: string; new_email: string; stage: string; code_hash: string; expires_at: Date; status: string }>(
        `select id, new_email, stage, code_hash, expires_at, status from frame_email_updates
         where user_id = $1 order by created_at desc limit 1 for update`,
        [userId],
      )
      if (!row || row.status === 'done' || row.status === 'superseded')
        return { ok: false, problem: new FrameProblem(400, 'UPDATE_NOT_FOUND', 'No email change is waiting; start one first.') }
      if (row.status === 'ended')
        return { ok: false, problem: new FrameProblem(400, 'CODE_ENDED', 'This code has ended after too many wrong attempts; start the email change again.') }
      if (row.status === 'expired' || row.expires_at.getTime() <= now.getTime()) {
        await tx.query("update frame_email_updates set status = 'expired' where id = $1", [row.id])
        return { ok: false, problem: new FrameProblem(400, 'CODE_EXPIRED', 'This code has expired; start the email change again.') }
      }
      if (row.stage !== stage)
        return {
          ok: false,
          problem: new FrameProblem(
            400,
            'UPDATE_NOT_FOUND',
            stage === 'secondary' ? 'Confirm the current email with its code first.' : 'The current email is already confirmed; enter the code sent to the new email.',
          ),
        }
      if (hashesEqual(this.hashCode(row.id, stage, otp), row.code_hash)) return onRight(tx, row, now)
      const [after] = await tx.query<{ attempts: number; status: string }>(
        `update frame_email_updates
         set attempts = attempts + 1, status = case when attempts + 1 >= $2 then 'ended' else status end
         where id = $1 returning attempts, status`,
        [row.id, this.limits.maxAttempts],
      )
      if (after.status === 'ended')
        return {
          ok: false,
          problem: new FrameProblem(400, 'CODE_ENDED', 'Wrong code, and the code has now ended after too many wrong attempts; start the email change again.'),
        }
      const remainingAttempts = this.limits.maxAttempts - after.attempts
      return { ok: false, problem: new FrameProblem(400, 'CODE_INCORRECT', `Wrong code; ${remainingAttempts} attempts left.`, { remainingAttempts }) }
    })
    if (!outcome.ok) throw outcome.problem
    return outcome.value
  }

  /**
   * Checks the code sent to the current address; right: issues the code for the new address (to be mailed). The new
   * address's cooldown applies: a 429 there leaves the first code usable.
   */
  async verifyPrimary(userId: string, otp: string, ip: string): Promise<IssuedUpdateCode> {
    return this.check(userId, 'primary', otp, ip, async (tx, row, now) => {
      const taken = await tx.query('select 1 from frame_users where email = $1 and id <> $2', [row.new_email, userId])
      if (taken.length > 0) return { ok: false, problem: emailTaken() }
      const limited = await takeSendSlot(tx, row.new_email, ip, this.limits, now, 'start', 'update-code')
      if (limited) return { ok: false, problem: limited }
      const code = generateCode(this.limits.codeLength)
      const expiresAt = new Date(now.getTime() + this.limits.codeTtlMs)
      await tx.query(
        "update frame_email_updates set stage = 'secondary', code_hash = $2, attempts = 0, expires_at = $3 where id = $1",
        [row.id, this.hashCode(row.id, 'secondary', code), expiresAt],
      )
      await recordSend(tx, row.new_email, ip, now, 'update-code')
      return { ok: true, value: { id: row.id, stage: 'secondary', to: row.new_email, newEmail: row.new_email, code, expiresAt } }
    })
  }

  /** Checks the code sent to the new address; right: the user's email becomes the new one. */
  async verifySecondary(userId: string, otp: string, ip: string): Promise<{ email: string }> {
    try {
      return await this.check(userId, 'secondary', otp, ip, async (tx, row) => {
        const taken = await tx.query('select 1 from frame_users where email = $1 and id <> $2', [row.new_email, userId])
        if (taken.length > 0) return { ok: false, problem: emailTaken() }
        await tx.query('update frame_users set email = $2 where id = $1', [userId, row.new_email])
        await tx.query("update frame_email_updates set status = 'done' where id = $1", [row.id])
        return { ok: true, value: { email: row.new_email } }
      })
    } catch (error) {
      // A first login of the new address on another replica, between the check and the update.
      if (isUniqueViolation(error)) throw emailTaken()
      throw error
    }
  }
}
