import { type OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { errorContent, htmlContent, jsonBody, jsonOk } from '../routes/http.js'
import { DeviceIdSchema } from '../schemas.js'
import type { Sessions } from '../sessions.js'
import type { SocialLogins } from './flows.js'
import {
  POPUP_SCRIPT,
  SOCIAL_PAGE_HEADERS,
  renderCallbackFailedPage,
  renderCallbackPage,
  renderLoadingPage,
  renderResultPage,
} from './pages.js'
import { SocialProviderSchema } from './providers.js'

const tags = ['Social']

const HttpUrl = z.url().max(2048).refine((v) => /^https?:$/.test(new URL(v).protocol), 'Expected an http(s) URL.')

export const SocialStartBodySchema = z
  .object({
    provider: SocialProviderSchema,
    projectId: z.string().min(1).max(128),
    /** The app page to come back to when there is no popup (its origin must be allowed for the project). */
    returnUrl: HttpUrl,
  })
  .meta({ id: 'SocialStartBody' })
export const SocialStartResponseSchema = z
  .object({
    /** The provider's authorization URL: open it in the popup (or the page). */
    uri: z.url(),
    /** Kept by the frame that started the sign-in; finishing it needs this secret. */
    binding: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'SocialStart' })
export const SocialFinishBodySchema = z
  .object({ result: z.string().min(1).max(256), binding: z.string().min(1).max(256), deviceId: DeviceIdSchema.optional() })
  .meta({ id: 'SocialFinishBody' })
const SessionTokensSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: z.iso.datetime(),
  refreshToken: z.string(),
  refreshTokenExpiresAt: z.iso.datetime(),
})
export const SocialFinishResponseSchema = z
  .object({
    userId: z.string(),
    email: z.string().nullable(),
    provider: SocialProviderSchema,
    userName: z.string().nullable(),
    session: SessionTokensSchema,
  })
  .meta({ id: 'SocialFinish' })
const CallbackParamsSchema = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
})

export interface SocialRouteDeps {
  socials: SocialLogins
  sessions: Sessions
  hashDevice: (deviceId: string) => string
  /** The public origin of this service (PORTICO_FRAME_PUBLIC_URL), else the request's. */
  publicUrl?: string
}

/**
 * The social sign-in routes: start (from the frame page), the provider's callback (GET, or POST for Apple's
 * form_post) with its hand-off page, finish (from the frame page, opens a session), and the popup's pages.
 */
export function registerSocialRoutes(app: OpenAPIHono, deps: SocialRouteDeps): void {
  const { socials, sessions } = deps
  const origin = (c: Context) => deps.publicUrl ?? new URL(c.req.url).origin
  const redirectUri = (c: Context, provider: string) => `${origin(c)}/v1/social/callback/${provider}`

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/social/providers',
      tags,
      summary: 'The social providers this server is set up for',
      responses: jsonOk(z.object({ providers: z.array(SocialProviderSchema) }), 'Configured providers'),
    }),
    (c) => c.json({ providers: socials.configured() }, 200),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/social/start',
      tags,
      summary: "Start a social sign-in: the provider's authorization URL (PKCE, state) and the binding secret",
      request: { body: jsonBody(SocialStartBodySchema) },
      responses: {
        ...jsonOk(SocialStartResponseSchema, 'Open `uri`; keep `binding` to finish'),
        400: errorContent('VALIDATION_ERROR, or SOCIAL_NOT_CONFIGURED'),
        403: errorContent('ORIGIN_NOT_ALLOWED: returnUrl is not on an allowed origin of the project'),
        503: errorContent('ORIGINS_UNAVAILABLE'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      const started = await socials.start({ ...body, redirectUri: redirectUri(c, body.provider) })
      return c.json({ uri: started.uri, binding: started.binding, expiresAt: started.expiresAt.toISOString() }, 200)
    },
  )

  const callback = async (c: Context, provider: string, params: unknown) => {
    const parsed = SocialProviderSchema.safeParse(provider)
    const query = CallbackParamsSchema.safeParse(params)
    if (!parsed.success || !query.success || !query.data.state) return c.html(renderCallbackFailedPage('unknown'), 400, SOCIAL_PAGE_HEADERS)
    const outcome = await socials.callback({
      provider: parsed.data,
      state: query.data.state,
      code: query.data.code,
      error: query.data.error,
      errorDescription: query.data.error_description,
      redirectUri: redirectUri(c, parsed.data),
      resultBase: origin(c),
    })
    if (!outcome.ok) return c.html(renderCallbackFailedPage(outcome.reason), 400, SOCIAL_PAGE_HEADERS)
    return c.html(renderCallbackPage({ resultUri: outcome.resultUri, returnUrl: outcome.returnUrl }, outcome.failed), 200, SOCIAL_PAGE_HEADERS)
  }

  const callbackResponses = {
    200: htmlContent('The hand-off page: posts { resultUri } to the opener, or goes back to the app with ?result_uri='),
    400: htmlContent('Unknown, replayed or expired state (nothing is posted)'),
  }
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/social/callback/{provider}',
      tags,
      summary: "The provider's redirect back (code and state)",
      request: { params: z.object({ provider: z.string() }) },
      responses: callbackResponses,
    }),
    (c) => callback(c, c.req.param('provider'), c.req.query()),
    (result, c) => (result.success ? undefined : c.html(renderCallbackFailedPage('unknown'), 400, SOCIAL_PAGE_HEADERS)),
  )
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/social/callback/{provider}',
      tags,
      summary: "The provider's return as a form POST (Apple's response_mode=form_post)",
      request: { params: z.object({ provider: z.string() }) },
      responses: callbackResponses,
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}))
      return callback(c, c.req.param('provider'), Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/social/finish',
      tags,
      summary: 'Finish a social sign-in with its result and binding: opens a session (the device is approved)',
      request: { body: jsonBody(SocialFinishBodySchema) },
      responses: {
        ...jsonOk(SocialFinishResponseSchema, 'Signed in'),
        400: errorContent(
          'SOCIAL_RESULT_INVALID, SOCIAL_RESULT_USED, SOCIAL_RESULT_EXPIRED, or what the provider did: SOCIAL_PROVIDER_ERROR, SOCIAL_CODE_REJECTED (PKCE or code refused), SOCIAL_ID_TOKEN_INVALID, SOCIAL_USER_INVALID',
        ),
        403: errorContent('SOCIAL_BINDING_MISMATCH: the sign-in was started by another frame'),
        502: errorContent('SOCIAL_PROVIDER_UNAVAILABLE: the provider could not be reached'),
      },
    }),
    async (c) => {
      const { result, binding, deviceId } = c.req.valid('json')
      const signIn = await socials.finish({ result, binding, deviceHash: deviceId ? deps.hashDevice(deviceId) : null })
      const { sessionId: _, ...session } = await sessions.create(signIn.userId, signIn.deviceHash)
      return c.json({ userId: signIn.userId, email: signIn.email, provider: signIn.provider, userName: signIn.username, session }, 200)
    },
  )

  app.get('/v1/social/loading', (c) => c.html(renderLoadingPage(), 200, SOCIAL_PAGE_HEADERS))
  app.get('/v1/social/result', (c) => c.html(renderResultPage(), 200, SOCIAL_PAGE_HEADERS))
  app.get('/v1/social/popup.js', (c) => c.body(POPUP_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
}
