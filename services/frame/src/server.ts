import { httpListener } from '@portico/service-api/http'
import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { type Database, openPglite, openPostgres, runMigrations } from '@portico/service-api/db'
import { bodyLimit } from 'hono/body-limit'
import {
  DEFAULT_LIMITS,
  DEFAULT_ORIGINS_CACHE_MS,
  DEV_ONLY_FRAME_SECRET,
  type FrameLimits,
  type FrameServerOptions,
  consoleLogger,
} from './config.js'
import { type CleanupResult, cleanupFrame } from './cleanup.js'
import { frameMigrations } from './db/migrations.js'
import { EmailCodes } from './emailCodes.js'
import { EmailUpdates } from './emailUpdates.js'
import { FrameProblem, errorHandler, problemResponse, validationHook } from './errors.js'
import { DEVICE_PAGE_HEADERS, LINK_TOKEN, renderDevicePage } from './devicePage.js'
import { DEFAULT_PAGE_DIR } from './framePage.js'
import { renderInbox } from './mail/inbox.js'
import { type Mailer, createMailer } from './mail/mailer.js'
import { type SmtpSink, startSmtpSink } from './mail/sink.js'
import {
  CurrentSessionResponseSchema,
  DeviceStatusBodySchema,
  DeviceStatusResponseSchema,
  DeviceVerifyFormSchema,
  DeviceVerifyQuerySchema,
  EmailStartBodySchema,
  EmailStartResponseSchema,
  EmailVerifyBodySchema,
  EmailVerifyResponseSchema,
  HealthResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  SignOutResponseSchema,
} from './schemas.js'
import { AllowedOrigins, normalizeOrigin } from './origins.js'
import { bearerToken, clientIp, errorContent, htmlContent, jsonBody, jsonOk } from './routes/http.js'
import { registerEmailUpdateRoutes } from './routes/emailUpdate.js'
import { registerPageRoutes } from './routes/page.js'
import { registerWalletRoutes } from './routes/wallet.js'
import { SocialLogins } from './social/flows.js'
import { registerSocialRoutes } from './social/routes.js'
import { FarcasterRelay } from './farcaster/relay.js'
import { registerFarcasterRoutes } from './farcaster/routes.js'
import { FarcasterRegistry } from './farcaster/siwf.js'
import { Sessions } from './sessions.js'
import { ShareCipher, parseShareKey, shareKeyFromSecret } from './shareCipher.js'
import { Wallets } from './wallets.js'

/** A running (or ready to run) frame auth server. */
export interface FrameServer {
  /** The OpenAPI Hono app. */
  app: OpenAPIHono
  db: Database
  codes: EmailCodes
  sessions: Sessions
  /** Key shares of users' wallets (encrypted at rest). */
  wallets: Wallets
  /** Email changes in progress. */
  updates: EmailUpdates
  /** Social sign-ins (OAuth 2.0 / OpenID Connect with PKCE). */
  socials: SocialLogins
  /** The Sign In With Farcaster relay (off unless `farcaster` is configured). */
  farcaster: FarcasterRelay
  /** Allowed parent origins per project (fixed list or the api). */
  origins: AllowedOrigins
  limits: FrameLimits
  /** The dev SMTP sink, when no SMTP_URL was given. */
  sink: SmtpSink | null
  /** Starts serving HTTP on `port` (0 picks a free one). */
  listen(port?: number, hostname?: string): Promise<{ port: number; url: string }>
  /** Deletes expired and finished rows as of `now` (the server clock by default); see {@link cleanupFrame}. */
  cleanup(now?: Date): Promise<CleanupResult>
  /**
   * Runs {@link FrameServer.cleanup} every `intervalMs` on an unref'd timer (it never keeps the process alive);
   * failures are logged. Stopped by the returned function and by close().
   */
  startCleanupTimer(intervalMs: number): () => void
  /** Stops HTTP, the sink, the mailer and (if the server opened it) the database. */
  close(): Promise<void>
}

const MAX_BODY_BYTES = 16 * 1024

async function openFrameDatabase(options: FrameServerOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir || undefined)
  try {
    await runMigrations(db, frameMigrations)
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
  return db
}

/**
 * Builds the frame's auth server: opens and migrates the database, starts the dev SMTP sink unless `smtpUrl` is set,
 * and registers the email one-time-code and session routes with their zod schemas (document at /openapi.json).
 */
export async function createFrameServer(options: FrameServerOptions = {}): Promise<FrameServer> {
  const logger = options.logger ?? consoleLogger
  const limits: FrameLimits = { ...DEFAULT_LIMITS, ...options.limits }
  const now = options.now ?? (() => new Date())
  const secret = options.secret || DEV_ONLY_FRAME_SECRET
  if (secret === DEV_ONLY_FRAME_SECRET) logger.warn('PORTICO_FRAME_SECRET is not set: using the DEV-ONLY secret; never run it like this in production')
  else if (secret.length < 32) throw new Error('PORTICO_FRAME_SECRET must be at least 32 characters long.')

  let shareKey: Buffer
  if (options.shareKey) shareKey = parseShareKey(options.shareKey)
  else {
    logger.warn(
      'PORTICO_FRAME_SHARE_KEY is not set: key shares are encrypted with a key DERIVED FROM PORTICO_FRAME_SECRET; dev only, never in production (anyone with the secret and a dump could read the shares)',
    )
    shareKey = shareKeyFromSecret(secret)
  }
  const cipher = new ShareCipher(shareKey)
  const fixedOrigins = options.allowedOrigins?.map(normalizeOrigin).filter(Boolean)
  if (!fixedOrigins && !options.apiUrl)
    logger.warn('neither PORTICO_FRAME_ALLOWED_ORIGINS nor PORTICO_API_URL is set: no site may embed the frame page (frame-ancestors \'none\')')

  const ownsDb = options.database === undefined
  const db = options.database ?? (await openFrameDatabase(options))
  if (!ownsDb) await runMigrations(db, frameMigrations)

  const sink = options.smtpUrl ? null : await startSmtpSink(options.smtpSinkPort ?? 0)
  const mailFrom = options.mailFrom ?? 'Portico <login@portico.localhost>'
  const mailer: Mailer = createMailer(options.smtpUrl ? { smtpUrl: options.smtpUrl } : { sinkPort: sink!.port }, mailFrom, limits.codeTtlMs)
  const codes = new EmailCodes(db, secret, limits, now)
  const sessions = new Sessions(db, secret, limits, now)
  const wallets = new Wallets(db, cipher, limits, now)
  const updates = new EmailUpdates(db, secret, limits, now)
  const origins = new AllowedOrigins({ fixed: fixedOrigins, apiUrl: options.apiUrl }, options.originsCacheMs ?? DEFAULT_ORIGINS_CACHE_MS, logger)
  const pageDir = options.pageDir ?? DEFAULT_PAGE_DIR
  const resendAfter = Math.ceil(limits.resendCooldownMs / 1000)
  const trustProxy = options.trustProxy ?? false
  const publicUrl = options.publicUrl?.replace(/\/+$/, '')
  const socials = new SocialLogins(db, secret, options.socialProviders ?? [], origins, now)
  const farcaster = new FarcasterRelay(db, secret, options.farcaster ? new FarcasterRegistry(options.farcaster) : null, origins, now)

  const app = new OpenAPIHono({ defaultHook: validationHook })
  app.use('*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    // Answers are per user and short-lived, except what a route marks cacheable (the page's hashed assets).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problemResponse(c, new FrameProblem(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')),
    }),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/email/start',
      tags: ['Email'],
      summary: 'Send a one-time code to an email, or a device-verification link for an unknown device',
      description:
        'For a user with approved devices, a start from an unknown deviceId mails a one-time link that approves the device and answers VERIFY_DEVICE; once it is opened, start again from that device to get a code.',
      request: { body: jsonBody(EmailStartBodySchema) },
      responses: {
        ...jsonOk(EmailStartResponseSchema, 'Code sent (CODE_SENT) or device link sent (VERIFY_DEVICE)'),
        400: errorContent('Invalid body (code INVALID_EMAIL or VALIDATION_ERROR), or DEVICE_ID_REQUIRED'),
        429: errorContent('Resend cooldown (COOLDOWN) or hourly limit (EMAIL_RATE_LIMITED, IP_RATE_LIMITED); retryAfter in seconds'),
        502: errorContent('The mail could not be sent (MAIL_FAILED)'),
      },
    }),
    async (c) => {
      const { email, deviceId } = c.req.valid('json')
      const result = await codes.start(email, clientIp(c, trustProxy), deviceId)
      if (result.kind === 'device-link') {
        const { link } = result
        const url = `${publicUrl ?? new URL(c.req.url).origin}/v1/device/verify?token=${link.token}`
        try {
          await mailer.sendDeviceLink(link, url, limits.deviceLinkTtlMs)
        } catch (error) {
          await codes.endLink(link.id)
          logger.error(`sending a device link to ${link.email} failed: ${error instanceof Error ? error.message : error}`)
          throw new FrameProblem(502, 'MAIL_FAILED', 'The device confirmation could not be sent by email; try again later.')
        }
        return c.json({ status: 'VERIFY_DEVICE' as const, expiresAt: link.expiresAt.toISOString(), resendAfter }, 200)
      }
      const { issued } = result
      try {
        await mailer.sendCode(issued)
      } catch (error) {
        await codes.end(issued.id)
        logger.error(`sending a code to ${issued.email} failed: ${error instanceof Error ? error.message : error}`)
        throw new FrameProblem(502, 'MAIL_FAILED', 'The code could not be sent by email; try again later.')
      }
      return c.json({ status: 'CODE_SENT' as const, expiresAt: issued.expiresAt.toISOString(), resendAfter }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/email/verify',
      tags: ['Email'],
      summary: 'Check a one-time code; opens a session',
      request: { body: jsonBody(EmailVerifyBodySchema) },
      responses: {
        ...jsonOk(EmailVerifyResponseSchema, 'Signed in'),
        400: errorContent('Invalid body, or CODE_INCORRECT (remainingAttempts), CODE_ENDED, CODE_EXPIRED, CODE_NOT_FOUND'),
        429: errorContent('Too many checks from this IP (IP_RATE_LIMITED)'),
      },
    }),
    async (c) => {
      const { email, otp, deviceId } = c.req.valid('json')
      const user = await codes.verify(email, otp, clientIp(c, trustProxy), deviceId)
      const { sessionId: _, ...session } = await sessions.create(user.userId, user.deviceHash)
      return c.json({ userId: user.userId, email: user.email, session }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/session/refresh',
      tags: ['Session'],
      summary: 'Rotate a refresh token',
      request: { body: jsonBody(RefreshBodySchema) },
      responses: {
        ...jsonOk(RefreshResponseSchema, 'New tokens; the presented refresh token no longer works'),
        400: errorContent('Invalid body'),
        401: errorContent('INVALID_TOKEN, SESSION_REVOKED, or REFRESH_TOKEN_REUSED (the session is now revoked)'),
      },
    }),
    async (c) => {
      const { sessionId: _, ...session } = await sessions.refresh(c.req.valid('json').refreshToken)
      return c.json({ session }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/session',
      tags: ['Session'],
      summary: 'The session of a bearer access token',
      security: [{ bearer: [] }],
      responses: { ...jsonOk(CurrentSessionResponseSchema, 'Current session'), 401: errorContent('INVALID_TOKEN or SESSION_REVOKED') },
    }),
    async (c) => {
      const { userId, email, expiresAt, deviceApproved } = await sessions.authenticate(bearerToken(c))
      return c.json({ userId, email, expiresAt, deviceApproved }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/session/signout',
      tags: ['Session'],
      summary: 'Sign out: revoke the session of a bearer access token (idempotent)',
      security: [{ bearer: [] }],
      responses: {
        ...jsonOk(SignOutResponseSchema, 'Signed out; the access and refresh tokens of the session no longer work'),
        401: errorContent('INVALID_TOKEN (unknown or expired access token)'),
      },
    }),
    async (c) => {
      await sessions.signOut(bearerToken(c))
      return c.json({ status: 'SIGNED_OUT' as const }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/status',
      tags: ['Device'],
      summary: 'Whether a device was approved for an email (the frame polls it while the link mail waits); sends nothing',
      request: { body: jsonBody(DeviceStatusBodySchema) },
      responses: {
        ...jsonOk(DeviceStatusResponseSchema, 'approved: the link was opened; start again from this device to get a code'),
        400: errorContent('Invalid body (INVALID_EMAIL or VALIDATION_ERROR)'),
        429: errorContent('Too many polls from this IP (IP_RATE_LIMITED)'),
      },
    }),
    async (c) => {
      const { email, deviceId } = c.req.valid('json')
      return c.json({ approved: await codes.deviceStatus(email, deviceId, clientIp(c, trustProxy)) }, 200)
    },
  )

  const devicePage = (c: Parameters<typeof problemResponse>[0], kind: Parameters<typeof renderDevicePage>[0], status: 200 | 400, token?: string) =>
    c.html(renderDevicePage(kind, token), status, DEVICE_PAGE_HEADERS)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/device/verify',
      tags: ['Device'],
      summary: 'Open a device-verification link (from the mail): a page with an "Approve this device" button; approves nothing',
      description: 'Mail scanners prefetch links, so only the POST of the button approves.',
      request: { query: DeviceVerifyQuerySchema },
      responses: {
        200: htmlContent('Confirm page (a form that POSTs the token)'),
        400: htmlContent('Unknown, used or expired link (HTML page with the reason)'),
      },
    }),
    async (c) => {
      const token = c.req.query('token') ?? ''
      const state = LINK_TOKEN.test(token) ? await codes.linkState(token) : ({ ok: false, reason: 'unknown' } as const)
      if (state.ok) return devicePage(c, 'confirm', 200, token)
      return devicePage(c, state.reason, 400)
    },
    // A malformed query (the token given twice, …) is a bad link too: an HTML page, not a JSON error.
    (result, c) => (result.success ? undefined : devicePage(c, 'unknown', 400)),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/verify',
      tags: ['Device'],
      summary: 'Approve the device of a verification link (the button of the confirm page); answers an HTML page',
      request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: DeviceVerifyFormSchema } } } },
      responses: {
        200: htmlContent('Device approved'),
        400: htmlContent('Unknown, used or expired link'),
      },
    }),
    async (c) => {
      const { token } = c.req.valid('form')
      const outcome = LINK_TOKEN.test(token) ? await codes.approveDevice(token) : ({ ok: false, reason: 'unknown' } as const)
      if (outcome.ok) return devicePage(c, 'approved', 200)
      return devicePage(c, outcome.reason, 400)
    },
    (result, c) => (result.success ? undefined : devicePage(c, 'unknown', 400)),
  )

  registerEmailUpdateRoutes(app, { sessions, updates, mailer, logger, trustProxy, resendAfter })
  registerWalletRoutes(app, { sessions, wallets })
  registerPageRoutes(app, { pageDir, origins, ...(options.smartAccountChains ? { smartAccountChains: options.smartAccountChains } : {}) })
  registerSocialRoutes(app, { socials, sessions, hashDevice: (deviceId) => codes.hashDevice(deviceId), publicUrl })
  registerFarcasterRoutes(app, { relay: farcaster, sessions, hashDevice: (deviceId) => codes.hashDevice(deviceId) })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Service'],
      summary: 'Liveness',
      responses: jsonOk(HealthResponseSchema, 'Healthy'),
    }),
    (c) => c.json({ status: 'ok' as const, database: db.kind, mail: sink ? ('sink' as const) : ('smtp' as const) }, 200),
  )

  // The dev inbox exists only when the sink receives the mail: with a real SMTP server there is nothing to show.
  if (sink) {
    app.get('/inbox.json', (c) => c.json(sink.messages()))
    app.get('/inbox', (c) => c.html(renderInbox(sink.messages())))
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' })
  app.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Portico login frame auth server',
      version: '0.1.0',
      description:
        'Email one-time codes, device verification (VERIFY_DEVICE links), sessions and sign-out of the Portico login frame. Errors are FrameError bodies with a stable code (the device link page answers HTML).',
    },
    servers: [{ url: new URL(c.req.url).origin }],
  }))

  app.onError(errorHandler(logger))
  app.notFound((c) => problemResponse(c, new FrameProblem(404, 'NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`)))

  const http = httpListener(app.fetch)
  const cleanup = (at?: Date) => cleanupFrame(db, limits, at ?? now())
  const timers = new Set<NodeJS.Timeout>()
  return {
    cleanup,
    startCleanupTimer(intervalMs) {
      if (!(intervalMs > 0)) throw new Error(`cleanup interval must be positive, got ${intervalMs}`)
      let running = false
      const timer = setInterval(() => {
        if (running) return
        running = true
        cleanup()
          .then((r) => {
            if (r.codes + r.sends + r.ipCounters + r.deviceLinks + r.tokens + r.sessions + r.emailUpdates + r.userCounters + r.socialFlows > 0)
              logger.info(
                `cleanup: deleted ${r.codes} codes, ${r.sends} send-log rows, ${r.ipCounters} IP counters, ${r.deviceLinks} device links, ${r.tokens} tokens, ${r.sessions} sessions, ${r.emailUpdates} email changes, ${r.userCounters} user counters, ${r.socialFlows} social sign-ins`,
              )
          })
          .catch((error) => logger.error(`cleanup failed: ${error instanceof Error ? error.message : error}`))
          .finally(() => {
            running = false
          })
      }, intervalMs)
      timer.unref()
      timers.add(timer)
      return () => {
        clearInterval(timer)
        timers.delete(timer)
      }
    },
    app,
    db,
    codes,
    sessions,
    wallets,
    updates,
    socials,
    farcaster,
    origins,
    limits,
    sink,
    listen: (port = 0, hostname = '127.0.0.1') => http.listen(port, hostname),
    async close() {
      for (const timer of timers) clearInterval(timer)
      timers.clear()
      await http.close()
      mailer.close()
      await sink?.close()
      if (ownsDb) await db.close()
    },
  }
}
