import { z } from '@hono/zod-openapi'
import { ApiErrorSchema } from '@portico/contracts/api'
import type { ZodType } from 'zod'

/*
 * Helpers that turn the contracts' plain zod schemas into documented OpenAPI components. zod's own `.meta({ id })`
 * is used rather than the `.openapi()` that @hono/zod-openapi patches onto its zod instance: the metadata lives in
 * zod's global registry, so it works even when a bundler or test runner loads the contracts with another copy of
 * zod. `.meta()` returns a copy, so the contracts themselves stay free of OpenAPI metadata.
 */

/** Registers `schema` as the component `name` of the document. */
export const named = <T extends ZodType>(schema: T, name: string): T => schema.meta({ id: name }) as T

/** The error body, as a named component. */
export const ErrorBody = named(ApiErrorSchema, 'ApiError')

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } })

/** Documented error responses, by status: every route lists the ones it can produce. */
export const errorResponses = {
  400: errorResponse('Invalid request (failed validation; a missing projectId has code INVALID_PROJECT_ID)'),
  401: errorResponse('Unknown project id (code INVALID_PROJECT_ID)'),
  403: errorResponse('Origin not on the project allowlist (code ORIGIN_NOT_ALLOWED)'),
  404: errorResponse('Not found'),
  413: errorResponse('Request body too large'),
  415: errorResponse('Body is not application/json'),
  502: errorResponse('A chain could not be read (code CHAIN_UNAVAILABLE)'),
} as const

/** Error responses of routes that take a project id. */
export const projectErrors = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] }

/** A 200 JSON response with `schema`. */
export const jsonOk = <T extends ZodType>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
})

/** Health body: which chains the indexer follows and how far it got. */
export const HealthResponseSchema = named(
  z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    chains: z.array(
      z.object({ chainId: z.string(), indexedBlock: z.number().int().nullable(), lastError: z.string().nullable() }),
    ),
  }),
  'Health',
)
