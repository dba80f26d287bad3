import { z } from '@hono/zod-openapi'

/** Request and response bodies of the frame's HTTP API, as named OpenAPI components. */
/** A client-generated random device id (VERIFY_DEVICE): 16 to 128 url-safe characters. */
export const DeviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 url-safe characters (A-Z a-z 0-9 _ -)')
  .meta({ id: 'DeviceId' })

export const EmailStartBodySchema = z
  .object({ email: z.email().max(254), deviceId: DeviceIdSchema.optional() })
  .strict()
  .meta({ id: 'EmailStartBody' })

export const EmailStartResponseSchema = z
  .object({
    /** CODE_SENT: a code was mailed. VERIFY_DEVICE: a link to approve this device was mailed instead; start again once it is opened. */
    status: z.enum(['CODE_SENT', 'VERIFY_DEVICE']),
    expiresAt: z.iso.datetime(),
    resendAfter: z.number().int().positive(),
  })
  .meta({ id: 'EmailStartResponse' })

export const EmailVerifyBodySchema = z
  .object({ email: z.email().max(254), otp: z.string().regex(/^\d{6}$/), deviceId: DeviceIdSchema.optional() })
  .strict()
  .meta({ id: 'EmailVerifyBody' })

export const SessionSchema = z
  .object({
    accessToken: z.string(),
    accessTokenExpiresAt: z.iso.datetime(),
    refreshToken: z.string(),
    refreshTokenExpiresAt: z.iso.datetime(),
  })
  .meta({ id: 'Session' })

export const EmailVerifyResponseSchema = z
  .object({ userId: z.string(), email: z.string(), session: SessionSchema })
  .meta({ id: 'EmailVerifyResponse' })

export const RefreshBodySchema = z.object({ refreshToken: z.string().min(1).max(128) }).strict().meta({ id: 'RefreshBody' })

export const RefreshResponseSchema = z.object({ session: SessionSchema }).meta({ id: 'RefreshResponse' })

export const CurrentSessionResponseSchema = z
  .object({ userId: z.string(), email: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'CurrentSession' })

export const HealthResponseSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), mail: z.enum(['smtp', 'sink']) })
  .meta({ id: 'FrameHealth' })

export const SignOutResponseSchema = z.object({ status: z.literal('SIGNED_OUT') }).meta({ id: 'SignOutResponse' })

export const DeviceVerifyQuerySchema = z.object({ token: z.string().optional() })
