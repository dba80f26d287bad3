import { createRoute, z } from '@hono/zod-openapi'
import {
  JSON_RPC_ERRORS,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  RpcAnswerSchema,
  RpcQuerySchema,
} from '@portico/contracts/api'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiProblem, validationProblem } from '../errors.js'
import { ErrorBody, errorResponses, named } from '../openapi.js'
import { isMethodAllowed } from '../rpc/allowlist.js'
import { readRpcBody, rpcError } from '../rpc/envelope.js'
import { UpstreamsFailedError, forwardCalls } from '../rpc/forward.js'
import { RpcCallLimiter } from '../rpc/limiter.js'
import { RPC_DEFAULTS, type RpcOptions } from '../rpc/options.js'
import type { RpcUpstreams } from '../rpc/upstreams.js'
import { type App, type RouteDeps, authorize } from './context.js'

/** Path of the hosted chain RPC endpoint (SPEC §7: `/v1/?chainId=<caip2>&projectId=…`); `/v1` is served too. */
export const RPC_PATH = '/v1/'

const RpcAnswerBody = named(RpcAnswerSchema, 'JsonRpcAnswer')
const RpcErrorBody = named(JsonRpcResponseSchema, 'JsonRpcResponse')
const jsonRpc = (description: string) => ({ description, content: { 'application/json': { schema: RpcErrorBody } } })

const route = createRoute({
  method: 'post',
  path: RPC_PATH,
  tags: ['Chain RPC'],
  summary: 'Forwards JSON-RPC 2.0 calls (one or a batch) to the chain named by chainId',
  description:
    'The chain must be listed by /v1/supported-chains. Reads and the submission of signed transactions are forwarded ' +
    '(eth_sendRawTransaction, Solana sendTransaction); wallet, admin, debug and test-node methods are refused with ' +
    `JSON-RPC error ${JSON_RPC_ERRORS.methodNotAllowed} "Requested RPC call is not allowed". Upstreams are tried in ` +
    'order: the next on a connection error, timeout or HTTP 5xx, never on a JSON-RPC error answer. When none answers, ' +
    `the call gets error ${JSON_RPC_ERRORS.upstreamUnavailable}. A batch holds at most 1000 calls, each with a unique id; ` +
    'calls are counted per client IP per minute. Integers are passed on with all their digits.',
  request: {
    query: RpcQuerySchema,
    body: {
      required: true,
      content: { 'application/json': { schema: named(z.union([JsonRpcRequestSchema, z.array(JsonRpcRequestSchema)]), 'JsonRpcRequest') } },
    },
  },
  responses: {
    200: { description: 'One answer per call, in the order of the calls (results and JSON-RPC errors)', content: { 'application/json': { schema: RpcAnswerBody } } },
    400: {
      description: `A body that is not JSON (${JSON_RPC_ERRORS.parseError}) or not JSON-RPC 2.0 (${JSON_RPC_ERRORS.invalidRequest}); or a bad query (ApiError: projectId, chainId)`,
      content: { 'application/json': { schema: z.union([RpcErrorBody, ErrorBody]) } },
    },
    401: errorResponses[401],
    403: errorResponses[403],
    413: jsonRpc(`Request body too large (${JSON_RPC_ERRORS.invalidRequest})`),
    415: errorResponses[415],
    429: jsonRpc(`Too many calls from this client (${JSON_RPC_ERRORS.rateLimited}); seconds to wait in error.data.retryAfter and Retry-After`),
  },
})

/** The peer of the socket, or the last X-Forwarded-For hop behind a trusted proxy; in-process requests (tests) share one bucket. */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean)
    if (hops.length > 0) return hops[hops.length - 1]!
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

const json = (c: Context, text: string, status: 200 | 400 | 413 | 429, headers: Record<string, string> = {}) =>
  c.body(text, status, { 'content-type': 'application/json', ...headers })

/**
 * Registers `POST /v1/` (and `/v1`): the hosted chain RPC of SPEC §7. Project check and origin allowlist as on every
 * provider route; the body read by its own rules (JSON-RPC errors, not ApiError bodies, so RPC clients understand
 * them), the method allowlist per namespace, a per-IP call limit, then the allowed calls forwarded together to the
 * chain's upstreams with fallback. Bodies pass through as text so large integers keep their digits.
 *
 * @example
 * registerRpcRoutes(app, deps, () => rpcUpstreams({ chains: deps.chains, options: options.rpc }), options.rpc)
 */
export function registerRpcRoutes(app: App, deps: RouteDeps, upstreams: () => RpcUpstreams, options: RpcOptions = {}, rpcTimeoutMs = 5_000) {
  const settings = { ...RPC_DEFAULTS, ...options }
  const limiter = new RpcCallLimiter(deps.db, settings.callsPerIpPerMinute, options.now)
  const forward = { timeoutMs: options.timeoutMs ?? rpcTimeoutMs, maxAnswerBytes: settings.maxAnswerBytes }

  app.openAPIRegistry.registerPath(route)

  const handler = async (c: Context) => {
    const query = RpcQuerySchema.safeParse(c.req.query())
    if (!query.success) throw validationProblem(query.error, 'query')
    await authorize(deps, c, query.data.projectId)
    const { chainId } = query.data
    const urls = upstreams().get(chainId)
    if (!urls)
      throw new ApiProblem(400, 'VALIDATION_ERROR', `Chain ${chainId} is not served here; /v1/supported-chains lists the chains that are.`, [
        { name: 'chainId', description: `${chainId} is not served` },
      ])
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      throw new ApiProblem(415, 'VALIDATION_ERROR', 'Unsupported Media Type: send the body as Content-Type: application/json', [
        { name: 'content-type', description: 'expected application/json' },
      ])

    const read = readRpcBody(await c.req.text(), settings.maxBatch)
    if ('invalid' in read) return json(c, JSON.stringify(read.invalid), 400)

    const namespace = chainId.split(':')[0]!
    const answers: (string | undefined)[] = read.calls.map((r) =>
      'answer' in r
        ? JSON.stringify(r.answer)
        : isMethodAllowed(namespace, r.call.method)
          ? undefined
          : JSON.stringify(rpcError(r.call.id, JSON_RPC_ERRORS.methodNotAllowed, `Requested RPC call is not allowed: ${r.call.method} is not served on ${chainId}.`)),
    )
    const pending = read.calls.flatMap((r, i) => (answers[i] === undefined && 'call' in r ? [{ index: i, call: r.call, raw: r.raw }] : []))

    // Only calls that reach a chain count: refusals cost the chain nothing.
    const wait = pending.length > 0 ? await limiter.take(`ip:${clientIp(c, settings.trustProxy)}`, pending.length) : 0
    if (wait > 0) {
      const message = `Too many calls; try again in ${wait} seconds.`
      const body = rpcError(read.batch ? null : pending[0]!.call.id, JSON_RPC_ERRORS.rateLimited, message, { retryAfter: wait })
      return json(c, JSON.stringify(body), 429, { 'retry-after': String(wait) })
    }

    if (pending.length > 0) {
      try {
        const forwarded = await forwardCalls(urls, pending, read.batch, forward)
        pending.forEach((p, i) => (answers[p.index] = forwarded[i]))
      } catch (error) {
        if (!(error instanceof UpstreamsFailedError)) throw error
        deps.logger.warn(`rpc ${chainId}: ${error.message}`)
        const message = `No RPC upstream of ${chainId} answered; try again, or use the chain's own RPC URL.`
        for (const p of pending) answers[p.index] = JSON.stringify(rpcError(p.call.id, JSON_RPC_ERRORS.upstreamUnavailable, message))
      }
    }
    return json(c, read.batch ? `[${answers.join(',')}]` : answers[0]!, 200)
  }

  for (const path of [RPC_PATH, '/v1']) {
    app.use(
      path,
      bodyLimit({
        maxSize: settings.maxBodyBytes,
        onError: (c) => json(c, JSON.stringify(rpcError(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: body larger than ${settings.maxBodyBytes} bytes`)), 413),
      }),
    )
    app.post(path, handler)
  }
}
