import { z } from 'zod'
import { ApiEvmAddressSchema, CommonQuerySchema } from './common.js'

/*
 * Name service ("profile") endpoints of SPEC §7. Names are eip155 only. The reference service stores names for
 * /v1/identity; these schemas fix the wire format of the name endpoints for the names plugin.
 */

/** Fewest characters of a name's label (SPEC §5). */
export const ACCOUNT_NAME_MIN_LENGTH = 4
/** Most characters of a name's label: one DNS label. */
export const ACCOUNT_NAME_MAX_LENGTH = 63

/**
 * An account name: letters, digits and hyphens, 4 to 63 characters, optionally with its suffix (SPEC §5), e.g.
 * `alice` or `alice.portico.id`. Names are case-insensitive: the service stores them lowercase.
 */
export const ApiAccountNameSchema = z
  .string()
  .max(ACCOUNT_NAME_MAX_LENGTH + 64, 'Name is too long')
  .regex(/^[a-zA-Z0-9-]{4,63}(\.[a-zA-Z0-9-]+)*$/, 'Name must be letters, digits and hyphens, 4 to 63 characters')

/** Path of GET /v1/profile/account/{name}. */
export const ProfileAccountParamsSchema = z.object({ name: ApiAccountNameSchema })
/** Path of GET /v1/profile/reverse/{address}. */
export const ProfileReverseParamsSchema = z.object({ address: ApiEvmAddressSchema })
/** Path of GET /v1/profile/suggestions/{name}: what the user typed so far (1 to 63 name characters, suffix optional). */
export const ProfileSuggestionsParamsSchema = z.object({
  name: z
    .string()
    .max(ACCOUNT_NAME_MAX_LENGTH + 64, 'Name is too long')
    .regex(/^[a-zA-Z0-9-]{1,63}(\.[a-zA-Z0-9-]+)*$/, 'Name must be letters, digits and hyphens, at most 63 characters'),
})

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
export const ProfileAccountResponseSchema = z.union([ApiNameLookupSchema, z.array(z.unknown()).max(0)])

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
 * the auth connector; `coin_type` is the chain id OR 0x80000000 (`coinTypeForChainId`).
 */
export const ProfileRegisterRequestSchema = z.object({
  coin_type: z.number().int().nonnegative().max(0xffffffff, 'coin_type must fit in 32 bits'),
  address: ApiEvmAddressSchema,
  message: z.string().min(2).max(1024, 'message is longer than 1024 characters'),
  // ERC-6492 signatures carry the account's deployment call: a few kilobytes
  signature: z.string().max(16384, 'signature is longer than 16384 characters').regex(/^0x[0-9a-fA-F]{62,}$/, 'Invalid signature'),
})
/** Name registration body. */
export type ProfileRegisterRequest = z.infer<typeof ProfileRegisterRequestSchema>
/** The signed registration message, once parsed from `message`. */
export const ProfileRegisterMessageSchema = z.object({
  name: z.string(),
  attributes: z.record(z.string(), z.string()),
  timestamp: z.number().int(),
})
/** A parsed registration message. */
export type ProfileRegisterMessage = z.infer<typeof ProfileRegisterMessageSchema>

/** POST /v1/profile/account query: the SDK properties. */
export const ProfileRegisterQuerySchema = CommonQuerySchema
/** POST /v1/profile/account response: the registered name's lookup. */
export const ProfileRegisterResponseSchema = ApiNameLookupSchema

/**
 * The text an account signs to register `name` (SPEC §7): JSON with the name, an empty attributes object and the
 * unix-seconds timestamp.
 *
 * @example
 * const message = profileRegisterMessage('alice.portico.id', Math.floor(Date.now() / 1000))
 */
export const profileRegisterMessage = (name: string, timestamp: number): string =>
  JSON.stringify({ name, attributes: {}, timestamp })
