import { createRoute } from '@hono/zod-openapi'
import {
  ApiNameLookupSchema,
  ProfileAccountParamsSchema,
  ProfileAccountQuerySchema,
  ProfileAccountResponseSchema,
  ProfileRegisterQuerySchema,
  ProfileRegisterRequestSchema,
  ProfileReverseParamsSchema,
  ProfileReverseQuerySchema,
  ProfileReverseResponseSchema,
  ProfileSuggestionsParamsSchema,
  ProfileSuggestionsQuerySchema,
  ProfileSuggestionsResponseSchema,
} from '@portico/contracts/api'
import { ErrorBody, errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import { ApiProblem } from '../errors.js'
import { ProfileService, type ProfileOptions } from '../profile/service.js'
import { type App, type RouteDeps, authorize } from './context.js'

const tags = ['Name service']
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } })
const Lookup = named(ApiNameLookupSchema, 'NameLookup')

const account = createRoute({
  method: 'get',
  path: '/v1/profile/account/{name}',
  tags,
  summary: 'A registered name: its addresses (by coin type) and attributes',
  description:
    'The name may carry the configured suffix, a legacy one, or none; names are case-insensitive. A missing name is a 404, or `[]` with ' +
    'apiVersion=2.',
  request: { params: ProfileAccountParamsSchema, query: ProfileAccountQuerySchema },
  responses: {
    ...jsonOk(named(ProfileAccountResponseSchema, 'ProfileAccountResponse'), 'The name (or [] with apiVersion=2)'),
    ...projectErrors,
    404: errorResponses[404],
  },
})

const reverse = createRoute({
  method: 'get',
  path: '/v1/profile/reverse/{address}',
  tags,
  summary: 'The names registered for an address (empty when none; one name per address)',
  request: { params: ProfileReverseParamsSchema, query: ProfileReverseQuerySchema },
  responses: { ...jsonOk(named(ProfileReverseResponseSchema, 'ProfileReverseResponse'), 'The names'), ...projectErrors },
})

const suggestions = createRoute({
  method: 'get',
  path: '/v1/profile/suggestions/{name}',
  tags,
  summary: 'The typed name (registered or not) and free alternatives',
  description: 'zone, when given, must be the configured suffix or a legacy one (without the leading dot).',
  request: { params: ProfileSuggestionsParamsSchema, query: ProfileSuggestionsQuerySchema },
  responses: { ...jsonOk(named(ProfileSuggestionsResponseSchema, 'ProfileSuggestionsResponse'), 'Suggestions'), ...projectErrors },
})

const register = createRoute({
  method: 'post',
  path: '/v1/profile/account',
  tags,
  summary: 'Registers a name for an address from a message the account signed',
  description:
    '`message` is JSON `{name, attributes: {}, timestamp}` (unix seconds, at most 10 minutes old and not in the future), signed (EIP-191) by ' +
    '`address`: an EOA, a deployed contract account (ERC-1271) or one not deployed yet (ERC-6492), checked through the RPC of the chain of ' +
    '`coin_type` (chain id OR 0x80000000; eip155 only). One name per address and per name; a message registers at most once. The reason ' +
    'of a refusal is the first reason’s description.',
  request: {
    query: ProfileRegisterQuerySchema,
    body: { required: true, content: { 'application/json': { schema: named(ProfileRegisterRequestSchema, 'ProfileRegisterRequest') } } },
  },
  responses: {
    ...jsonOk(Lookup, 'The registered name'),
    ...projectErrors,
    401: error('Registration refused (code SESSION_REFUSED, or INVALID_PROJECT_ID): stale, future or replayed message, wrong signature, chain not served'),
    409: error('The name is taken, or the address already has a name (code VALIDATION_ERROR)'),
    413: errorResponses[413],
    415: errorResponses[415],
    429: error('Too many attempts for the address (code RATE_LIMITED); seconds to wait in reasons[0]'),
    502: errorResponses[502],
  },
})

/** Registers the name service routes of SPEC §7 (`/v1/profile/*`) and returns the service. */
export function registerProfileRoutes(app: App, deps: RouteDeps, options: ProfileOptions = {}): ProfileService {
  const profiles = new ProfileService(deps.db, deps.chains, () => deps.store.forgetIdentities(), options)

  app.openapi(account, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    const { name } = c.req.valid('param')
    const found = await profiles.lookup(name)
    if (found) return c.json(found, 200)
    if (query.apiVersion === '2') return c.json([], 200)
    throw new ApiProblem(404, 'NOT_FOUND', `The name ${name} is not registered.`, [{ name: 'name', description: `The name ${name} is not registered.` }])
  })

  app.openapi(reverse, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(await profiles.reverse(c.req.valid('param').address), 200)
  })

  app.openapi(suggestions, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    return c.json({ suggestions: await profiles.suggestions(c.req.valid('param').name, query.zone) }, 200)
  })

  app.openapi(register, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(await profiles.register(c.req.valid('json')), 200)
  })

  return profiles
}
