import { z } from 'zod'
import { OPERATION_TYPES } from '../spec/history.js'
import {
  ApiAccountAddressSchema,
  ApiCaipAddressSchema,
  ApiCaipNetworkIdSchema,
  ApiEvmAddressSchema,
  CommonQuerySchema,
} from './common.js'

/*
 * Blockchain API endpoints the modal reads account data from (SPEC §7). Field names and nesting follow the wire
 * format of the blockchain API (camelCase, except history's nested snake_case keys), see
 * shared/reference/blockchain-api.md.
 */

// ---------------------------------------------------------------------------------------------- supported chains

/** GET v1/supported-chains response: CAIP-2 ids the API serves over HTTP and over websockets. */
export const SupportedChainsResponseSchema = z.object({
  http: z.array(ApiCaipNetworkIdSchema),
  ws: z.array(ApiCaipNetworkIdSchema),
})
/** Supported chains response. */
export type SupportedChainsResponse = z.infer<typeof SupportedChainsResponseSchema>

// ---------------------------------------------------------------------------------------------------- identity

/** Path of GET /v1/identity/{address}. */
export const IdentityParamsSchema = z.object({ address: ApiEvmAddressSchema })
/** Query of GET /v1/identity/{address}: the SDK properties plus the optional requesting `sender`. */
export const IdentityQuerySchema = CommonQuerySchema.extend({ sender: ApiEvmAddressSchema.optional() })
/** Identity query. */
export type IdentityQuery = z.infer<typeof IdentityQuerySchema>
/** GET /v1/identity/{address} response: the address's name and avatar, null when it has none. */
export const IdentityResponseSchema = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
})
/** Identity response. */
export type IdentityResponse = z.infer<typeof IdentityResponseSchema>

// ----------------------------------------------------------------------------------------------------- history

/** Path of GET /v1/account/{account}/history: an EVM or a Solana account. */
export const HistoryParamsSchema = z.object({ account: ApiAccountAddressSchema })
/**
 * Query of GET /v1/account/{account}/history: opaque `cursor` from a previous page (up to 2048 characters: a Solana
 * cursor holds a position per token account), CAIP-2 `chainId`, `onramp`.
 */
export const HistoryQuerySchema = CommonQuerySchema.extend({
  cursor: z.string().min(1).max(2048).optional(),
  chainId: ApiCaipNetworkIdSchema.optional(),
  onramp: z.string().min(1).max(32).optional(),
})
/** History query. */
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>

/** Operation types of a transaction as the history API reports them. */
export const ApiOperationTypeSchema = z.enum(OPERATION_TYPES)
/** A history operation type. */
export type ApiOperationType = z.infer<typeof ApiOperationTypeSchema>

/** Transaction metadata (SPEC §3 Transaction.metadata). */
export const ApiTransactionMetadataSchema = z.object({
  operationType: ApiOperationTypeSchema,
  /** 0x and 64 hex characters (eip155), or a base58 transaction signature (solana). */
  hash: z.string().regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/, 'Invalid transaction hash'),
  chain: ApiCaipNetworkIdSchema,
  minedAt: z.iso.datetime({ offset: true }),
  sentFrom: z.string(),
  sentTo: z.string(),
  status: z.enum(['confirmed', 'failed', 'pending']),
  nonce: z.number().int().nonnegative(),
  application: z.object({ name: z.string().optional(), icon_url: z.string().optional() }).nullable().optional(),
})

/** One movement of value inside a transaction, seen from the queried account (`direction`). */
export const ApiTransactionTransferSchema = z.object({
  fungible_info: z
    .object({
      name: z.string().optional(),
      symbol: z.string().optional(),
      icon: z.object({ url: z.string() }).optional(),
    })
    .optional(),
  nft_info: z
    .object({
      name: z.string().optional(),
      content: z
        .object({
          preview: z.object({ url: z.string() }).optional(),
          detail: z.object({ url: z.string() }).optional(),
        })
        .optional(),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.number().optional(),
  price: z.number().optional(),
})
/** A history transfer. */
export type ApiTransactionTransfer = z.infer<typeof ApiTransactionTransferSchema>

/** A transaction as the history API returns it (SPEC §3 Transaction). */
export const ApiTransactionSchema = z.object({
  id: z.string(),
  metadata: ApiTransactionMetadataSchema,
  transfers: z.array(ApiTransactionTransferSchema).nullable(),
})
/** A history transaction. */
export type ApiTransaction = z.infer<typeof ApiTransactionSchema>

/** GET /v1/account/{account}/history response: newest first; `next` is the cursor of the next page or null. */
export const HistoryResponseSchema = z.object({
  data: z.array(ApiTransactionSchema),
  next: z.string().nullable(),
})
/** History response. */
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>

// ----------------------------------------------------------------------------------------------------- balance

/** Path of GET /v1/account/{address}/balance: an EVM or a Solana account. */
export const BalanceParamsSchema = z.object({ address: ApiAccountAddressSchema })
/**
 * Query of GET /v1/account/{address}/balance: fiat `currency` (default usd), CAIP-2 `chainId` (all chains when
 * absent), and `forceUpdate` (any value bypasses the server's 30 s cache; the modal sends a token's CAIP-10 id).
 */
export const BalanceQuerySchema = CommonQuerySchema.extend({
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'currency must be a 3-letter code such as usd')
    .optional(),
  chainId: ApiCaipNetworkIdSchema.optional(),
  forceUpdate: z.string().max(256).optional(),
})
/** Balance query. */
export type BalanceQuery = z.infer<typeof BalanceQuerySchema>

/** A token balance (SPEC §3): `address` is CAIP-10 for tokens and absent for the native currency. */
export const ApiTokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: ApiCaipNetworkIdSchema,
  address: ApiCaipAddressSchema.optional(),
  value: z.number().optional(),
  price: z.number(),
  quantity: z.object({ decimals: z.string().regex(/^\d+$/), numeric: z.string() }),
  iconUrl: z.string(),
})
/** A balance item. */
export type ApiTokenBalance = z.infer<typeof ApiTokenBalanceSchema>

/** GET /v1/account/{address}/balance response. */
export const BalanceResponseSchema = z.object({ balances: z.array(ApiTokenBalanceSchema) })
/** Balance response. */
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>

// --------------------------------------------------------------------------------------------- fungible price

/**
 * POST /v1/fungible/price body: fiat `currency`, CAIP-10 token `addresses` (the native currency uses the
 * 0xeeee…eeee placeholder address) and the `projectId`.
 */
export const FungiblePriceRequestSchema = z.object({
  currency: z.string().regex(/^[a-zA-Z]{3}$/, 'currency must be a 3-letter code such as usd'),
  addresses: z.array(ApiCaipAddressSchema).min(1, 'addresses must not be empty').max(100, 'at most 100 addresses'),
  projectId: z.string().min(1, 'projectId is required').max(128),
})
/** Fungible price request body. */
export type FungiblePriceRequest = z.infer<typeof FungiblePriceRequestSchema>
/** Query of POST /v1/fungible/price: SDK properties are optional here because the project id is in the body. */
export const FungiblePriceQuerySchema = CommonQuerySchema.partial()

/** One priced token; tokens the server does not know are left out. */
export const ApiFungiblePriceSchema = z.object({
  address: ApiCaipAddressSchema,
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
  decimals: z.number().int().nonnegative().optional(),
})
/** A fungible price item. */
export type ApiFungiblePrice = z.infer<typeof ApiFungiblePriceSchema>
/** POST /v1/fungible/price response. */
export const FungiblePriceResponseSchema = z.object({ fungibles: z.array(ApiFungiblePriceSchema) })
/** Fungible price response. */
export type FungiblePriceResponse = z.infer<typeof FungiblePriceResponseSchema>

/** The placeholder address that stands for a chain's native currency in CAIP-10 price requests (eip155). */
export const NATIVE_TOKEN_PLACEHOLDER_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
