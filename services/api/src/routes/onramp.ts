import { createRoute } from '@hono/zod-openapi'
import {
  OnrampCheckoutParamsSchema,
  OnrampCheckoutResponseSchema,
  OnrampOptionsResponseSchema,
  OnrampProvidersResponseSchema,
  OnrampQuerySchema,
  OnrampQuoteRequestSchema,
  OnrampQuoteResponseSchema,
  OnrampUrlRequestSchema,
  OnrampUrlResponseSchema,
} from '@portico/contracts/api'
import { errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import type { OnrampService } from '../onramp/service.js'
import { type App, type RouteDeps, authorize } from './context.js'

const tags = ['Onramp']
const bodyErrors = { 413: errorResponses[413], 415: errorResponses[415] }

const options = createRoute({
  method: 'get',
  path: '/v1/onramp/options',
  tags,
  summary: 'What can be bought (currencies with their networks) and with what (fiat currencies with method limits)',
  request: { query: OnrampQuerySchema },
  responses: { ...jsonOk(named(OnrampOptionsResponseSchema, 'OnrampOptionsResponse'), 'Onramp options'), ...projectErrors },
})

const quote = createRoute({
  method: 'post',
  path: '/v1/onramp/quote',
  tags,
  summary: 'The fees and the tokens a payment buys (amount = what the card pays)',
  description:
    'The provider fee (coinbaseFee, a percentage) and the network fee come off the amount; the rest buys the token at the api\'s price, ' +
    'rounded down to at most 8 decimals. An amount outside the method\'s limits, an unknown currency or network is a 400 naming what is allowed.',
  request: {
    query: OnrampQuerySchema,
    body: { required: true, content: { 'application/json': { schema: named(OnrampQuoteRequestSchema, 'OnrampQuoteRequest') } } },
  },
  responses: { ...jsonOk(named(OnrampQuoteResponseSchema, 'OnrampQuoteResponse'), 'Quote'), ...projectErrors, ...bodyErrors },
})

const url = createRoute({
  method: 'post',
  path: '/v1/generators/onrampurl',
  tags,
  summary: "A provider's checkout link for the first destination wallet (the sandbox: a page on the sandbox's own origin, PORTICO_ONRAMP_PUBLIC_URL)",
  description: 'The network is defaultNetwork, else the wallet\'s first blockchain; the asset the wallet\'s first asset, else the network\'s first.',
  request: {
    query: OnrampQuerySchema,
    body: { required: true, content: { 'application/json': { schema: named(OnrampUrlRequestSchema, 'OnrampUrlRequest') } } },
  },
  responses: { ...jsonOk(named(OnrampUrlResponseSchema, 'OnrampUrlResponse'), 'Checkout link'), ...projectErrors, ...bodyErrors },
})

const providers = createRoute({
  method: 'get',
  path: '/v1/onramp/providers',
  tags,
  summary: 'The onramp providers (label, name, feeRange, url, supportedChains)',
  request: { query: OnrampQuerySchema },
  responses: { ...jsonOk(named(OnrampProvidersResponseSchema, 'OnrampProvidersResponse'), 'Providers'), ...projectErrors },
})

const checkout = createRoute({
  method: 'get',
  path: '/v1/onramp/checkouts/{checkoutId}',
  tags,
  summary: 'A sandbox checkout and its latest purchase attempt, to follow a purchase until the tokens arrive',
  request: { params: OnrampCheckoutParamsSchema, query: OnrampQuerySchema },
  responses: { ...jsonOk(named(OnrampCheckoutResponseSchema, 'OnrampCheckoutResponse'), 'Checkout'), ...projectErrors, 404: errorResponses[404] },
})

/**
 * Registers the SPEC §7 onramp endpoints (options, quote, onrampurl) and the sandbox's providers and checkout status.
 *
 * @example
 * registerOnrampRoutes(app, deps, onramp)
 */
export function registerOnrampRoutes(app: App, deps: RouteDeps, onramp: OnrampService) {
  app.openapi(options, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(OnrampOptionsResponseSchema.parse(await onramp.options()), 200)
  })

  app.openapi(quote, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(OnrampQuoteResponseSchema.parse(await onramp.quote(c.req.valid('json'))), 200)
  })

  app.openapi(url, async (c) => {
    const project = await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(OnrampUrlResponseSchema.parse(await onramp.createCheckout(project.id, c.req.valid('json'))), 200)
  })

  app.openapi(providers, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(OnrampProvidersResponseSchema.parse({ providers: await onramp.providers() }), 200)
  })

  app.openapi(checkout, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    return c.json(OnrampCheckoutResponseSchema.parse(await onramp.checkoutView(c.req.valid('param').checkoutId)), 200)
  })
}
