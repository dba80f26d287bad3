import { z } from 'zod'

/** JSON-RPC error codes the relay answers with. */
export const RpcError = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  server: -32000,
} as const

/**
 * Raw text of the top-level `"id"` value of a JSON object, or undefined.
 * Clients send ids as 19-digit numbers above 2^53; JSON.parse would round them, so the
 * relay re-emits the exact token. Only call this on text that JSON.parse accepted.
 */
export function extractRawId(text: string): string | undefined {
  // Tokens: strings (with escapes), structural characters, and bare literals (numbers, true, null).
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+/g) ?? []
  let depth = 0
  let found: string | undefined
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === '{' || t === '[') depth++
    else if (t === '}' || t === ']') depth--
    else if (depth === 1 && t === '"id"' && tokens[i + 1] === ':') found = tokens[i + 2] // last duplicate wins, as in JSON.parse
  }
  return found
}

/** Ack ids come back as `"123…n"` when the client parsed our numeric id as a BigInt: reduce both to digits. */
export function normalizeAckId(raw: string): string {
  return raw.replace(/^"|"$/g, '').replace(/n$/, '')
}

/** A JSON-RPC success frame; `rawId` is emitted verbatim. */
export function resultFrame(rawId: string, result: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/** A JSON-RPC error frame; `rawId` is emitted verbatim (`null` when the request had no usable id). */
export function errorFrame(rawId: string, code: number, message: string): string {
  return `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

const topic = z.string().min(1).max(256)
const MAX_BATCH = 500
const publish = z.object({
  topic,
  message: z.string().min(1),
  ttl: z.number().int().positive(),
  tag: z.number().int().optional(),
  prompt: z.boolean().optional(),
  // TVF fields (correlationId, rpcMethods, chainId, …) and attestation are accepted and dropped.
})
const ttlDefault300 = z.number().int().positive().optional().default(300)

/** Params schema of every method the relay implements. */
export const methodParams = {
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic).min(1).max(MAX_BATCH) }),
  irn_unsubscribe: z.object({ topic, id: z.string().optional() }),
  irn_batchUnsubscribe: z.object({
    subscriptions: z.array(z.object({ topic, id: z.string().optional() })).min(1).max(MAX_BATCH),
  }),
  irn_publish: publish,
  irn_batchPublish: z.object({ messages: z.array(publish).min(1).max(MAX_BATCH) }),
  irn_fetchMessages: z.object({ topic }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic).min(1).max(MAX_BATCH) }),
  wc_proposeSession: z.object({
    pairingTopic: topic,
    sessionProposal: z.string().min(1),
    ttl: ttlDefault300,
  }),
  wc_approveSession: z.object({
    sessionTopic: topic,
    pairingTopic: topic,
    sessionProposalResponse: z.string().min(1),
    sessionSettlementRequest: z.string().min(1),
    ttl: ttlDefault300,
  }),
}

/** Name of a method the relay implements. */
export type RelayMethod = keyof typeof methodParams
/** Parsed params of `M`. */
export type ParamsOf<M extends RelayMethod> = z.infer<(typeof methodParams)[M]>

const id = z.union([z.string().min(1).max(128), z.number().finite()])
/** An inbound request; the relay requires an id on every request. */
export const requestSchema = z.object({ id, method: z.string().min(1).max(128), params: z.unknown().optional() })
/** An inbound response: the client's ack of one of our `irn_subscription` deliveries. */
export const responseSchema = z.object({ id })
