import { z } from 'zod'

/** A wallet from the wallet registry (`/getWallets`), snake_case as served. */
export const WalletListingSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  image_id: z.string().nullish(),
  image_url: z.string().nullish(),
  rdns: z.string().nullish(),
  chains: z.array(z.string()).nullish(),
  mobile_link: z.string().nullish(),
  desktop_link: z.string().nullish(),
  webapp_link: z.string().nullish(),
})

/** Image urls keyed by id, one registry per kind of image. */
export const ImageRegistriesSchema = z.object({
  walletImages: z.record(z.string(), z.string()),
  networkImages: z.record(z.string(), z.string()),
  chainImages: z.record(z.string(), z.string()),
  connectorImages: z.record(z.string(), z.string()),
  tokenImages: z.record(z.string(), z.string()),
  currencyImages: z.record(z.string(), z.string()),
})

export type WalletListing = z.infer<typeof WalletListingSchema>
export type ImageRegistries = z.infer<typeof ImageRegistriesSchema>
