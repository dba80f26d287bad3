import { z } from 'zod'
import { ApiCaipNetworkIdSchema, ApiEvmAddressSchema, CommonQuerySchema } from './common.js'

/*
 * The account's NFTs (ERC-721 tokens), served beside the balance endpoint. SPEC §7 lists no NFT call, so the shape
 * is this API's own: flat camelCase like the balance answer, one item per token, paged by an opaque cursor like
 * history.
 */

/** Path of GET /v1/account/{address}/nfts. */
export const NftsParamsSchema = z.object({ address: ApiEvmAddressSchema })
/** Query of GET /v1/account/{address}/nfts: CAIP-2 `chainId` (every served chain when absent), opaque `cursor`. */
export const NftsQuerySchema = CommonQuerySchema.extend({
  chainId: ApiCaipNetworkIdSchema.optional(),
  cursor: z.string().min(1).max(512).optional(),
})
/** NFTs query. */
export type NftsQuery = z.infer<typeof NftsQuerySchema>

/**
 * One NFT the account holds. `name` and `imageUrl` come from the token's metadata (its tokenURI) and are null when
 * the metadata is missing, unreachable or invalid; `collection` holds the contract's own name and symbol.
 */
export const ApiNftSchema = z.object({
  chainId: ApiCaipNetworkIdSchema,
  /** The collection's contract, checksummed. */
  contract: ApiEvmAddressSchema,
  /** The token id, as a decimal string (uint256 does not fit a JSON number). */
  tokenId: z.string().regex(/^\d{1,78}$/, 'tokenId must be a decimal integer'),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  collection: z.object({ name: z.string().nullable(), symbol: z.string().nullable() }),
})
/** An NFT item. */
export type ApiNft = z.infer<typeof ApiNftSchema>

/** GET /v1/account/{address}/nfts response: most recently received first; `next` is the next page's cursor or null. */
export const NftsResponseSchema = z.object({
  data: z.array(ApiNftSchema),
  next: z.string().nullable(),
})
/** NFTs response. */
export type NftsResponse = z.infer<typeof NftsResponseSchema>
