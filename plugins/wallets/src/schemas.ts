import '@portico/contracts/zod-config'
import * as z from 'zod/mini'

/*
 * The registry's answers as this plugin reads them, on zod/mini: a remote bundles its own validator, and the
 * classic API of the contracts' server-side schemas would cost more than the whole plugin. The shapes follow
 * `ApiWalletListingSchema` and `GetWalletsResponseSchema` of @portico/contracts (schemas.test.ts holds them
 * against each other), reading only what the modal uses and tolerating fields a newer registry may add.
 */

const link = z.nullish(z.string())

/** A wallet listing (SPEC §3): id, name, image id, reverse-DNS id, chains and deep links. */
export const WalletListingSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  image_id: z.string(),
  homepage: link,
  rdns: link,
  chains: z.array(z.string()),
  mobile_link: link,
  desktop_link: link,
  webapp_link: link,
  app_store: link,
  play_store: link,
  chrome_store: link,
  badge_type: z.optional(z.string()),
  order: z.optional(z.number()),
})

/** `GET /getWallets`: the page's listings and the number of matches. */
export const GetWalletsResponseSchema = z.object({
  count: z.int().check(z.nonnegative()),
  data: z.array(WalletListingSchema),
})

export type WalletListing = z.infer<typeof WalletListingSchema>
export type GetWalletsResponse = z.infer<typeof GetWalletsResponseSchema>
