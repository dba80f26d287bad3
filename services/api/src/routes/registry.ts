import { createRoute, z } from '@hono/zod-openapi'
import {
  AnalyticsConfigQuerySchema,
  AnalyticsConfigResponseSchema,
  GetWalletsQuerySchema,
  GetWalletsResponseSchema,
  type GetWalletsResponse,
  ImageParamsSchema,
  ImageQuerySchema,
} from '@portico/contracts/api'
import type { Context } from 'hono'
import { ApiProblem } from '../errors.js'
import { ReadCache } from '../readCache.js'
import { errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import { etagOf, monogramSvg } from '../registry/images.js'
import { type App, type RouteDeps, authorize } from './context.js'

const tags = ['Wallet registry']

const svgResponse = {
  200: {
    description: 'An SVG image (a generated monogram where no image file exists)',
    content: { 'image/svg+xml': { schema: z.string().meta({ format: 'binary' }) } },
  },
  304: { description: 'Not modified (If-None-Match matched the ETag)' },
}

const getWallets = createRoute({
  method: 'get',
  path: '/getWallets',
  tags,
  summary: 'One page of the wallet list, filtered',
  request: { query: GetWalletsQuerySchema },
  responses: { ...jsonOk(named(GetWalletsResponseSchema, 'GetWalletsResponse'), 'Wallets and the total count'), ...projectErrors },
})

const imageRoute = (path: string, summary: string, notFound: boolean) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary,
    request: { params: ImageParamsSchema, query: ImageQuerySchema },
    responses: { ...svgResponse, 400: errorResponses[400], ...(notFound ? { 404: errorResponses[404] } : {}) },
  })

const getAnalyticsConfig = createRoute({
  method: 'get',
  path: '/getAnalyticsConfig',
  tags,
  summary: 'Whether the project has analytics enabled',
  request: { query: AnalyticsConfigQuerySchema },
  responses: { ...jsonOk(named(AnalyticsConfigResponseSchema, 'AnalyticsConfigResponse'), 'Analytics config'), ...projectErrors },
})

/**
 * Answers an SVG with caching headers. Images are public (no project needed), so shared caches may keep them; the
 * CSP forbids scripts should anyone open one as a document, and CORP lets pages with COEP embed them.
 */
function svg(c: Context, body: string) {
  const etag = etagOf(body)
  const headers: Record<string, string> = {
    'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    ETag: etag,
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
  return c.body(body, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' })
}

/** Query parameters of /getWallets that are integers: the contract's z.coerce would read `0x10` as 16, `1e1` as 10. */
const INTEGER_QUERY = ['page', 'entries']

/** Registers the wallet registry routes (list, images, analytics config). */
export function registerRegistryRoutes(app: App, deps: RouteDeps) {
  // Runs before validation: only plain decimal digits reach the schema's number coercion.
  app.use('/getWallets', async (c, next) => {
    const params = new URL(c.req.url).searchParams
    const bad = INTEGER_QUERY.filter((name) => params.has(name) && !params.getAll(name).every((v) => /^[0-9]{1,9}$/.test(v)))
    if (bad.length > 0)
      throw new ApiProblem(
        400,
        'VALIDATION_ERROR',
        `Invalid query: ${bad.map((name) => `${name} must be a whole number in decimal digits`).join('; ')}`,
        bad.map((name) => ({ name, description: `${name} must be a whole number in decimal digits` })),
      )
    await next()
  })

  // a page is the same for every visitor who asks the same query: built and serialised once per readCacheMs
  const pages = new ReadCache<string>(deps.readCacheMs, 2_000)
  app.openapi(getWallets, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    const json = await pages.get(JSON.stringify(query), async () => JSON.stringify(GetWalletsResponseSchema.parse(deps.registry.list(query))))
    // the same body c.json would write, without parsing and serialising it again
    return c.body(json, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<typeof c.json<GetWalletsResponse, 200>>
  })

  app.openapi(imageRoute('/getWalletImage/{id}', 'Image of a wallet, by its image_id', true), (c) => {
    const id = c.req.valid('param').id
    const wallet = deps.registry.byImage(id)
    if (!wallet) throw new ApiProblem(404, 'NOT_FOUND', `No wallet has image id ${id}`, [{ name: 'id', description: 'Unknown image id' }])
    return svg(c, monogramSvg(wallet.name, wallet.id))
  })

  // Network, currency and token images have no catalog here: any valid id gets its monogram.
  for (const [path, summary] of [
    ['/public/getAssetImage/{id}', 'Image of a network asset (generated monogram)'],
    ['/public/getCurrencyImage/{id}', 'Image of a fiat currency (generated monogram)'],
    ['/public/getTokenImage/{id}', 'Image of a token, by symbol (generated monogram)'],
  ] as const) {
    app.openapi(imageRoute(path, summary, false), (c) => {
      const id = c.req.valid('param').id
      return svg(c, monogramSvg(id))
    })
  }

  app.openapi(getAnalyticsConfig, async (c) => {
    const project = await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(AnalyticsConfigResponseSchema.parse({ isAnalyticsEnabled: project.analyticsEnabled }), 200)
  })
}
