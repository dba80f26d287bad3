import '../zodConfig.js'
import * as z from 'zod/mini'

// zod/mini, like the manifest: hosts and adapters validate networks in the browser, where bytes count.

/** A CAIP-2 network id (`namespace:reference`). */
export const CaipNetworkIdLikeSchema = z.string().check(z.regex(/^[a-z0-9-]+:[A-Za-z0-9_-]+$/, 'Invalid CAIP-2 network id'))

const HttpUrls = z.object({ http: z.array(z.string()) })

/** A network definition as hosts and adapters pass it (the contract's `CaipNetworkLike`). */
export const CaipNetworkLikeSchema = z.object({
  id: z.union([z.number(), z.string()]),
  caipNetworkId: CaipNetworkIdLikeSchema,
  chainNamespace: z.enum(['eip155', 'solana', 'polkadot', 'bip122']),
  name: z.string().check(z.minLength(1)),
  nativeCurrency: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.refine((n) => Number.isInteger(n) && n >= 0, 'Expected a whole number of decimals.')),
  }),
  rpcUrls: z.object({ default: HttpUrls, chainDefault: z.optional(HttpUrls) }),
  blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: z.string() }) })),
  testnet: z.optional(z.boolean()),
  assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
})
