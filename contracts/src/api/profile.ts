import { z } from 'zod'
import { ApiEvmAddressSchema, CommonQuerySchema } from './common.js'

/*
 * Name service ("profile") endpoints of SPEC §7. Names are eip155 only. The reference service stores names for
 * /v1/identity; these schemas fix the wire format of the name endpoints for the names plugin.
 */

/** An account name: letters, digits and hyphens, at least 4 characters, optionally with its suffix (SPEC §5). */
export const ApiAccountNameSchema = z
  .string()
  .regex(/^[a-zA-Z0-9-]{4,}(\.[a-z0-9-]+\.[a-z]+)?$/, 'Name must be letters, digits and hyphens, at least 4 characters')

/** The lookup shape of a registered name. `addresses` is keyed by coin type. */
export const ApiNameLookupSchema = z.object({
  name: z.string(),
  registered_at: z.string(),
  updated_at: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
  attributes: z.record(z.string(), z.string()).optional(),
})
/** A name lookup. */
export type ApiNameLookup = z.infer<typeof ApiNameLookupSchema>

/** GET /v1/profile/account/{name} query. */
export const ProfileAccountQuerySchema = CommonQuerySchema.extend({ apiVersion: z.string().optional() })
/** GET /v1/profile/account/{name} response: the lookup, or `[]` for a missing name with apiVersion 2. */
export const ProfileAccountResponseSchema = z.union([ApiNameLookupSchema, z.array(z.never()).length(0)])

/** GET /v1/profile/reverse/{address} query. */
export const ProfileReverseQuerySchema = CommonQuerySchema.extend({
  sender: ApiEvmAddressSchema.optional(),
  apiVersion: z.string().optional(),
})
/** GET /v1/profile/reverse/{address} response: names pointing at the address (empty when none). */
export const ProfileReverseResponseSchema = z.array(ApiNameLookupSchema)

/** GET /v1/profile/suggestions/{name} query. */
export const ProfileSuggestionsQuerySchema = CommonQuerySchema.extend({ zone: z.string().optional() })
/** GET /v1/profile/suggestions/{name} response. */
export const ProfileSuggestionsResponseSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
/** Name suggestions response. */
export type ProfileSuggestionsResponse = z.infer<typeof ProfileSuggestionsResponseSchema>

/**
 * POST /v1/profile/account body. `message` is JSON `{name, attributes: {}, timestamp}` (unix seconds) signed by
 * the auth connector; `coin_type` is the chain id OR 0x80000000.
 */
export const ProfileRegisterRequestSchema = z.object({
  coin_type: z.number().int().nonnegative(),
  address: ApiEvmAddressSchema,
  message: z.string().min(2),
  signature: z.string().regex(/^0x[0-9a-fA-F]{62,}$/, 'Invalid signature'),
})
/** Name registration body. */
export type ProfileRegisterRequest = z.infer<typeof ProfileRegisterRequestSchema>
/** The signed registration message, once parsed from `message`. */
export const ProfileRegisterMessageSchema = z.object({
  name: z.string(),
  attributes: z.record(z.string(), z.string()),
  timestamp: z.number().int(),
})
