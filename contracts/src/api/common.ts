import { z } from 'zod'

/**
 * HTTP-level building blocks shared by every endpoint schema in this folder. They are deliberately local (not the
 * SPEC entity schemas under ../spec) so that the wire format can be validated without pulling the UI-facing rules.
 */

/** A required string whose "missing" message names the field, instead of zod's generic "expected string". */
const requiredString = (field: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
  })

/** An EVM account or contract address: 0x followed by 40 hex characters (SPEC §5 address check). */
export const ApiEvmAddressSchema = requiredString('address').regex(
  /^0x[0-9a-fA-F]{40}$/,
  'Invalid address: expected 0x followed by 40 hex characters',
)

/** A Solana account: 32 to 44 base58 characters (SPEC §5 address check). */
export const ApiSolanaAddressSchema = requiredString('address').regex(
  /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  'Invalid address: expected 32 to 44 base58 characters',
)

/** An account the blockchain API reads for: an EVM address or a Solana address (SPEC §5 address checks). */
export const ApiAccountAddressSchema = requiredString('address').regex(
  /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
  'Invalid address: expected 0x followed by 40 hex characters, or 32 to 44 base58 characters (Solana)',
)

/** A CAIP-2 network id (`namespace:reference`, e.g. `eip155:1`). */
export const ApiCaipNetworkIdSchema = requiredString('network id').regex(
  /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/,
  'Invalid CAIP-2 network id',
)

/** A CAIP-10 account id (`namespace:reference:address`, e.g. `eip155:1:0xabc…`). */
export const ApiCaipAddressSchema = requiredString('address').regex(
  /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/,
  'Invalid CAIP-10 address',
)

/**
 * The SDK properties every provider call carries in its query (SPEC §7): project id, sdk type (`st`), sdk version
 * (`sv`) and an optional client id.
 */
export const CommonQuerySchema = z.object({
  projectId: requiredString('projectId').min(1, 'projectId is required').max(128, 'projectId is too long'),
  st: requiredString('st').min(1, 'st (sdk type) is required').max(64, 'st is too long'),
  sv: requiredString('sv').min(1, 'sv (sdk version) is required').max(64, 'sv is too long'),
  clientId: z.string().min(1).max(256).optional(),
})
/** Query parameters common to the provider API calls. */
export type CommonQuery = z.infer<typeof CommonQuerySchema>

/** The same SDK properties, all optional: for public resources (images) that accept but do not need them. */
export const OptionalCommonQuerySchema = CommonQuerySchema.partial()
/** Optional SDK query parameters. */
export type OptionalCommonQuery = z.infer<typeof OptionalCommonQuerySchema>

/**
 * Machine-readable error codes of the reference API. The modal maps `INVALID_PROJECT_ID` to the alert
 * "Invalid App Configuration (invalid project id)" and `ORIGIN_NOT_ALLOWED` to the allowlist alert (SPEC §8).
 */
export const ApiErrorCodeSchema = z.enum([
  'VALIDATION_ERROR',
  'INVALID_PROJECT_ID',
  'ORIGIN_NOT_ALLOWED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'CHAIN_UNAVAILABLE',
  'SESSION_REFUSED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
])
/** One of the API error codes. */
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>

/**
 * The body of every non-2xx JSON response. `reasons` follows the blockchain API's `{status, reasons}` error shape
 * (the names plugin shows the first reason's description); `name` is the offending field path or the error name.
 */
export const ApiErrorSchema = z.object({
  status: z.literal('FAILED'),
  code: ApiErrorCodeSchema,
  message: z.string(),
  reasons: z.array(z.object({ name: z.string(), description: z.string() })),
})
/** An API error body. */
export type ApiError = z.infer<typeof ApiErrorSchema>

/** Prefix of the message of a 403 for a disallowed origin; matches the provider message the modal maps to an alert. */
export const ORIGIN_NOT_ALLOWED_MESSAGE = 'origin not allowed'
/** Prefix of the message of a 401/400 for a missing or unknown project id (provider wording: invalid key). */
export const INVALID_PROJECT_ID_MESSAGE = 'invalid key'
