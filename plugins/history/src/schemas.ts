import '@portico/contracts/zod-config'
import * as z from 'zod/mini'

/*
 * A history transaction as this plugin reads it, on zod/mini: a remote bundles its own validator, and the classic
 * API of the contracts' schemas would cost more than the whole plugin. The shape follows `TransactionSchema` of
 * @portico/contracts (SPEC §3; nested keys snake_case, optional fields possibly null, operation type and status
 * open strings); schemas.test.ts holds the two against each other.
 */

const url = z.object({ url: z.string() })

/** One movement of value inside a transaction. */
export const TransactionTransferSchema = z.object({
  fungible_info: z.nullish(z.object({ name: z.nullish(z.string()), symbol: z.nullish(z.string()), icon: z.nullish(url) })),
  nft_info: z.nullish(
    z.object({
      name: z.nullish(z.string()),
      content: z.nullish(z.object({ preview: z.nullish(url), detail: z.nullish(url) })),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.nullish(z.number()),
  price: z.nullish(z.number()),
})

/** A transaction of the account history. */
export const TransactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    chain: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.string(),
    nonce: z.number(),
    application: z.nullish(z.object({ name: z.nullish(z.string()), icon_url: z.nullish(z.string()) })),
  }),
  transfers: z.nullable(z.array(TransactionTransferSchema)),
})

export type TransactionTransfer = z.infer<typeof TransactionTransferSchema>
export type Transaction = z.infer<typeof TransactionSchema>
