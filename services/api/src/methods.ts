import type { ApiError } from '@portico/contracts/api'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { ApiProblem } from './errors.js'

/** Turns a Hono route path (`/v1/identity/:address`) into a regular expression over concrete paths. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, '[^/]+').replace(/\*/g, '.*')}$`)

/**
 * The app's `notFound`: a path that exists with other methods answers 405 with `Allow` (RFC 9110 §15.5.6) instead
 * of a 404 that says the resource is missing; anything else a JSON 404. Routes are read on first use, after every
 * route is registered. HEAD is served for every GET route (Hono answers it from the GET handler) and OPTIONS
 * everywhere (CORS preflight).
 */
export function notFoundOrMethodNotAllowed(app: Hono<any, any, any>) {
  let routes: { pattern: RegExp; method: string }[] | null = null
  return (c: Context) => {
    routes ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ pattern: pathPattern(r.path), method: r.method.toUpperCase() }))
    const methods = new Set(routes.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))
    if (methods.size > 0) {
      if (methods.has('GET')) methods.add('HEAD')
      methods.add('OPTIONS')
      const allow = [...methods].sort().join(', ')
      const body: ApiError = {
        status: 'FAILED',
        code: 'METHOD_NOT_ALLOWED',
        message: `Method ${c.req.method} not allowed on ${c.req.path}; allowed: ${allow}`,
        reasons: [{ name: 'method', description: `allowed: ${allow}` }],
      }
      return c.json(body, 405, { Allow: allow })
    }
    const body: ApiError = { status: 'FAILED', code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}`, reasons: [] }
    return c.json(body, 404)
  }
}

/**
 * Refuses query parameters other than `allowed` with a 400 naming each. Used on the service's own routes, which no
 * SDK calls with extra parameters; provider routes (SPEC §7, registry, analytics, images) ignore unknown ones,
 * because SDKs of the hosted API add parameters of their own and images get cache-busters.
 */
export const strictQuery =
  (allowed: readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    const unknown = [...new Set(new URL(c.req.url).searchParams.keys())].filter((k) => !allowed.includes(k))
    if (unknown.length > 0)
      throw new ApiProblem(
        400,
        'VALIDATION_ERROR',
        `Invalid query: unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
        unknown.map((name) => ({ name, description: 'unknown query parameter' })),
      )
    await next()
  }
