import { createRoute } from '@hono/zod-openapi'
import {
  ConvertAllowanceQuerySchema,
  ConvertAllowanceResponseSchema,
  ConvertBuildApproveQuerySchema,
  ConvertBuildApproveResponseSchema,
  ConvertBuildTransactionRequestSchema,
  ConvertBuildTransactionResponseSchema,
  ConvertGasPriceQuerySchema,
  ConvertGasPriceResponseSchema,
  ConvertQuotesQuerySchema,
  ConvertQuotesResponseSchema,
  ConvertTokensQuerySchema,
  ConvertTokensResponseSchema,
  FungiblePriceQuerySchema,
} from '@portico/contracts/api'
import type { ConvertService } from '../convert/service.js'
import { errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import { type App, type RouteDeps, authorize, iconUrlFor } from './context.js'

const tags = ['Convert (swaps)']
const errors = { ...projectErrors, 502: errorResponses[502] }
const unsupported = 'A chain without an exchange is a 400 with the message "Network not supported for Swaps".'

const tokens = createRoute({
  method: 'get',
  path: '/v1/convert/tokens',
  tags,
  summary: 'The tokens of a network that have a pool, with the suggested and popular symbol lists',
  description: unsupported,
  request: { query: ConvertTokensQuerySchema },
  responses: { ...jsonOk(named(ConvertTokensResponseSchema, 'ConvertTokensResponse'), 'Swap tokens'), ...errors },
})

const quotes = createRoute({
  method: 'get',
  path: '/v1/convert/quotes',
  tags,
  summary: "A quote from the pools' reserves (amounts in the tokens' smallest units); empty when no pool joins them",
  description: `Router02's getAmountsOut arithmetic over the best of the direct pool and the route through WETH. ${unsupported}`,
  request: { query: ConvertQuotesQuerySchema },
  responses: { ...jsonOk(named(ConvertQuotesResponseSchema, 'ConvertQuotesResponse'), 'Quotes'), ...errors },
})

const allowance = createRoute({
  method: 'get',
  path: '/v1/convert/allowance',
  tags,
  summary: "What the exchange's router may spend of a token for an account",
  description: unsupported,
  request: { query: ConvertAllowanceQuerySchema },
  responses: { ...jsonOk(named(ConvertAllowanceResponseSchema, 'ConvertAllowanceResponse'), 'Allowance'), ...errors },
})

const gasPrice = createRoute({
  method: 'get',
  path: '/v1/convert/gas-price',
  tags,
  summary: 'Gas prices of a network in wei (standard, fast, instant)',
  description: 'A network this API does not serve is a 400 with the message "Network not supported for Gas Price".',
  request: { query: ConvertGasPriceQuerySchema },
  responses: { ...jsonOk(named(ConvertGasPriceResponseSchema, 'ConvertGasPriceResponse'), 'Gas prices'), ...errors },
})

const buildApprove = createRoute({
  method: 'get',
  path: '/v1/convert/build-approve',
  tags,
  summary: 'An ERC-20 approve transaction letting the router spend `amount` (the maximum when absent) of `from`',
  description: unsupported,
  request: { query: ConvertBuildApproveQuerySchema },
  responses: { ...jsonOk(named(ConvertBuildApproveResponseSchema, 'ConvertBuildApproveResponse'), 'Approve transaction'), ...errors },
})

const buildTransaction = createRoute({
  method: 'post',
  path: '/v1/convert/build-transaction',
  tags,
  summary: 'A Router02 exact-input swap with the slippage (percent) as its minimum output and a 20-minute deadline',
  description:
    'swapExactETHForTokens from the native currency, swapExactTokensForETH to it, swapExactTokensForTokens otherwise. ' +
    `The gas is estimated from userAddress (a swap that would fail is a 400) unless disableEstimate. ${unsupported}`,
  request: {
    query: FungiblePriceQuerySchema,
    body: { required: true, content: { 'application/json': { schema: named(ConvertBuildTransactionRequestSchema, 'ConvertBuildTransactionRequest') } } },
  },
  responses: {
    ...jsonOk(named(ConvertBuildTransactionResponseSchema, 'ConvertBuildTransactionResponse'), 'Swap transaction'),
    ...errors,
    413: errorResponses[413],
    415: errorResponses[415],
  },
})

/**
 * Registers the SPEC §7 convert endpoints over `convert` (the chains' Uniswap V2 deployments).
 *
 * @example
 * registerConvertRoutes(app, deps, new ConvertService(deps.chains))
 */
export function registerConvertRoutes(app: App, deps: RouteDeps, convert: ConvertService) {
  app.openapi(tokens, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    return c.json(ConvertTokensResponseSchema.parse(await convert.tokens(query.chainId, iconUrlFor(deps, c))), 200)
  })

  app.openapi(quotes, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    return c.json(ConvertQuotesResponseSchema.parse(await convert.quotes(query)), 200)
  })

  app.openapi(allowance, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    return c.json(ConvertAllowanceResponseSchema.parse({ allowance: await convert.allowance(query.tokenAddress, query.userAddress) }), 200)
  })

  app.openapi(gasPrice, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    return c.json(ConvertGasPriceResponseSchema.parse(await convert.gasPrice(query.chainId)), 200)
  })

  app.openapi(buildApprove, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    return c.json(ConvertBuildApproveResponseSchema.parse(await convert.buildApprove(query)), 200)
  })

  app.openapi(buildTransaction, async (c) => {
    const body = c.req.valid('json')
    await authorize(deps, c, body.projectId)
    const tx = await convert.buildTransaction({ ...body, slippage: body.eip155.slippage })
    return c.json(ConvertBuildTransactionResponseSchema.parse(tx), 200)
  })
}
