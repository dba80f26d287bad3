import { JSON_RPC_ERRORS, type JsonRpcRequest, JsonRpcRequestSchema, type JsonRpcResponse } from '@portico/contracts/api'
import { measureJson } from '../bodyGuard.js'
import { splitJsonArray } from './rawJson.js'

/** Deepest nesting a JSON-RPC body may have (params of eth_call are 3 levels inside a batch). */
export const RPC_MAX_JSON_DEPTH = 32
/** Most JSON values a body may hold: a full batch of 1000 calls with a few params each fits. */
export const RPC_MAX_JSON_NODES = 100_000

/** An error answer to the call with `id` (null when it could not be read). */
export const rpcError = (id: JsonRpcResponse['id'], code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
})

/**
 * One call of a request: valid (to check against the allowlist and forward; `raw` is its text as sent, forwarded as
 * is so that large integers keep their digits) or already answered with an error.
 */
export type ReadCall = { call: JsonRpcRequest; raw: string } | { answer: JsonRpcResponse }

/** A request body as read: one call or a batch, or an error answering the whole body. */
export type ReadBody = { batch: boolean; calls: ReadCall[] } | { invalid: JsonRpcResponse }

/** The id of a call that failed validation, when it has a usable one (so the client can match the error). */
function idOf(value: unknown): JsonRpcResponse['id'] {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null
  const id = (value as { id: unknown }).id
  return (typeof id === 'string' && id.length <= 256) || (typeof id === 'number' && Number.isInteger(id)) ? id : null
}

function readCall(value: unknown, raw: string): ReadCall {
  const parsed = JsonRpcRequestSchema.safeParse(value)
  if (parsed.success) return { call: parsed.data, raw }
  const issue = parsed.error.issues[0]!
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  const message = issue.path.length === 0 ? 'a call must be a JSON object' : issue.message
  return { answer: rpcError(idOf(value), JSON_RPC_ERRORS.invalidRequest, `Invalid Request: ${where}${message}`) }
}

/**
 * Reads a JSON-RPC 2.0 body: not JSON → -32700; nested too deep or too many values → -32600 for the whole body; an
 * empty batch or one over `maxBatch` → -32600; otherwise each call validated on its own (an invalid call in a batch,
 * or one reusing an earlier call's id, gets its own -32600 and the others go ahead).
 *
 * @example
 * readRpcBody('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', 1000) // { batch: false, calls: [{ call: … }] }
 * readRpcBody('[', 1000) // { invalid: { jsonrpc: '2.0', id: null, error: { code: -32700, … } } }
 */
export function readRpcBody(text: string, maxBatch: number): ReadBody {
  const over = measureJson(text, { depth: RPC_MAX_JSON_DEPTH, nodes: RPC_MAX_JSON_NODES })
  if (over === 'depth') return { invalid: rpcError(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: nested deeper than ${RPC_MAX_JSON_DEPTH} levels`) }
  if (over === 'nodes') return { invalid: rpcError(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: more than ${RPC_MAX_JSON_NODES} JSON values`) }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { invalid: rpcError(null, JSON_RPC_ERRORS.parseError, 'Parse error: the body is not valid JSON') }
  }
  if (!Array.isArray(body)) {
    const read = readCall(body, text.trim())
    return 'answer' in read ? { invalid: read.answer } : { batch: false, calls: [read] }
  }
  if (body.length === 0) return { invalid: rpcError(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: the batch is empty') }
  if (body.length > maxBatch)
    return { invalid: rpcError(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: a batch holds at most ${maxBatch} calls, this one ${body.length}`) }
  const raws = splitJsonArray(text)!
  const seen = new Set<string>()
  const calls = body.map((value, i): ReadCall => {
    const read = readCall(value, raws[i]!)
    if (!('call' in read)) return read
    // Answers are matched to calls by id, so an id used twice could not be told apart.
    const key = JSON.stringify(read.call.id)
    if (seen.has(key)) return { answer: rpcError(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: id ${key} is used by more than one call of the batch`) }
    seen.add(key)
    return read
  })
  return { batch: true, calls }
}
