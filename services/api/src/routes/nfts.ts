import { createRoute } from '@hono/zod-openapi'
import { NftsParamsSchema, NftsQuerySchema, NftsResponseSchema } from '@portico/contracts/api'
import type { NftService } from '../nfts.js'
import { jsonOk, named, projectErrors } from '../openapi.js'
import { type App, type RouteDeps, authorize } from './context.js'

const nfts = createRoute({
  method: 'get',
  path: '/v1/account/{address}/nfts',
  tags: ['Blockchain API'],
  summary: "The ERC-721 tokens an account holds, most recently received first, paginated by cursor",
  description:
    'Ownership comes from the indexed Transfer logs; name and image from each token\'s metadata (its tokenURI), ' +
    'null when the metadata is missing, unreachable, slower than the server\'s timeout or invalid.',
  request: { params: NftsParamsSchema, query: NftsQuerySchema },
  responses: { ...jsonOk(named(NftsResponseSchema, 'NftsResponse'), 'One page of NFTs'), ...projectErrors },
})

/**
 * Registers GET /v1/account/{address}/nfts, beside the balance endpoint.
 *
 * @example
 * registerNftRoutes(app, deps, new NftService(db, chains))
 */
export function registerNftRoutes(app: App, deps: RouteDeps, service: NftService) {
  app.openapi(nfts, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    const page = await service.page(c.req.valid('param').address as `0x${string}`, { chainId: query.chainId, cursor: query.cursor })
    return c.json(NftsResponseSchema.parse(page), 200)
  })
}
