import { createRoute, z } from '@hono/zod-openapi'
import { getConnInfo } from '@hono/node-server/conninfo'
import {
  ApiCaipNetworkIdSchema,
  CommonQuerySchema,
  SessionAddressParamsSchema,
  SessionRevokeRequestSchema,
  SessionRevokeResponseSchema,
  SiwxNonceRequestSchema,
  SiwxNonceResponseSchema,
  SiwxSessionEntrySchema,
  SiwxSessionRequestSchema,
  SiwxSessionsResponseSchema,
} from '@portico/contracts/api'
import type { Context } from 'hono'
import { ErrorBody, errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import { SiwxService, type SiwxOptions } from '../siwx/service.js'
import { type App, type RouteDeps, authorize } from './context.js'

const tags = ['Sign in with X']
const refusedResponse = { description: 'Sign-in refused (code SESSION_REFUSED): the reason in message', content: { 'application/json': { schema: ErrorBody } } }
const limitedResponse = { description: 'Too many attempts (code RATE_LIMITED); seconds to wait in reasons[0]', content: { 'application/json': { schema: ErrorBody } } }
const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } })

const SessionListQuerySchema = CommonQuerySchema.extend({ chainId: ApiCaipNetworkIdSchema.optional() })
const RevokeBodySchema = SessionRevokeRequestSchema.extend({
  pci: z.string().min(1, 'pci is required').max(64, 'pci is longer than 64 characters'),
  signature: z.string().min(1, 'signature is required').max(8192, 'signature is longer than 8192 characters'),
})

const issueNonce = createRoute({
  method: 'post',
  path: '/v1/sessions/nonces',
  tags,
  summary: 'A single-use sign-in nonce for an account on a chain',
  description:
    'The nonce expires (10 minutes by default) and is spent by the first session attempt that names it. Counted per client IP. Without ' +
    'accountAddress (one-click sign-in, where the wallet picks the account while pairing) it is bound to the chain only.',
  request: { query: CommonQuerySchema, body: jsonBody(named(SiwxNonceRequestSchema, 'SiwxNonceRequest')) },
  responses: { ...jsonOk(named(SiwxNonceResponseSchema, 'SiwxNonceResponse'), 'The nonce'), ...projectErrors, 413: errorResponses[413], 415: errorResponses[415], 429: limitedResponse },
})

const createSession = createRoute({
  method: 'post',
  path: '/v1/sessions',
  tags,
  summary: 'Creates a sign-in session from a signed message',
  description:
    'Checks that the message parses (EIP-4361, Sign In With Solana, CAIP-122), that its domain is an allowed origin of the project (and the ' +
    'request origin), that its URI is on that domain, Issued At / Not Before / Expiration Time against the server clock, that the nonce was ' +
    'issued here for this account and chain, unused and unexpired, and the signature: eip155 through the chain RPC (EOA, ERC-1271, ERC-6492), ' +
    'solana ed25519.',
  request: { query: CommonQuerySchema, body: jsonBody(named(SiwxSessionRequestSchema, 'SiwxSessionRequest')) },
  responses: {
    ...jsonOk(named(SiwxSessionEntrySchema, 'SiwxSession'), 'The session'),
    ...projectErrors,
    401: refusedResponse,
    413: errorResponses[413],
    415: errorResponses[415],
    429: limitedResponse,
    502: errorResponses[502],
  },
})

const listSessions = createRoute({
  method: 'get',
  path: '/v1/sessions/{address}',
  tags,
  summary: "An account's live sign-in sessions in the project (SPEC §7), newest first",
  description: 'Each session is a pcis entry: pci is the session id. Signatures are never listed.',
  request: { params: SessionAddressParamsSchema, query: SessionListQuerySchema },
  responses: { ...jsonOk(named(SiwxSessionsResponseSchema, 'SiwxSessionsResponse'), 'The sessions'), ...projectErrors },
})

const revokeSession = createRoute({
  method: 'post',
  path: '/v1/sessions/{address}/revoke',
  tags,
  summary: 'Ends a sign-in session (SPEC §7: pci, signature)',
  description: 'signature is the session’s own signature: holding it proves the caller is the client that signed in.',
  request: { params: SessionAddressParamsSchema, query: CommonQuerySchema, body: jsonBody(named(RevokeBodySchema, 'SessionRevokeRequest')) },
  responses: {
    ...jsonOk(named(SessionRevokeResponseSchema, 'SessionRevokeResponse'), 'Revoked (again: the first revoke time)'),
    ...projectErrors,
    401: refusedResponse,
    404: errorResponses[404],
    413: errorResponses[413],
    415: errorResponses[415],
    429: limitedResponse,
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

/** Registers the sign-in routes: nonces, session creation, the session list and revoke. */
export function registerSessionRoutes(app: App, deps: RouteDeps, options: SiwxOptions = {}): SiwxService {
  const siwx = new SiwxService(deps.db, deps.chains, options)

  app.openapi(issueNonce, async (c) => {
    const project = await authorize(deps, c, c.req.valid('query').projectId)
    const { chainId, accountAddress } = c.req.valid('json')
    return c.json(await siwx.issueNonce(project, chainId, accountAddress, clientIp(c, options.trustProxy ?? false)), 200)
  })

  app.openapi(createSession, async (c) => {
    const project = await authorize(deps, c, c.req.valid('query').projectId)
    const { message, signature } = c.req.valid('json')
    return c.json(await siwx.createSession(project, c.req.header('origin'), message, signature), 200)
  })

  app.openapi(listSessions, async (c) => {
    const query = c.req.valid('query')
    const project = await authorize(deps, c, query.projectId)
    return c.json({ pcis: await siwx.listSessions(project, c.req.valid('param').address, query.chainId) }, 200)
  })

  app.openapi(revokeSession, async (c) => {
    const project = await authorize(deps, c, c.req.valid('query').projectId)
    const { pci, signature } = c.req.valid('json')
    return c.json(await siwx.revoke(project, c.req.valid('param').address, pci, signature), 200)
  })

  return siwx
}
