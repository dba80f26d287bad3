import { z } from 'zod'
import { FrameFailure, MESSAGES } from './errors.js'
import type { FrameStore, StoredSession } from './store.js'

// Responses of the frame's auth server (services/frame/src/schemas.ts and frame-design.md), checked so a proxy's
// error page or a changed server never turns into undefined behaviour here.

const SessionTokensSchema = z.object({
  accessToken: z.string().min(1),
  accessTokenExpiresAt: z.string(),
  refreshToken: z.string().min(1),
  refreshTokenExpiresAt: z.string(),
})
const EmailStartSchema = z.object({ status: z.enum(['CODE_SENT', 'VERIFY_DEVICE']), resendAfter: z.number().optional() })
const EmailVerifySchema = z.object({ userId: z.string(), email: z.string(), session: SessionTokensSchema })
const RefreshSchema = z.object({ session: SessionTokensSchema })
const CurrentSessionSchema = z.object({ userId: z.string(), email: z.string().nullable() })
const SocialStartSchema = z.object({ uri: z.string().url(), binding: z.string().min(1) })
const SocialFinishSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  provider: z.string(),
  userName: z.string().nullable(),
  session: SessionTokensSchema,
})
const DeviceStatusSchema = z.object({ approved: z.boolean() })
const FarcasterChannelSchema = z.object({ channelToken: z.string().min(1), url: z.string().min(1), binding: z.string().min(1), expiresAt: z.string() })
const FarcasterStatusSchema = z.object({ state: z.enum(['pending', 'completed']), fid: z.string().optional(), username: z.string().nullable().optional() })
const FarcasterFinishSchema = z.object({ userId: z.string(), fid: z.string(), userName: z.string().nullable(), session: SessionTokensSchema })
const WalletAccountSchema = z.object({
  namespace: z.enum(['eip155', 'solana']),
  address: z.string().min(1),
  publicKey: z.string(),
  path: z.string(),
})
const WalletSchema = z.object({ accounts: z.array(WalletAccountSchema).min(1), authShare: z.string().min(1) })
const RecoverSchema = WalletSchema.extend({ recoveryShare: z.string().min(1) })
const CreatedWalletSchema = z.object({ accounts: z.array(WalletAccountSchema) })
const UpdateStartSchema = z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
const UpdatePrimarySchema = z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }).partial()
const UpdateSecondarySchema = z.object({ email: z.string() })
const ProblemSchema = z.object({ code: z.string(), message: z.string(), retryAfter: z.number().optional() })

export type WalletAccount = z.infer<typeof WalletAccountSchema>
export type Wallet = z.infer<typeof WalletSchema>
export type RecoveredWallet = z.infer<typeof RecoverSchema>
type Tokens = z.infer<typeof SessionTokensSchema>

/** Codes that mean the session is gone for good: sign in again. */
const DEAD_SESSION = new Set(['INVALID_TOKEN', 'SESSION_REVOKED', 'REFRESH_TOKEN_REUSED'])
/** Refresh this long before the access token's expiry, so a request never races it. */
const EXPIRY_MARGIN_MS = 30_000

export interface AuthClientOptions {
  store: FrameStore
  /** Prefix of the API (same origin: ''). */
  base?: string
  fetch?: typeof fetch
  now?: () => number
}

/** The opaque session name sent in SESSION_UPDATE: a hash of the first access token, stable across refreshes. */
export async function sessionTag(accessToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`portico-session:${accessToken}`))
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Runs `rotate` under a Web Lock, so two frames of one browser (two tabs of the app share this storage) never send
 * the same refresh token: the second waits, then finds the tokens already rotated.
 */
function withRefreshLock<T>(rotate: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  return locks ? (locks.request('portico-frame-refresh', rotate) as Promise<T>) : rotate()
}

/**
 * The auth server, same origin. Authenticated calls refresh the access token first when it is about to expire and
 * once more on a 401; refreshes are single-flight, because the server revokes a session whose refresh token is
 * presented twice. A refresh the server refuses ends the session locally: "Session expired".
 */
export class AuthClient {
  private readonly store: FrameStore
  private readonly base: string
  private readonly fetcher: typeof fetch
  private readonly now: () => number
  private refreshing: Promise<StoredSession> | null = null

  constructor(options: AuthClientOptions) {
    this.store = options.store
    this.base = options.base ?? ''
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init))
    this.now = options.now ?? Date.now
  }

  emailStart = (email: string, deviceId: string) =>
    this.call(EmailStartSchema, 'POST', '/v1/email/start', { email, deviceId })

  deviceStatus = (email: string, deviceId: string) =>
    this.call(DeviceStatusSchema, 'POST', '/v1/device/status', { email, deviceId })

  /** Checks the code and stores the new session; returns it. */
  async emailVerify(email: string, otp: string, deviceId: string): Promise<StoredSession> {
    const result = await this.call(EmailVerifySchema, 'POST', '/v1/email/verify', { email, otp, deviceId })
    const session: StoredSession = {
      userId: result.userId,
      email: result.email,
      ...result.session,
      tag: await sessionTag(result.session.accessToken),
    }
    await this.store.saveSession(session)
    return session
  }

  /** Starts a social sign-in: the provider's URL and the binding secret that finishing it needs. */
  socialStart = (provider: string, projectId: string, returnUrl: string) =>
    this.call(SocialStartSchema, 'POST', '/v1/social/start', { provider, projectId, returnUrl })

  /** Redeems a social sign-in's result and stores the new session; returns it with the provider's user name. */
  async socialFinish(result: string, binding: string, deviceId: string): Promise<StoredSession & { userName: string | null }> {
    const finished = await this.call(SocialFinishSchema, 'POST', '/v1/social/finish', { result, binding, deviceId })
    const session: StoredSession = {
      userId: finished.userId,
      email: finished.email,
      ...finished.session,
      tag: await sessionTag(finished.session.accessToken),
    }
    await this.store.saveSession(session)
    return { ...session, userName: finished.userName }
  }

  /** Opens a Sign In With Farcaster channel for the app page `siweUri`: the URL to show and the binding to finish with. */
  farcasterChannel = (projectId: string, siweUri: string) => this.call(FarcasterChannelSchema, 'POST', '/v1/farcaster/channel', { projectId, siweUri })

  /** The state of a channel: pending, or completed by an fid. */
  farcasterStatus = (channelToken: string) =>
    this.call(FarcasterStatusSchema, 'GET', `/v1/farcaster/channel/status?channelToken=${encodeURIComponent(channelToken)}`)

  /** Redeems an approved channel and stores the new session; returns it with the Farcaster user name and fid. */
  async farcasterFinish(channelToken: string, binding: string, deviceId: string): Promise<StoredSession & { userName: string | null; fid: string }> {
    const finished = await this.call(FarcasterFinishSchema, 'POST', '/v1/farcaster/finish', { channelToken, binding, deviceId })
    const session: StoredSession = { userId: finished.userId, email: null, ...finished.session, tag: await sessionTag(finished.session.accessToken) }
    await this.store.saveSession(session)
    return { ...session, userName: finished.userName, fid: finished.fid }
  }

  /** The server's view of the session (its email may have changed); throws "Session expired" when it is gone. */
  currentSession = () => this.authed(CurrentSessionSchema, 'GET', '/v1/session')

  /** The wallet of the signed-in user, or null when the user has none yet. */
  async wallet(): Promise<Wallet | null> {
    try {
      return await this.authed(WalletSchema, 'GET', '/v1/wallet')
    } catch (error) {
      if (error instanceof FrameFailure && error.code === 'NO_WALLET') return null
      throw error
    }
  }

  /** Stores a new wallet's public accounts and server shares; null when another device created one first. */
  async createWallet(body: { accounts: WalletAccount[]; authShare: string; recoveryShare: string }) {
    try {
      return await this.authed(CreatedWalletSchema, 'POST', '/v1/wallet', body)
    } catch (error) {
      if (error instanceof FrameFailure && error.code === 'WALLET_EXISTS') return null
      throw error
    }
  }

  recoverWallet = () => this.authed(RecoverSchema, 'POST', '/v1/wallet/recover', {})

  updateEmailStart = (newEmail: string) => this.authed(UpdateStartSchema, 'POST', '/v1/email/update/start', { newEmail })
  updateEmailPrimary = (otp: string) => this.authed(UpdatePrimarySchema, 'POST', '/v1/email/update/verify-primary', { otp })
  updateEmailSecondary = (otp: string) =>
    this.authed(UpdateSecondarySchema, 'POST', '/v1/email/update/verify-secondary', { otp })

  /** Revokes the session on the server; best effort (the frame forgets it either way). */
  async signOut(signal?: AbortSignal): Promise<void> {
    const session = await this.store.session()
    if (!session) return
    await this.request('POST', '/v1/session/signout', undefined, session.accessToken, signal).catch(() => undefined)
  }

  private async authed<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    let session = await this.store.session()
    if (!session) throw new FrameFailure(MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
    if (Date.parse(session.accessTokenExpiresAt) - EXPIRY_MARGIN_MS <= this.now()) session = await this.refresh(session)
    let response = await this.request(method, path, body, session.accessToken)
    if (response.status === 401) {
      session = await this.refresh(session)
      response = await this.request(method, path, body, session.accessToken)
      if (response.status === 401) return this.expire()
    }
    return this.read(schema, response)
  }

  private refresh(stale: StoredSession): Promise<StoredSession> {
    this.refreshing ??= withRefreshLock(async () => {
      // another call may have rotated the tokens while this one waited
      const current = (await this.store.session()) ?? stale
      if (current.accessToken !== stale.accessToken && Date.parse(current.accessTokenExpiresAt) - EXPIRY_MARGIN_MS > this.now()) {
        return current
      }
      if (Date.parse(current.refreshTokenExpiresAt) <= this.now()) return this.expire()
      const response = await this.request('POST', '/v1/session/refresh', { refreshToken: current.refreshToken })
      if (response.status === 401 || response.status === 400) return this.expire()
      const { session } = await this.read(RefreshSchema, response)
      await this.store.patchSession(session satisfies Tokens)
      return { ...current, ...session }
    }).finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async expire(): Promise<never> {
    await this.store.forgetSession()
    throw new FrameFailure(MESSAGES.sessionExpired, 'SESSION_EXPIRED')
  }

  private async call<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    return this.read(schema, await this.request(method, path, body))
  }

  private async request(method: string, path: string, body?: unknown, token?: string, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    try {
      return await this.fetcher(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
        signal,
      })
    } catch {
      throw new FrameFailure(MESSAGES.unreachable, 'UNREACHABLE')
    }
  }

  private async read<T>(schema: z.ZodType<T>, response: Response): Promise<T> {
    const json: unknown = await response.json().catch(() => undefined)
    if (response.ok) {
      const parsed = schema.safeParse(json)
      if (parsed.success) return parsed.data
      throw new FrameFailure(MESSAGES.somethingWrong, 'BAD_RESPONSE')
    }
    const problem = ProblemSchema.safeParse(json)
    // no problem body: a proxy or load balancer answered, not the auth server
    if (!problem.success) throw new FrameFailure(response.status >= 500 ? MESSAGES.unreachable : MESSAGES.somethingWrong, `HTTP_${response.status}`)
    const { code, message, retryAfter } = problem.data
    if (response.status === 429 && retryAfter) throw new FrameFailure(`Please try again after ${retryAfter} seconds`, code, retryAfter)
    if (response.status === 401 && DEAD_SESSION.has(code)) return this.expire()
    throw new FrameFailure(message, code)
  }
}
