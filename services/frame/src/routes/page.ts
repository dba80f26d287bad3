import { type OpenAPIHono, createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { cors } from 'hono/cors'
import { type FramePageConfig, type SmartAccountChains, NOT_BUILT_TEXT, framePageHeaders, injectFrameConfig, readAsset, readFramePage } from '../framePage.js'
import { type AllowedOrigins, type OriginsLookup, originAllowed } from '../origins.js'
import { AssetParamsSchema, FramePageQuerySchema, OriginCheckQuerySchema, OriginCheckResponseSchema } from '../schemas.js'
import { errorContent, jsonOk } from './http.js'

const tags = ['Frame page']
const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' as const } } } })

/**
 * The frame page (`/sdk`), its assets (`/sdk/assets/{file}`) and the origin check the app uses to explain a frame
 * that never said READY. The page is served with `frame-ancestors` set to the project's allowed origins, so a
 * browser refuses to show it inside any other site; the page checks its parent against the same list.
 */
export function registerPageRoutes(app: OpenAPIHono, deps: { pageDir: string; origins: AllowedOrigins; smartAccountChains?: SmartAccountChains }) {
  const { pageDir, origins, smartAccountChains } = deps

  const serve = async (c: Context, projectId: string, lookup: OriginsLookup | null) => {
    const html = await readFramePage(pageDir)
    if (html === null) return c.text(NOT_BUILT_TEXT, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' })
    const config: FramePageConfig =
      lookup?.kind === 'known'
        ? { projectId, allowedOrigins: lookup.allowedOrigins, apiBase: '', ...(smartAccountChains ? { smartAccountChains } : {}) }
        : { projectId, allowedOrigins: [], apiBase: '', error: lookup?.kind === 'unavailable' ? 'ORIGINS_UNAVAILABLE' : 'INVALID_PROJECT' }
    return c.html(injectFrameConfig(html, config), 200, framePageHeaders(config.allowedOrigins))
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/sdk',
      tags,
      summary: 'The login frame page, for the iframe of the app (SPEC §2)',
      description:
        'HTML with `<meta name="portico-frame" content="{projectId, allowedOrigins, apiBase, error?, smartAccountChains?}">`. An unknown project still gets the page (error INVALID_PROJECT, frame-ancestors \'none\').',
      request: { query: FramePageQuerySchema },
      responses: {
        200: { description: 'The page; CSP frame-ancestors = the allowed origins', content: { 'text/html': { schema: { type: 'string' } } } },
        503: text('The page has not been built (npm run build)'),
      },
    }),
    async (c) => {
      const projectId = c.req.valid('query').projectId ?? ''
      return serve(c, projectId, projectId ? await origins.lookup(projectId) : null)
    },
    // A malformed query (a parameter given twice, …) is an invalid project: the page says so, no JSON error.
    (result, c) => (result.success ? undefined : serve(c, '', null)),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/sdk/assets/{file}',
      tags,
      summary: 'A built asset of the frame page (hashed name, cached for a year)',
      request: { params: AssetParamsSchema },
      responses: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        404: text('No such asset'),
        503: text('The page has not been built'),
      },
    }),
    async (c) => {
      const asset = await readAsset(pageDir, c.req.valid('param').file)
      if (asset.kind === 'not-built') return c.text(NOT_BUILT_TEXT, 503, { 'Cache-Control': 'no-store' })
      if (asset.kind === 'not-found') return c.text('not found', 404, { 'Cache-Control': 'no-store' })
      return c.body(new Uint8Array(asset.body), 200, {
        'Content-Type': asset.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
    },
  )

  // Any site may ask: the answer is public (the page's CSP says the same) and the app reads it from its own origin.
  app.use('/v1/origin-check', cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'], maxAge: 86_400 }))
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/origin-check',
      tags,
      summary: "Whether an origin may embed the frame for a project (CORS open); false for an unknown project",
      request: { query: OriginCheckQuerySchema },
      responses: { ...jsonOk(OriginCheckResponseSchema, 'The answer'), 400: errorContent('Invalid query (VALIDATION_ERROR)') },
    }),
    async (c) => {
      const { projectId, origin } = c.req.valid('query')
      const lookup = await origins.lookup(projectId)
      return c.json({ allowed: lookup.kind === 'known' && originAllowed(lookup.allowedOrigins, origin) }, 200)
    },
  )
}
