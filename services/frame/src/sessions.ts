import type { Database } from '@portico/service-api/db'
import type { FrameLimits } from './config.js'
import { generateId, generateToken, keyedHash } from './crypto.js'
import { FrameProblem } from './errors.js'

/** Tokens handed to the client; only their hashes are stored. */
export interface SessionTokens {
  sessionId: string
  accessToken: string
  accessTokenExpiresAt: string
  refreshToken: string
  refreshTokenExpiresAt: string
}

type RefreshOutcome = { ok: true; tokens: SessionTokens } | { ok: false; problem: FrameProblem }

const invalidToken = () => new FrameProblem(401, 'INVALID_TOKEN', 'The token is invalid or expired; sign in again.')

/** Sessions: short-lived access tokens and rotating refresh tokens with reuse detection. */
export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly limits: FrameLimits,
    private readonly now: () => Date,
  ) {}

  private hash(token: string): string {
    return keyedHash(this.secret, 'session-token', token)
  }

  private async issue(q: Pick<Database, 'query'>, sessionId: string, now: Date): Promise<SessionTokens> {
    const accessToken = generateToken()
    const refreshToken = generateToken()
    const accessExpires = new Date(now.getTime() + this.limits.accessTokenTtlMs)
    const refreshExpires = new Date(now.getTime() + this.limits.refreshTokenTtlMs)
    await q.query(
      `insert into frame_tokens (hash, session_id, kind, created_at, expires_at)
       values ($1, $3, 'access', $4, $5), ($2, $3, 'refresh', $4, $6)`,
      [this.hash(accessToken), this.hash(refreshToken), sessionId, now, accessExpires, refreshExpires],
    )
    return {
      sessionId,
      accessToken,
      accessTokenExpiresAt: accessExpires.toISOString(),
      refreshToken,
      refreshTokenExpiresAt: refreshExpires.toISOString(),
    }
  }

  /** Opens a session for `userId`, from the device whose id hashes to `deviceHash` (when the client sent one). */
  async create(userId: string, deviceHash: string | null = null): Promise<SessionTokens> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const id = generateId()
      await tx.query('insert into frame_sessions (id, user_id, created_at, device_hash) values ($1, $2, $3, $4)', [id, userId, now, deviceHash])
      return this.issue(tx, id, now)
    })
  }

  /**
   * Swaps a refresh token for a new pair. The old one stops working; presenting it again (a stolen copy, or a replay)
   * revokes the whole session.
   */
  async refresh(refreshToken: string): Promise<SessionTokens> {
    const now = this.now()
    const outcome = await this.db.transaction<RefreshOutcome>(async (tx) => {
      const [row] = await tx.query<{ session_id: string; expires_at: Date; used_at: Date | null; revoked_at: Date | null }>(
        `select t.session_id, t.expires_at, t.used_at, s.revoked_at
         from frame_tokens t join frame_sessions s on s.id = t.session_id
         where t.hash = $1 and t.kind = 'refresh' for update of t, s`,
        [this.hash(refreshToken)],
      )
      if (!row) return { ok: false, problem: invalidToken() }
      if (row.revoked_at) return { ok: false, problem: new FrameProblem(401, 'SESSION_REVOKED', 'This session was revoked; sign in again.') }
      if (row.used_at) {
        await tx.query("update frame_sessions set revoked_at = $2, revoked_reason = 'refresh-token-reuse' where id = $1", [row.session_id, now])
        return {
          ok: false,
          problem: new FrameProblem(401, 'REFRESH_TOKEN_REUSED', 'This refresh token was already used, so the session was revoked; sign in again.'),
        }
      }
      if (row.expires_at.getTime() <= now.getTime()) return { ok: false, problem: invalidToken() }
      const used = await tx.query("update frame_tokens set used_at = $2 where hash = $1 and used_at is null returning hash", [
        this.hash(refreshToken),
        now,
      ])
      if (used.length === 0) return { ok: false, problem: invalidToken() }
      return { ok: true, tokens: await this.issue(tx, row.session_id, now) }
    })
    if (!outcome.ok) throw outcome.problem
    return outcome.tokens
  }

  /**
   * The session an access token belongs to, or a 401 problem. `deviceApproved`: the session was opened from a device
   * the user approved (its first login, or a "new device" link), which the recovery share requires.
   */
  async authenticate(
    accessToken: string,
  ): Promise<{ sessionId: string; userId: string; email: string | null; expiresAt: string; deviceApproved: boolean }> {
    const [row] = await this.db.query<{
      session_id: string
      user_id: string
      email: string | null
      expires_at: Date
      revoked_at: Date | null
      device_approved: boolean
    }>(
      `select t.session_id, s.user_id, u.email, t.expires_at, s.revoked_at,
              exists (select 1 from frame_devices d where d.user_id = s.user_id and d.device_hash = s.device_hash) as device_approved
       from frame_tokens t join frame_sessions s on s.id = t.session_id join frame_users u on u.id = s.user_id
       where t.hash = $1 and t.kind = 'access'`,
      [this.hash(accessToken)],
    )
    if (!row || row.expires_at.getTime() <= this.now().getTime()) throw invalidToken()
    if (row.revoked_at) throw new FrameProblem(401, 'SESSION_REVOKED', 'This session was revoked; sign in again.')
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      email: row.email,
      expiresAt: row.expires_at.toISOString(),
      deviceApproved: row.device_approved,
    }
  }

  /**
   * Signs out: revokes the session of `accessToken`, so its access and refresh tokens stop working. Idempotent: a
   * token of an already revoked session answers the same. An unknown or expired token is a 401.
   */
  async signOut(accessToken: string): Promise<void> {
    const now = this.now()
    const [row] = await this.db.query<{ session_id: string; expires_at: Date }>(
      "select session_id, expires_at from frame_tokens where hash = $1 and kind = 'access'",
      [this.hash(accessToken)],
    )
    if (!row || row.expires_at.getTime() <= now.getTime()) throw invalidToken()
    await this.db.query(
      "update frame_sessions set revoked_at = $2, revoked_reason = 'sign-out' where id = $1 and revoked_at is null",
      [row.session_id, now],
    )
  }
}
