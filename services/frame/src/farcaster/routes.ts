import { type OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { errorContent, jsonBody, jsonOk } from '../routes/http.js'
import { DeviceIdSchema } from '../schemas.js'
import type { Sessions } from '../sessions.js'
import type { FarcasterRelay } from './relay.js'

const tags = ['Farcaster']

const ChannelTokenSchema = z.string().min(16).max(256)
const HttpUrl = z.url().max(2048).refine((v) => /^https?:$/.test(new URL(v).protocol), 'Expected an http(s) URL.')

export const FarcasterChannelBodySchema = z
  .object({
    projectId: z.string().min(1).max(128),
    /** The app page the user signs in to: the message's URI (its host is the domain); on an allowed origin of the project. */
    siweUri: HttpUrl,
  })
  .meta({ id: 'FarcasterChannelBody' })
export const FarcasterChannelSchema = z
  .object({
    channelToken: z.string(),
    /** `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…`: what the QR code shows. */
    url: z.string(),
    nonce: z.string(),
    /** Kept by the frame that created the channel; finishing needs it. */
    binding: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'FarcasterChannel' })
export const FarcasterStatusQuerySchema = z.object({ channelToken: ChannelTokenSchema })
export const FarcasterStatusSchema = z
  .object({
    state: z.enum(['pending', 'completed']),
    nonce: z.string(),
    url: z.string(),
    expiresAt: z.iso.datetime(),
    fid: z.string().optional(),
    custody: z.string().optional(),
    username: z.string().nullable().optional(),
  })
  .meta({ id: 'FarcasterStatus' })
export const FarcasterAuthenticateBodySchema = z
  .object({
    channelToken: ChannelTokenSchema,
    /** The Sign In With Farcaster message (EIP-4361, statement "Farcaster Auth", resource farcaster://fid/<fid>). */
    message: z.string().min(1).max(4096),
    signature: z.string().regex(/^0x[0-9a-fA-F]{130,4096}$/, 'Expected a hex signature.'),
    fid: z.string().regex(/^[1-9][0-9]{0,19}$/, 'Expected a positive integer fid.'),
    /** The Farcaster user name, shown in the app (not verified on chain). */
    username: z.string().regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/, 'Expected a Farcaster user name.').optional(),
  })
  .meta({ id: 'FarcasterAuthenticateBody' })
export const FarcasterFinishBodySchema = z
  .object({ channelToken: ChannelTokenSchema, binding: z.string().min(1).max(256), deviceId: DeviceIdSchema.optional() })
  .meta({ id: 'FarcasterFinishBody' })
export const FarcasterFinishSchema = z
  .object({
    userId: z.string(),
    fid: z.string(),
    userName: z.string().nullable(),
    session: z.object({
      accessToken: z.string(),
      accessTokenExpiresAt: z.iso.datetime(),
      refreshToken: z.string(),
      refreshTokenExpiresAt: z.iso.datetime(),
    }),
  })
  .meta({ id: 'FarcasterFinish' })

export interface FarcasterRouteDeps {
  relay: FarcasterRelay
  sessions: Sessions
  hashDevice: (deviceId: string) => string
}

/**
 * The Farcaster auth relay routes: channel (the frame creates it), status (the frame polls it), authenticate (the
 * Farcaster client approves it with the signed message) and finish (the frame redeems it for a session).
 */
export function registerFarcasterRoutes(app: OpenAPIHono, deps: FarcasterRouteDeps): void {
  const { relay, sessions } = deps
  const channelErrors = 'FARCASTER_CHANNEL_INVALID (unknown token), FARCASTER_CHANNEL_EXPIRED'

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/farcaster/channel',
      tags,
      summary: 'Open a Sign In With Farcaster channel: its token, the URL to show as a QR code, the nonce, and the binding',
      request: { body: jsonBody(FarcasterChannelBodySchema) },
      responses: {
        ...jsonOk(FarcasterChannelSchema, 'Show `url`; poll the status with `channelToken`; keep `binding` to finish'),
        400: errorContent('VALIDATION_ERROR, or FARCASTER_NOT_CONFIGURED'),
        403: errorContent('ORIGIN_NOT_ALLOWED: siweUri is not on an allowed origin of the project'),
        503: errorContent('ORIGINS_UNAVAILABLE'),
      },
    }),
    async (c) => {
      const channel = await relay.create(c.req.valid('json'))
      return c.json({ ...channel, expiresAt: channel.expiresAt.toISOString() }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/farcaster/channel/status',
      tags,
      summary: 'The state of a channel: pending, or completed with the fid that approved it',
      request: { query: FarcasterStatusQuerySchema },
      responses: { ...jsonOk(FarcasterStatusSchema, 'pending or completed'), 400: errorContent(`VALIDATION_ERROR, ${channelErrors}`) },
    }),
    async (c) => {
      const status = await relay.status(c.req.valid('query').channelToken)
      return c.json({ ...status, expiresAt: status.expiresAt.toISOString() }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/farcaster/channel/authenticate',
      tags,
      summary: "Approve a channel with the SIWF message signed by the fid's custody address",
      request: { body: jsonBody(FarcasterAuthenticateBodySchema) },
      responses: {
        ...jsonOk(z.object({ state: z.literal('completed') }), 'Approved'),
        400: errorContent(
          `VALIDATION_ERROR, FARCASTER_NOT_CONFIGURED, ${channelErrors}, FARCASTER_CHANNEL_USED, FARCASTER_MESSAGE_INVALID (not for this channel), FARCASTER_SIGNATURE_INVALID, FARCASTER_CUSTODY_MISMATCH (not signed by the custody address of the fid)`,
        ),
        502: errorContent('FARCASTER_REGISTRY_UNAVAILABLE: the IdRegistry could not be read'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      await relay.authenticate({ ...body, signature: body.signature as `0x${string}`, fid: BigInt(body.fid) })
      return c.json({ state: 'completed' as const }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/farcaster/finish',
      tags,
      summary: 'Finish an approved channel with its binding: opens a session for the user of the fid (the device is approved)',
      request: { body: jsonBody(FarcasterFinishBodySchema) },
      responses: {
        ...jsonOk(FarcasterFinishSchema, 'Signed in'),
        400: errorContent(`VALIDATION_ERROR, ${channelErrors}, FARCASTER_CHANNEL_USED`),
        403: errorContent('SOCIAL_BINDING_MISMATCH: the channel was created by another frame'),
        409: errorContent('FARCASTER_CHANNEL_PENDING: not approved yet'),
      },
    }),
    async (c) => {
      const { channelToken, binding, deviceId } = c.req.valid('json')
      const signIn = await relay.finish({ channelToken, binding, deviceHash: deviceId ? deps.hashDevice(deviceId) : null })
      const { sessionId: _, ...session } = await sessions.create(signIn.userId, signIn.deviceHash)
      return c.json({ userId: signIn.userId, fid: signIn.fid, userName: signIn.username, session }, 200)
    },
  )
}
