import { z } from 'zod'

/** JSON-RPC error codes the relay answers with. */
export const RpcError = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** The shared mailbox is full even after evicting the largest holders (everyone holds about as much as you). */
  server: -32000,
  /** The client's own quota: topics, stored bytes, or the relay-wide subscription cap when it is the largest holder. */
  quota: -32001,
  /** The client sends requests faster than its rate. */
  rateLimited: -32002,
} as const

/**
 * Raw text of the top-level `"id"` value of a JSON object, or undefined.
 * Clients send ids as 19-digit numbers above 2^53; JSON.parse would round them, so the
 * relay re-emits the exact token. Only call this on text that JSON.parse accepted.
 * One pass over the characters with no allocation per token: a frame full of brackets costs no more than
 * a frame full of base64 (a token array made a 1 MB frame of `[` cost a million strings).
 */
export function extractRawId(text: string): string | undefined {
  const n = text.length
  let depth = 0
  let found: string | undefined
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const start = i
      for (i++; i < n && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++
      if (depth === 1 && i - start === 3 && text.startsWith('"id"', start)) found = rawValueAfterKey(text, i + 1) ?? found
    } else if (c === 0x7b || c === 0x5b) depth++
    else if (c === 0x7d || c === 0x5d) depth--
  }
  return found // the last duplicate wins, as in JSON.parse
}

/** The raw value token after a key that ends just before `from`, or undefined when no colon follows (a value, not a key). */
function rawValueAfterKey(text: string, from: number): string | undefined {
  let i = from
  while (isSpace(text.charCodeAt(i))) i++
  if (text.charCodeAt(i) !== COLON) return undefined
  i++
  while (isSpace(text.charCodeAt(i))) i++
  const start = i
  if (text.charCodeAt(i) === QUOTE) {
    for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++
    return text.slice(start, i + 1)
  }
  while (i < text.length && !DELIMITERS.includes(text[i])) i++
  return text.slice(start, Math.max(i, start + 1))
}
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const DELIMITERS = ' \t\n\r{}[],:"'

/**
 * Why `text` is refused before JSON.parse sees it, or undefined. One pass that skips strings and stops early:
 * JSON.parse spends tens of milliseconds, all on the event loop, on a frame of 100 000 nested levels or 100 000 small
 * arrays, even within the frame cap. Relay frames nest five or six levels and hold a few containers per message
 * (`irn_batchPublish` of 500 messages with TVF arrays: a few thousand), so these bounds cost real clients nothing.
 */
export function frameShapeError(text: string, limits = FRAME_SHAPE): string | undefined {
  let depth = 0
  let containers = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`
      if (++containers > limits.maxContainers) return `more than ${limits.maxContainers} arrays and objects`
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return undefined
}

/** Bounds of `frameShapeError`. */
export const FRAME_SHAPE = { maxDepth: 32, maxContainers: 5000 }

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
