import { z } from 'zod'
import { ApiCaipNetworkIdSchema } from './common.js'
import { SessionsResponseSchema } from './sessions.js'

/*
 * Sign in with X on the reference api: nonces, session creation, the session list and revoke of SPEC §7. A sign-in
 * session is listed as one `pcis` entry (its `pci` is the session id), so the SPEC response shape holds; the entry
 * adds the chain, the account and the signed text. The signature is never listed: it is what proves possession.
 */

/** An account address the api signs in: eip155 (0x + 40 hex) or solana (32 to 44 base58 characters). */
export const SiwxAccountAddressSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'address is required' : 'address must be a string') })
  .regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'Invalid address: expected an eip155 (0x + 40 hex) or solana (base58) address')

/** Path of GET /v1/sessions/{address} and POST /v1/sessions/{address}/revoke. */
export const SessionAddressParamsSchema = z.object({ address: SiwxAccountAddressSchema })

/**
 * POST /v1/sessions/nonces body: the account and chain the nonce is for (it signs in nothing else). Without the
 * account (WalletConnect's one-click sign-in, where the wallet picks it while pairing) the nonce is bound to the chain
 * only, and still signs in one session.
 */
export const SiwxNonceRequestSchema = z.object({ chainId: ApiCaipNetworkIdSchema, accountAddress: SiwxAccountAddressSchema.optional() })
export type SiwxNonceRequest = z.infer<typeof SiwxNonceRequestSchema>

/** POST /v1/sessions/nonces response: a single-use nonce and when it expires (unix ms). */
export const SiwxNonceResponseSchema = z.object({ nonce: z.string().regex(/^[A-Za-z0-9]{8,64}$/), expiresAt: z.number().int() })
export type SiwxNonceResponse = z.infer<typeof SiwxNonceResponseSchema>

/** POST /v1/sessions body: the signed sign-in text and its signature (0x hex for eip155, base58 for solana). */
export const SiwxSessionRequestSchema = z.object({
  message: z.string().min(1, 'message is required').max(8192, 'message is longer than 8192 characters'),
  signature: z
    .string()
    .min(1, 'signature is required')
    .max(8192, 'signature is longer than 8192 characters')
    .regex(/^(0x[0-9a-fA-F]*|[1-9A-HJ-NP-Za-km-z]+)$/, 'signature must be 0x-prefixed hex or base58'),
})
export type SiwxSessionRequest = z.infer<typeof SiwxSessionRequestSchema>

/** One sign-in session as listed: the SPEC's pci entry plus the chain, the account and the signed text. */
export const SiwxSessionEntrySchema = SessionsResponseSchema.shape.pcis.element.extend({
  chainId: z.string(),
  address: z.string(),
  message: z.string(),
})
export type SiwxSessionEntry = z.infer<typeof SiwxSessionEntrySchema>

/** GET /v1/sessions/{address} response for sign-in sessions: the live ones of the project, newest first. */
export const SiwxSessionsResponseSchema = z.object({ pcis: z.array(SiwxSessionEntrySchema) })
export type SiwxSessionsResponse = z.infer<typeof SiwxSessionsResponseSchema>

/** POST /v1/sessions/{address}/revoke response. */
export const SessionRevokeResponseSchema = z.object({ pci: z.string(), revokedAt: z.number().int() })
export type SessionRevokeResponse = z.infer<typeof SessionRevokeResponseSchema>
