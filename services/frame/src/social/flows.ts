import type { Database, Queryable } from '@portico/service-api/db'
import { generateId, generateToken, hashesEqual, keyedHash } from '../crypto.js'
import { normalizeEmail } from '../emailCodes.js'
import { FrameProblem } from '../errors.js'
import { type AllowedOrigins, originAllowed } from '../origins.js'
import { authorizationUrl, exchangeCode, PROVIDER_NAMES, SocialLoginError } from './identity.js'
import type { SocialIdentity, SocialProvider, SocialProviderConfig } from './providers.js'

/** How long a sign-in may take from start to finish (the visitor types a password, maybe a second factor). */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000
/** First key of the advisory locks taken per social account. */
const SOCIAL_LOCK_CLASS = 4321

/** What the callback did: where the popup posts the result (or the page goes back to), or why it cannot. */
export type CallbackOutcome =
  | { ok: true; resultUri: string; returnUrl: string; failed: boolean; message?: string }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' }

/** A finished social sign-in: the user and what the provider said. */
export interface SocialSignIn {
  userId: string
  /** The user's proven email (a code, or the provider's verified one), or null. */
  email: string | null
  provider: SocialProvider
  username: string | null
  deviceHash: string | null
}

type FlowRow = {
  id: string
  binding_hash: string
  provider: SocialProvider
  expires_at: Date
  callback_at: Date | null
  finished_at: Date | null
  subject: string | null
  email: string | null
  email_verified: boolean | null
  username: string | null
  error_code: string | null
  error_message: string | null
}

/**
 * Social sign-in (OAuth 2.0 / OpenID Connect with PKCE): start, the provider's callback, and finish. The `state`
 * names a flow row; a `binding` secret that only the frame which started the flow holds is needed to finish it, so a
 * result link that leaks (a forged popup message, a referrer) is worth nothing elsewhere. Each step is one
 * transaction, so replicas on one database agree: a callback and a result are each used once.
 *
 * Email collision rule: a new social account whose provider **verified** its email joins the user that already has
 * that email (their email login and this social login share one wallet), or becomes that email's user; with an
 * unverified (or no) email it is a separate user with no email, whatever address the provider showed.
 */
export class SocialLogins {
  private readonly providers: Map<SocialProvider, SocialProviderConfig>

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    providers: readonly SocialProviderConfig[],
    private readonly origins: AllowedOrigins,
    private readonly now: () => Date,
  ) {
    this.providers = new Map(providers.map((p) => [p.provider, p]))
  }

  /** The providers this server can sign in with. */
  configured = (): SocialProvider[] => [...this.providers.keys()]

  private hash(purpose: string, value: string) {
    return keyedHash(this.secret, purpose, value)
  }

  /** The PKCE verifier and the nonce of a flow, derived from its id (43 url-safe characters each). */
  private secrets(id: string) {
    const derive = (purpose: string) => Buffer.from(this.hash(purpose, id), 'hex').toString('base64url')
    return { codeVerifier: derive('social-pkce'), nonce: derive('social-nonce') }
  }

  private config(provider: SocialProvider): SocialProviderConfig {
    const config = this.providers.get(provider)
    if (!config) throw new FrameProblem(400, 'SOCIAL_NOT_CONFIGURED', `Sign-in with ${PROVIDER_NAMES[provider]} is not set up on this server.`)
    return config
  }

  /**
   * Starts a sign-in: the provider's authorization URL (PKCE, state, nonce) and the binding secret the frame keeps.
   * `returnUrl` (where the visitor comes back when there is no popup) must be on an origin the project allows.
   */
  async start(input: { provider: SocialProvider; projectId: string; returnUrl: string; redirectUri: string }): Promise<{ uri: string; binding: string; expiresAt: Date }> {
    const config = this.config(input.provider)
    const lookup = await this.origins.lookup(input.projectId)
    if (lookup.kind === 'unavailable') throw new FrameProblem(503, 'ORIGINS_UNAVAILABLE', 'The allowed origins of this project could not be read; try again later.')
    const returnOrigin = new URL(input.returnUrl).origin
    if (lookup.kind === 'unknown' || !originAllowed(lookup.allowedOrigins, returnOrigin)) {
      throw new FrameProblem(403, 'ORIGIN_NOT_ALLOWED', `${returnOrigin} is not an allowed origin of this project.`)
    }
    const id = generateId()
    const state = generateToken()
    const binding = generateToken()
    const now = this.now()
    const expiresAt = new Date(now.getTime() + SOCIAL_FLOW_TTL_MS)
    await this.db.query(
      `insert into frame_social_flows (id, state_hash, binding_hash, provider, project_id, return_url, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, this.hash('social-state', state), this.hash('social-binding', binding), input.provider, input.projectId, input.returnUrl, now, expiresAt],
    )
    const uri = authorizationUrl(config, input.redirectUri, { state, ...this.secrets(id) })
    return { uri: uri.href, binding, expiresAt }
  }

  /**
   * The provider sent the visitor back. The state is used once: unknown, replayed or expired states are refused.
   * Then the code is exchanged (the PKCE verifier of this flow) and the identity read; a refusal or failure of the
   * provider is kept on the flow and told by `finish`. `resultBase` is this service's public origin.
   */
  async callback(input: {
    provider: SocialProvider
    state: string
    code?: string
    error?: string
    errorDescription?: string
    redirectUri: string
    resultBase: string
  }): Promise<CallbackOutcome> {
    const now = this.now()
    const claimed = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; provider: string; expires_at: Date; callback_at: Date | null; return_url: string }>(
        'select id, provider, expires_at, callback_at, return_url from frame_social_flows where state_hash = $1 for update',
        [this.hash('social-state', input.state)],
      )
      if (!row || row.provider !== input.provider) return { ok: false as const, reason: 'unknown' as const }
      if (row.callback_at) return { ok: false as const, reason: 'used' as const }
      if (row.expires_at.getTime() <= now.getTime()) return { ok: false as const, reason: 'expired' as const }
      await tx.query('update frame_social_flows set callback_at = $2 where id = $1', [row.id, now])
      return { ok: true as const, id: row.id, returnUrl: row.return_url }
    })
    if (!claimed.ok) return claimed

    const name = PROVIDER_NAMES[input.provider]
    let identity: SocialIdentity | undefined
    let failure: { code: string; message: string } | undefined
    if (input.error || !input.code) {
      failure =
        input.error === 'access_denied'
          ? { code: 'SOCIAL_PROVIDER_ERROR', message: `The sign-in with ${name} was cancelled.` }
          : { code: 'SOCIAL_PROVIDER_ERROR', message: `${name} did not sign you in (${(input.error ?? 'no code').slice(0, 64)}); try again.` }
    } else {
      try {
        identity = await exchangeCode(this.config(input.provider), input.redirectUri, input.code, this.secrets(claimed.id))
      } catch (error) {
        if (!(error instanceof SocialLoginError)) throw error
        failure = { code: error.code, message: error.message }
      }
    }
    const result = generateToken()
    await this.db.query(
      `update frame_social_flows set result_hash = $2, subject = $3, email = $4, email_verified = $5, username = $6,
         error_code = $7, error_message = $8 where id = $1`,
      [
        claimed.id,
        this.hash('social-result', result),
        identity?.subject ?? null,
        identity?.email ? normalizeEmail(identity.email) : null,
        identity?.emailVerified ?? null,
        identity?.username?.slice(0, 128) ?? null,
        failure?.code ?? null,
        failure?.message ?? null,
      ],
    )
    const resultUri = `${input.resultBase}/v1/social/result?provider=${input.provider}&result=${encodeURIComponent(result)}`
    return { ok: true, resultUri, returnUrl: claimed.returnUrl, failed: Boolean(failure), ...(failure ? { message: failure.message } : {}) }
  }

  /**
   * Redeems a result once, with the binding secret of the frame that started the flow: finds or creates the user
   * of the social account (the email collision rule above) and approves `deviceHash` for them (the provider's
   * sign-in is the proof a code is for email). A provider failure kept by the callback is thrown here.
   */
  async finish(input: { result: string; binding: string; deviceHash: string | null }): Promise<SocialSignIn> {
    const now = this.now()
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<FlowRow>(
        `select id, binding_hash, provider, expires_at, callback_at, finished_at, subject, email, email_verified, username,
                error_code, error_message
         from frame_social_flows where result_hash = $1 for update`,
        [this.hash('social-result', input.result)],
      )
      if (!row) return { problem: new FrameProblem(400, 'SOCIAL_RESULT_INVALID', 'This sign-in result is not valid; start the sign-in again.') }
      if (!hashesEqual(row.binding_hash, this.hash('social-binding', input.binding))) {
        return { problem: new FrameProblem(403, 'SOCIAL_BINDING_MISMATCH', 'This sign-in was started in another window; start it again here.') }
      }
      if (row.finished_at) return { problem: new FrameProblem(400, 'SOCIAL_RESULT_USED', 'This sign-in was already used; start it again.') }
      if (row.expires_at.getTime() <= now.getTime()) return { problem: new FrameProblem(400, 'SOCIAL_RESULT_EXPIRED', 'This sign-in took too long; start it again.') }
      await tx.query('update frame_social_flows set finished_at = $2 where id = $1', [row.id, now])
      if (row.error_code || !row.subject) {
        const status = row.error_code === 'SOCIAL_PROVIDER_UNAVAILABLE' ? 502 : 400
        return {
          problem: new FrameProblem(status, (row.error_code ?? 'SOCIAL_PROVIDER_ERROR') as never, row.error_message ?? 'The sign-in did not finish; try again.'),
        }
      }
      const identity: SocialIdentity = { subject: row.subject, email: row.email, emailVerified: Boolean(row.email_verified), username: row.username }
      const user = await this.userFor(tx, row.provider, identity, now)
      if (input.deviceHash) {
        await tx.query('insert into frame_devices (user_id, device_hash, approved_at) values ($1, $2, $3) on conflict do nothing', [
          user.id,
          input.deviceHash,
          now,
        ])
      }
      return { signIn: { userId: user.id, email: user.email, provider: row.provider, username: identity.username, deviceHash: input.deviceHash } }
    })
    if ('problem' in outcome) throw outcome.problem
    return outcome.signIn
  }

  /** The user of a social account: the linked one, else (collision rule) the verified email's, else a new one. */
  private async userFor(tx: Queryable, provider: SocialProvider, identity: SocialIdentity, now: Date): Promise<{ id: string; email: string | null }> {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [SOCIAL_LOCK_CLASS, `${provider}:${identity.subject}`])
    const [linked] = await tx.query<{ id: string; email: string | null }>(
      `select u.id, u.email from frame_social_accounts a join frame_users u on u.id = a.user_id
       where a.provider = $1 and a.subject = $2`,
      [provider, identity.subject],
    )
    if (linked) {
      await tx.query(
        'update frame_social_accounts set email = $3, email_verified = $4, username = $5, last_login_at = $6 where provider = $1 and subject = $2',
        [provider, identity.subject, identity.email, identity.emailVerified, identity.username, now],
      )
      return linked
    }
    const verifiedEmail = identity.emailVerified && identity.email ? normalizeEmail(identity.email) : null
    let user: { id: string; email: string | null } | undefined
    if (verifiedEmail) {
      await tx.query('insert into frame_users (id, email, created_at) values ($1, $2, $3) on conflict (email) do nothing', [generateId(), verifiedEmail, now])
      ;[user] = await tx.query<{ id: string; email: string | null }>('select id, email from frame_users where email = $1', [verifiedEmail])
    } else {
      const id = generateId()
      await tx.query('insert into frame_users (id, email, created_at) values ($1, null, $2)', [id, now])
      user = { id, email: null }
    }
    await tx.query(
      `insert into frame_social_accounts (provider, subject, user_id, email, email_verified, username, created_at, last_login_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [provider, identity.subject, user!.id, identity.email, identity.emailVerified, identity.username, now],
    )
    return user!
  }
}
