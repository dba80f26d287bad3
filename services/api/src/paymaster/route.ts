import { createRoute, z } from '@hono/zod-openapi'
import { JSON_RPC_ERRORS, JsonRpcRequestSchema, JsonRpcResponseSchema, RpcAnswerSchema } from '@portico/contracts/api'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from '../config.js'
import { ErrorBody, named } from '../openapi.js'
import { readRpcBody, rpcError } from '../rpc/envelope.js'
import type { App } from '../routes/context.js'
import { PAYMASTER_ERRORS, PaymasterRpcError, type PaymasterService } from './service.js'

/** The paymaster endpoint's path prefix: `POST /v1/paymaster/{chainId}`. */
export const PAYMASTER_PATH_PREFIX = '/v1/paymaster/'
/** Largest body: a user operation's callData and factoryData fit many times over. */
const MAX_BODY_BYTES = 128 * 1024
/** Most calls in one batch. */
const MAX_BATCH = 20

const route = createRoute({
  method: 'post',
  path: '/v1/paymaster/{chainId}',
  tags: ['Paymaster'],
  summary: 'ERC-7677 paymaster for EntryPoint v0.7: sponsors user operations with the VerifyingPaymaster',
  description:
    'JSON-RPC 2.0 (one call or a batch): `pm_getPaymasterStubData` and `pm_getPaymasterData`, params ' +
    '`[userOperation, entryPoint, chainIdHex, context]`. Answers `paymaster` and `paymasterData` (validUntil, validAfter ' +
    'and the verifying signer\'s signature over the contract\'s getHash); the stub also gives the paymaster gas limits. ' +
    `Bad params, an unknown chain or another EntryPoint get error ${PAYMASTER_ERRORS.invalidParams}; a paymaster that is ` +
    `not configured or deployed, or a chain that did not answer, ${PAYMASTER_ERRORS.unavailable}; a sender past its ` +
    `sponsorships of the hour ${PAYMASTER_ERRORS.limitExceeded} with data.retryAfter (seconds).`,
  request: {
    params: z.object({ chainId: z.string().meta({ description: 'The EVM chain id, decimal (e.g. 31337)' }) }),
    body: {
      required: true,
      content: { 'application/json': { schema: named(z.union([JsonRpcRequestSchema, z.array(JsonRpcRequestSchema)]), 'PaymasterRequest') } },
    },
  },
  responses: {
    200: { description: 'One answer per call (results and JSON-RPC errors)', content: { 'application/json': { schema: named(RpcAnswerSchema, 'PaymasterAnswer') } } },
    // the api's own guards (NUL characters in the URL, body limits) answer before the route, as an ApiError
    400: {
      description: `Not JSON (${JSON_RPC_ERRORS.parseError}) or not JSON-RPC 2.0 (${JSON_RPC_ERRORS.invalidRequest}); or a request the api refuses before the route (ApiError)`,
      content: { 'application/json': { schema: z.union([JsonRpcResponseSchema, ErrorBody]) } },
    },
    413: { description: `Body too large (${JSON_RPC_ERRORS.invalidRequest}, or an ApiError)`, content: { 'application/json': { schema: z.union([JsonRpcResponseSchema, ErrorBody]) } } },
    415: { description: `Body not sent as application/json (${JSON_RPC_ERRORS.invalidRequest}, or an ApiError)`, content: { 'application/json': { schema: z.union([JsonRpcResponseSchema, ErrorBody]) } } },
  },
})

const json = (c: Context, body: unknown, status: 200 | 400 | 413 | 415) => c.body(JSON.stringify(body), status, { 'content-type': 'application/json' })

/**
 * Registers `POST /v1/paymaster/{chainId}`: the body read by JSON-RPC's rules (JSON-RPC errors, never an ApiError
 * body or a 5xx, so paymaster clients understand every refusal), each call answered by the service.
 *
 * @example
 * registerPaymasterRoutes(app, new PaymasterService(db, chains, paymasterSettings(options.paymaster), logger), logger)
 */
export function registerPaymasterRoutes(app: App, service: PaymasterService, logger: Logger) {
  app.openAPIRegistry.registerPath(route)
  app.use(
    `${PAYMASTER_PATH_PREFIX}*`,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => json(c, rpcError(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: body larger than ${MAX_BODY_BYTES} bytes`), 413),
    }),
  )
  app.post(`${PAYMASTER_PATH_PREFIX}:chainId`, async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return json(c, rpcError(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: send the body as Content-Type: application/json'), 415)
    const read = readRpcBody(await c.req.text(), MAX_BATCH)
    if ('invalid' in read) return json(c, read.invalid, 400)
    const chainId = c.req.param('chainId')
    // one at a time: the calls of a batch share the sender's hourly count
    const answers = []
    for (const r of read.calls) {
      if ('answer' in r) {
        answers.push(r.answer)
        continue
      }
      const { id, method, params } = r.call
      try {
        answers.push({ jsonrpc: '2.0' as const, id, result: await service.call(chainId, method, params ?? []) })
      } catch (error) {
        if (error instanceof PaymasterRpcError) answers.push(rpcError(id, error.code, error.message, error.data))
        else {
          // the database or the signer failed: a JSON-RPC error all the same, so the client shows a message
          logger.error(`paymaster ${method} on chain ${chainId} failed: ${error instanceof Error ? error.message : String(error)}`)
          answers.push(rpcError(id, PAYMASTER_ERRORS.unavailable, 'The paymaster could not answer; try again.'))
        }
      }
    }
    return json(c, read.batch ? answers : answers[0], 200)
  })
}
