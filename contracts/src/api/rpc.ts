import { z } from 'zod'
import { ApiCaipNetworkIdSchema, CommonQuerySchema } from './common.js'

/*
 * The hosted chain RPC endpoint of SPEC §7: `POST /v1/?chainId=<caip2>&projectId=…` takes a JSON-RPC 2.0 request or
 * a batch of them (at most RPC_BATCH_SIZE) and answers what the chain answered. Refusals are JSON-RPC errors, so a
 * client's fallback transport moves on to the chain's own URL.
 */

/** Query of the RPC endpoint: the chain (CAIP-2) and the project; `st` and `sv` are optional here (RPC clients do not send them). */
export const RpcQuerySchema = CommonQuerySchema.partial({ st: true, sv: true }).extend({ chainId: ApiCaipNetworkIdSchema })
export type RpcQuery = z.infer<typeof RpcQuerySchema>

/** A JSON-RPC id: a string or a whole number (null is only for answers to unreadable requests). */
export const JsonRpcIdSchema = z.union([z.string().max(256, 'id is longer than 256 characters'), z.number().int('id must be a whole number')])

/** One JSON-RPC 2.0 call. An id is required: the endpoint answers every call, so notifications are refused. */
export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
  id: z.union([z.string().max(256, 'id is longer than 256 characters'), z.number().int('id must be a whole number')], {
    error: (issue) => (issue.input === undefined ? 'id is required (notifications are not served)' : 'id must be a string or a whole number'),
  }),
  method: z
    .string({ error: (issue) => (issue.input === undefined ? 'method is required' : 'method must be a string') })
    .min(1, 'method is required')
    .max(128, 'method is longer than 128 characters')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'method must be a JSON-RPC method name (letters, digits and _)'),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>

/** A JSON-RPC error object. */
export const JsonRpcErrorSchema = z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
export type JsonRpcError = z.infer<typeof JsonRpcErrorSchema>

/** One JSON-RPC 2.0 answer: a result or an error, with the id of its call (null when the call could not be read). */
export const JsonRpcResponseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcIdSchema.nullable(), result: z.unknown() }),
  z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcIdSchema.nullable(), error: JsonRpcErrorSchema }),
])
export type JsonRpcResponse = z.infer<typeof JsonRpcResponseSchema>

/** What the endpoint answers: one response, or one per call of a batch. */
export const RpcAnswerSchema = z.union([JsonRpcResponseSchema, z.array(JsonRpcResponseSchema)])
export type RpcAnswer = z.infer<typeof RpcAnswerSchema>

/** JSON-RPC 2.0 error codes the endpoint answers with, and the one it adds for chains that did not answer. */
export const JSON_RPC_ERRORS = {
  /** The body is not JSON. */
  parseError: -32700,
  /** Not a JSON-RPC 2.0 call (or an empty or oversized batch). */
  invalidRequest: -32600,
  /** The method is not on the endpoint's allowlist for the chain's namespace. */
  methodNotAllowed: -32601,
  /** Too many calls from this client; `data.retryAfter` says how many seconds to wait. */
  rateLimited: -32005,
  /** No upstream of the chain answered (connection error, timeout or HTTP 5xx from each). */
  upstreamUnavailable: -32603,
} as const

