import { z } from 'zod'

// Shapes of the blockchain API's history (reference/blockchain-api.md): nested keys are snake_case, and optional
// fields may come as null (the server does not skip them), hence nullish.

/** Image link as the history API nests it. */
const UrlObjectSchema = z.object({ url: z.string() })

/** Fungible-token details of a transfer. */
export const FungibleInfoSchema = z.object({
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  icon: UrlObjectSchema.nullish(),
})

/** NFT details of a transfer; `flags.is_spam` hides spam. */
export const NftInfoSchema = z.object({
  name: z.string().nullish(),
  content: z.object({ preview: UrlObjectSchema.nullish(), detail: UrlObjectSchema.nullish() }).nullish(),
  flags: z.object({ is_spam: z.boolean() }),
})

/** One movement of value inside a transaction. */
export const TransactionTransferSchema = z.object({
  fungible_info: FungibleInfoSchema.nullish(),
  nft_info: NftInfoSchema.nullish(),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.number().nullish(),
  price: z.number().nullish(),
})

/** What, where and when of a transaction; `operationType` and `status` stay open strings (the server adds kinds). */
export const TransactionMetadataSchema = z.object({
  operationType: z.string(),
  hash: z.string(),
  chain: z.string(),
  minedAt: z.string(),
  sentFrom: z.string(),
  sentTo: z.string(),
  status: z.string(),
  nonce: z.number(),
  application: z.object({ name: z.string().nullish(), icon_url: z.string().nullish() }).nullish(),
})

/** A transaction of the account history. */
export const TransactionSchema = z.object({
  id: z.string(),
  metadata: TransactionMetadataSchema,
  transfers: z.array(TransactionTransferSchema).nullable(),
})

export type FungibleInfo = z.infer<typeof FungibleInfoSchema>
export type NftInfo = z.infer<typeof NftInfoSchema>
export type TransactionTransfer = z.infer<typeof TransactionTransferSchema>
export type TransactionMetadata = z.infer<typeof TransactionMetadataSchema>
export type Transaction = z.infer<typeof TransactionSchema>
