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
  .object({
    userId: z.string(),
    /** null for a social user whose provider did not verify an email. */
    email: z.string().nullable(),
    expiresAt: z.iso.datetime(),
    /** The session was opened from a device the user approved (required by POST /v1/wallet/recover). */
    deviceApproved: z.boolean(),
  })
  .meta({ id: 'CurrentSession' })

export const HealthResponseSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), mail: z.enum(['smtp', 'sink']) })
  .meta({ id: 'FrameHealth' })

export const SignOutResponseSchema = z.object({ status: z.literal('SIGNED_OUT') }).meta({ id: 'SignOutResponse' })

export const DeviceVerifyQuerySchema = z.object({ token: z.string().optional() })

export const DeviceVerifyFormSchema = z.object({ token: z.string().max(256) })

export const DeviceStatusBodySchema = z
  .object({ email: z.email().max(254), deviceId: DeviceIdSchema })
  .strict()
  .meta({ id: 'DeviceStatusBody' })

export const DeviceStatusResponseSchema = z
  .object({
    /** True once the device was approved for that email (the link was opened); start again from it to get a code. */
    approved: z.boolean(),
  })
  .meta({ id: 'DeviceStatusResponse' })

/** An account of an embedded wallet: public data only (the key never leaves the frame page). */
export const WalletAccountSchema = z
  .discriminatedUnion('namespace', [
    z.object({
      namespace: z.literal('eip155'),
      address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
      publicKey: z.string().regex(/^0x[0-9a-fA-F]{2,256}$/, 'must be 0x-prefixed hex'),
      path: z.string().regex(/^m(\/\d{1,10}'?){1,10}$/, "must be a derivation path like m/44'/60'/0'/0/0"),
    }).strict(),
    z.object({
      namespace: z.literal('solana'),
      address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 address'),
      publicKey: z.string().regex(/^([1-9A-HJ-NP-Za-km-z]{32,88}|0x[0-9a-fA-F]{2,256})$/, 'must be base58 or 0x-prefixed hex'),
      path: z.string().regex(/^m(\/\d{1,10}'?){1,10}$/, "must be a derivation path like m/44'/501'/0'/0'"),
    }).strict(),
  ])
  .meta({ id: 'WalletAccount' })

const AccountsSchema = z
  .array(WalletAccountSchema)
  .min(1)
  .max(4)
  .refine((accounts) => new Set(accounts.map((a) => a.namespace)).size === accounts.length, 'at most one account per namespace')

/** A key share as the frame page sends it: base64, at most 1 KB decoded. Stored encrypted, returned as sent. */
export const KeyShareSchema = z
  .string()
  .min(4)
  .max(1368)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
  .meta({ id: 'KeyShare' })

export const CreateWalletBodySchema = z
  .object({ accounts: AccountsSchema, authShare: KeyShareSchema, recoveryShare: KeyShareSchema })
  .strict()
  .refine((body) => body.authShare !== body.recoveryShare, { message: 'the two shares must differ', path: ['recoveryShare'] })
  .meta({ id: 'CreateWalletBody' })

export const CreateWalletResponseSchema = z.object({ accounts: z.array(WalletAccountSchema) }).meta({ id: 'CreateWalletResponse' })

export const WalletResponseSchema = z
  .object({ accounts: z.array(WalletAccountSchema), authShare: KeyShareSchema })
  .meta({ id: 'WalletResponse' })

export const RecoverWalletResponseSchema = z
  .object({ accounts: z.array(WalletAccountSchema), authShare: KeyShareSchema, recoveryShare: KeyShareSchema })
  .meta({ id: 'RecoverWalletResponse' })

export const EmailUpdateStartBodySchema = z.object({ newEmail: z.email().max(254) }).strict().meta({ id: 'EmailUpdateStartBody' })

export const EmailUpdateStartResponseSchema = z
  .object({ action: z.literal('VERIFY_PRIMARY_OTP'), expiresAt: z.iso.datetime(), resendAfter: z.number().int().positive() })
  .meta({ id: 'EmailUpdateStartResponse' })

export const EmailUpdateOtpBodySchema = z.object({ otp: z.string().regex(/^\d{6}$/) }).strict().meta({ id: 'EmailUpdateOtpBody' })

export const EmailUpdatePrimaryResponseSchema = z
  .object({ action: z.literal('VERIFY_SECONDARY_OTP'), expiresAt: z.iso.datetime(), resendAfter: z.number().int().positive() })
  .meta({ id: 'EmailUpdatePrimaryResponse' })

export const EmailUpdateSecondaryResponseSchema = z.object({ email: z.string() }).meta({ id: 'EmailUpdateSecondaryResponse' })

export const FramePageQuerySchema = z.object({
  projectId: z.string().max(256).optional(),
  chainId: z.string().max(128).optional(),
  version: z.string().max(32).optional(),
  enableLogger: z.string().max(16).optional(),
})

export const AssetParamsSchema = z.object({ file: z.string() })

export const OriginCheckQuerySchema = z.object({ projectId: z.string().min(1).max(256), origin: z.string().min(1).max(2048) })

export const OriginCheckResponseSchema = z.object({ allowed: z.boolean() }).meta({ id: 'OriginCheckResponse' })
