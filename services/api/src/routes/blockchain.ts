import { createRoute } from '@hono/zod-openapi'
import {
  BalanceParamsSchema,
  BalanceQuerySchema,
  BalanceResponseSchema,
  CommonQuerySchema,
  FungiblePriceQuerySchema,
  FungiblePriceRequestSchema,
  FungiblePriceResponseSchema,
  HistoryParamsSchema,
  HistoryQuerySchema,
  HistoryResponseSchema,
  IdentityParamsSchema,
  IdentityQuerySchema,
  IdentityResponseSchema,
  NATIVE_TOKEN_PLACEHOLDER_ADDRESS,
  SupportedChainsResponseSchema,
  type ApiFungiblePrice,
} from '@portico/contracts/api'
import { getAddress } from 'viem'
import { poolPrice } from '../convert/prices.js'
import { errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import { isSolanaAddress } from '../solana/index.js'
import { type App, type RouteDeps, authorize, iconUrlFor } from './context.js'

const tags = ['Blockchain API']

const supportedChains = createRoute({
  method: 'get',
  path: '/v1/supported-chains',
  tags,
  summary: 'CAIP-2 ids of the chains this API serves',
  request: { query: CommonQuerySchema },
  responses: { ...jsonOk(named(SupportedChainsResponseSchema, 'SupportedChainsResponse'), 'Supported chains'), ...projectErrors },
})

const identity = createRoute({
  method: 'get',
  path: '/v1/identity/{address}',
  tags,
  summary: "An address's name and avatar (null when none)",
  request: { params: IdentityParamsSchema, query: IdentityQuerySchema },
  responses: { ...jsonOk(named(IdentityResponseSchema, 'IdentityResponse'), 'Identity'), ...projectErrors },
})

const history = createRoute({
  method: 'get',
  path: '/v1/account/{account}/history',
  tags,
  summary: "An account's transactions, newest first, paginated by cursor (a Solana account: read from its chain)",
  request: { params: HistoryParamsSchema, query: HistoryQuerySchema },
  responses: {
    ...jsonOk(named(HistoryResponseSchema, 'HistoryResponse'), 'One page of history'),
    ...projectErrors,
    502: errorResponses[502],
  },
})

const balance = createRoute({
  method: 'get',
  path: '/v1/account/{address}/balance',
  tags,
  summary: 'Native and token balances (ERC-20, SPL) read from the chains, priced from the price table',
  request: { params: BalanceParamsSchema, query: BalanceQuerySchema },
  responses: {
    ...jsonOk(named(BalanceResponseSchema, 'BalanceResponse'), 'Balances (zero balances left out)'),
    ...projectErrors,
    502: errorResponses[502],
  },
})

const fungiblePrice = createRoute({
  method: 'post',
  path: '/v1/fungible/price',
  tags,
  summary: 'Prices of tokens given as CAIP-10 ids (unknown tokens left out)',
  description: "A token without a configured price on a chain with an exchange is priced from its pools (against WETH, else a priced token).",
  request: {
    query: FungiblePriceQuerySchema,
    body: { required: true, content: { 'application/json': { schema: named(FungiblePriceRequestSchema, 'FungiblePriceRequest') } } },
  },
  responses: {
    ...jsonOk(named(FungiblePriceResponseSchema, 'FungiblePriceResponse'), 'Prices'),
    ...projectErrors,
    413: errorResponses[413],
    415: errorResponses[415],
  },
})

/** Registers the SPEC §7 blockchain API routes the reference serves. */
export function registerBlockchainRoutes(app: App, deps: RouteDeps) {
  app.openapi(supportedChains, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    const body = SupportedChainsResponseSchema.parse({ http: [...deps.chains.keys(), ...(await deps.solana.servedChainIds())], ws: [] })
    return c.json(body, 200)
  })

  app.openapi(identity, async (c) => {
    await authorize(deps, c, c.req.valid('query').projectId)
    const body = IdentityResponseSchema.parse(await deps.store.identity(c.req.valid('param').address))
    return c.json(body, 200)
  })

  app.openapi(history, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    const account = c.req.valid('param').account
    const options = { chainId: query.chainId, cursor: query.cursor, iconUrl: iconUrlFor(deps, c) }
    // Onramp purchases come from the onramp provider (the sandbox's, when onramp is on; none otherwise).
    // Each account kind is answered by its chains only: a Solana account has no history on eip155 and back.
    const page = query.onramp
      ? (await deps.onramp?.history(account, query.chainId, options.iconUrl)) ?? { data: [], next: null }
      : query.chainId !== undefined && isSolanaAddress(account) !== query.chainId.startsWith('solana:')
      ? { data: [], next: null }
      : isSolanaAddress(account)
        ? await deps.solana.page(account, options)
        : await deps.history.page(account as `0x${string}`, options)
    return c.json(HistoryResponseSchema.parse(page), 200)
  })

  app.openapi(balance, async (c) => {
    const query = c.req.valid('query')
    await authorize(deps, c, query.projectId)
    const address = c.req.valid('param').address
    const options = {
      chainId: query.chainId,
      currency: (query.currency ?? 'usd').toLowerCase(),
      force: query.forceUpdate !== undefined && query.forceUpdate !== '' && query.forceUpdate !== 'false',
      iconUrl: iconUrlFor(deps, c),
    }
    const balances = isSolanaAddress(address)
      ? await deps.solana.balances(address, options)
      : await deps.balances.get(address as `0x${string}`, options)
    return c.json(BalanceResponseSchema.parse({ balances }), 200)
  })

  app.openapi(fungiblePrice, async (c) => {
    const body = c.req.valid('json')
    await authorize(deps, c, body.projectId)
    const iconUrl = iconUrlFor(deps, c)
    const wanted = body.addresses.map((caip10) => {
      const [namespace, reference, address] = caip10.split(':') as [string, string, string]
      const native = address.toLowerCase() === NATIVE_TOKEN_PLACEHOLDER_ADDRESS
      return { caip10, chainId: `${namespace}:${reference}`, address: address.toLowerCase(), native }
    })
    const currency = body.currency.toLowerCase()
    const [tokens, prices] = await Promise.all([
      deps.store.tokens(wanted.filter((w) => !w.native).map((w) => ({ chainId: w.chainId, address: w.address }))),
      deps.store.prices(currency, wanted.map((w) => ({ chainId: w.chainId, asset: w.native ? 'native' : w.address }))),
    ])
    const fungibles: ApiFungiblePrice[] = []
    for (const w of wanted) {
      // Only EVM token addresses can be in the token table; anything else is simply not priced.
      if (!w.native && !/^0x[0-9a-f]{40}$/.test(w.address)) continue
      const price = prices.get(`${w.chainId}|${w.native ? 'native' : w.address}`)
      if (price === undefined) {
        // no configured price: the pools of the chain's exchange, if any, price it
        const pooled = w.native ? undefined : await poolPrice(deps.chains, deps.store, w.chainId, w.address as `0x${string}`, currency).catch(() => undefined)
        if (pooled) {
          const token = tokens.get(`${w.chainId}|${w.address}`)
          const { price: value, ...meta } = pooled
          fungibles.push({ address: `${w.chainId}:${getAddress(w.address)}`, ...meta, iconUrl: token?.iconUrl ?? iconUrl('token', meta.symbol), price: value })
        }
        continue
      }
      if (w.native) {
        const native = deps.chains.get(w.chainId)?.native
        if (!native) continue
        fungibles.push({ address: w.caip10, name: native.name, symbol: native.symbol, iconUrl: native.iconUrl ?? iconUrl('token', native.symbol), price, decimals: native.decimals })
      } else {
        const token = tokens.get(`${w.chainId}|${w.address}`)
        if (!token?.symbol) continue
        fungibles.push({
          address: `${w.chainId}:${getAddress(w.address)}`,
          name: token.name ?? token.symbol,
          symbol: token.symbol,
          iconUrl: token.iconUrl ?? iconUrl('token', token.symbol),
          price,
          ...(token.decimals !== null ? { decimals: token.decimals } : {}),
        })
      }
    }
    return c.json(FungiblePriceResponseSchema.parse({ fungibles }), 200)
  })
}
