import { z } from 'zod'
import { CaipNetworkIdSchema, ChainNamespaceSchema } from './common.js'

// z.httpUrl would refuse localhost and IP hosts, which local chains (anvil) use.
const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'Invalid url' })

/** A set of RPC endpoints: http urls (at least one) and optional websocket urls. */
export const RpcUrlsSchema = z.object({
  http: z.array(HttpUrlSchema).min(1),
  webSocket: z.array(z.url({ protocol: /^wss?$/, error: 'Invalid url' })).optional(),
})

/** A block explorer. */
export const BlockExplorerSchema = z.object({ name: z.string(), url: HttpUrlSchema, apiUrl: HttpUrlSchema.optional() })

/** A network as Portico uses it: viem's chain shape plus CAIP ids and image assets. */
export const NetworkSchema = z
  .object({
    id: z.union([z.number().int().positive(), z.string().min(1)]),
    caipNetworkId: CaipNetworkIdSchema,
    chainNamespace: ChainNamespaceSchema,
    name: z.string().min(1),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int().min(0).max(255),
    }),
    rpcUrls: z.object({ default: RpcUrlsSchema, chainDefault: RpcUrlsSchema.optional() }).catchall(RpcUrlsSchema),
    blockExplorers: z.object({ default: BlockExplorerSchema }).catchall(BlockExplorerSchema).optional(),
    testnet: z.boolean().optional(),
    assets: z.object({ imageId: z.string().optional(), imageUrl: z.string().optional() }).optional(),
  })
  .refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, {
    error: 'caipNetworkId must be chainNamespace:id',
    path: ['caipNetworkId'],
  })

/** Same as {@link NetworkSchema}, under the name the spec uses. */
export const CaipNetworkSchema = NetworkSchema

export type Network = z.infer<typeof NetworkSchema>
export type CaipNetwork = Network
