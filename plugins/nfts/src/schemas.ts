import '@portico/contracts/zod-config'
import * as z from 'zod/mini'

/*
 * The answer this plugin reads, on zod/mini: a remote bundles its own validator, and the classic API of the
 * contracts' server-side schemas would cost more than the whole plugin. The shape follows `NftsResponseSchema` of
 * @portico/contracts; schemas.test.ts holds the two against each other.
 */

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** One NFT the account holds; name and image are null when its metadata could not be read. */
export const NftSchema = z.object({
  chainId: z.string().check(z.regex(CAIP2)),
  contract: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  tokenId: z.string().check(z.regex(/^\d{1,78}$/)),
  name: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  collection: z.object({ name: z.nullable(z.string()), symbol: z.nullable(z.string()) }),
})

/** `GET /v1/account/{address}/nfts`: most recently received first; `next` is the next page's cursor. */
export const NftsResponseSchema = z.object({ data: z.array(NftSchema), next: z.nullable(z.string()) })

export type Nft = z.infer<typeof NftSchema>
export type NftsResponse = z.infer<typeof NftsResponseSchema>
