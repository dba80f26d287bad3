import { z } from 'zod'
import { ApiCaipNetworkIdSchema, CommonQuerySchema, OptionalCommonQuerySchema } from './common.js'

/* Wallet registry endpoints (SPEC §7 "Wallet registry API"). */

/** A comma-separated list of ids; empty items are not allowed. */
const idList = (what: string) =>
  z
    .string()
    .max(8192, `${what} is too long`)
    .regex(/^[^,\s]+(,[^,\s]+)*$/, `${what} must be a comma-separated list without spaces`)

/**
 * GET /getWallets query: 1-based `page`, `entries` per page (the modal asks 4, 40 or 100), CAIP-2 `chains`,
 * wallet ids to `include` or `exclude`, free-text `search` and `badge_type`.
 */
export const GetWalletsQuerySchema = CommonQuerySchema.extend({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be an integer')
    .min(1, 'page must be at least 1')
    .max(100_000)
    .default(1),
  entries: z.coerce
    .number({ error: 'entries must be a number' })
    .int('entries must be an integer')
    .min(1, 'entries must be at least 1')
    .max(100, 'entries must be at most 100')
    .default(40),
  chains: idList('chains').optional(),
  include: idList('include').optional(),
  exclude: idList('exclude').optional(),
  search: z.string().max(100, 'search must be at most 100 characters').optional(),
  badge_type: z.enum(['none', 'certified']).optional(),
})
/** getWallets query (parsed: page and entries are numbers). */
export type GetWalletsQuery = z.infer<typeof GetWalletsQuerySchema>

/**
 * A wallet listing (SPEC §3 Wallet listing) as the registry serves it. Links are null when the wallet has no such
 * surface; `chains` are CAIP-2 ids.
 */
export const ApiWalletListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_id: z.string(),
  homepage: z.string().nullable(),
  rdns: z.string().nullable(),
  chains: z.array(ApiCaipNetworkIdSchema),
  mobile_link: z.string().nullable(),
  desktop_link: z.string().nullable(),
  webapp_link: z.string().nullable(),
  app_store: z.string().nullable(),
  play_store: z.string().nullable(),
  chrome_store: z.string().nullable(),
  badge_type: z.enum(['none', 'certified']),
  order: z.number().int(),
})
/** A wallet listing. */
export type ApiWalletListing = z.infer<typeof ApiWalletListingSchema>

/** GET /getWallets response: the page's listings and the total `count` of matches. */
export const GetWalletsResponseSchema = z.object({
  count: z.number().int().nonnegative(),
  data: z.array(ApiWalletListingSchema),
})
/** getWallets response. */
export type GetWalletsResponse = z.infer<typeof GetWalletsResponseSchema>

/** Path of the image endpoints (`/getWalletImage/{id}`, `/public/get{Asset,Currency,Token}Image/{id}`). */
export const ImageParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'Invalid image id: letters, digits, ".", "_", ":" or "-", at most 128'),
})
/** Image endpoints accept the SDK properties but do not need them: images are public and cacheable. */
export const ImageQuerySchema = OptionalCommonQuerySchema

/** GET /getAnalyticsConfig query. */
export const AnalyticsConfigQuerySchema = CommonQuerySchema
/** GET /getAnalyticsConfig response. */
export const AnalyticsConfigResponseSchema = z.object({ isAnalyticsEnabled: z.boolean() })
/** Analytics config response. */
export type AnalyticsConfigResponse = z.infer<typeof AnalyticsConfigResponseSchema>
