import { z } from 'zod'

/* Smart-session endpoints of SPEC §7 (feature off by default). */

/** GET /v1/sessions/{address} response. */
export const SessionsResponseSchema = z.object({
  pcis: z.array(
    z.object({
      project: z.object({ id: z.string(), name: z.string(), url: z.string().optional(), iconUrl: z.string().optional() }),
      pci: z.string(),
      expiry: z.number(),
      createdAt: z.number(),
      permissions: z.array(z.unknown()),
      policies: z.array(z.unknown()),
      context: z.string().optional(),
      revokedAt: z.number().optional(),
    }),
  ),
})
/** Sessions response. */
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>

/** POST /v1/sessions/{address}/revoke body. */
export const SessionRevokeRequestSchema = z.object({ pci: z.string(), signature: z.string() })
