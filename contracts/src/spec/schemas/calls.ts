import { z } from 'zod'
import { EvmAddressSchema, HexSchema } from './common.js'

/** A hex quantity (0x followed by at least one hex digit). */
export const HexQuantitySchema = z
  .templateLiteral(['0x', z.string()])
  .refine((s) => /^0x[0-9a-fA-F]+$/.test(s), { error: 'Invalid hex quantity' })

/** One call of a batch: destination, optional calldata and value (hex). */
export const CallSchema = z.object({
  to: EvmAddressSchema,
  data: HexSchema.optional(),
  value: HexQuantitySchema.optional(),
})

/** A `wallet_sendCalls` (EIP-5792) request. */
export const CallBatchRequestSchema = z.object({
  chainId: z.union([HexQuantitySchema, z.number().int().positive()]).optional(),
  from: EvmAddressSchema.optional(),
  version: z.string().optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
  calls: z.array(CallSchema).min(1),
})

const MAX_UINT256 = 2n ** 256n - 1n

/** An `eth_sendTransaction` request, checked against the SPEC §5 transaction rules. */
export const EthTransactionRequestSchema = z
  .object({
    from: EvmAddressSchema.optional(),
    to: z.string().nullish(),
    data: HexSchema.optional(),
    input: HexSchema.optional(),
    value: HexQuantitySchema.optional(),
    gas: HexQuantitySchema.optional(),
    gasPrice: HexQuantitySchema.optional(),
    maxFeePerGas: HexQuantitySchema.optional(),
    maxPriorityFeePerGas: HexQuantitySchema.optional(),
    maxFeePerBlobGas: HexQuantitySchema.optional(),
    nonce: HexQuantitySchema.optional(),
    type: HexQuantitySchema.optional(),
    chainId: z.union([HexQuantitySchema, z.number().int()]).optional(),
    accessList: z.array(z.object({ address: EvmAddressSchema, storageKeys: z.array(HexSchema) })).optional(),
    blobVersionedHashes: z.array(z.string()).optional(),
  })
  .superRefine((tx, ctx) => {
    if (tx.chainId !== undefined && BigInt(tx.chainId) <= 0n) {
      ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'Chain id must be above 0.' })
    }
    if (tx.to != null && !/^0x[0-9a-fA-F]{40}$/.test(tx.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Invalid destination address.' })
    }
    if (tx.maxFeePerGas !== undefined && BigInt(tx.maxFeePerGas) > MAX_UINT256) {
      ctx.addIssue({ code: 'custom', path: ['maxFeePerGas'], message: 'maxFeePerGas is above the allowed maximum.' })
    }
    if (
      tx.maxFeePerGas !== undefined &&
      tx.maxPriorityFeePerGas !== undefined &&
      BigInt(tx.maxPriorityFeePerGas) > BigInt(tx.maxFeePerGas)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPriorityFeePerGas'],
        message: 'maxPriorityFeePerGas cannot be higher than maxFeePerGas.',
      })
    }
    tx.blobVersionedHashes?.forEach((hash, i) => {
      if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) {
        ctx.addIssue({
          code: 'custom',
          path: ['blobVersionedHashes', i],
          message: 'Blob versioned hash must be 32 bytes.',
        })
      } else if (!hash.startsWith('0x01')) {
        ctx.addIssue({
          code: 'custom',
          path: ['blobVersionedHashes', i],
          message: 'Blob versioned hash version must be 1.',
        })
      }
    })
  })

export type HexQuantity = z.infer<typeof HexQuantitySchema>
export type Call = z.infer<typeof CallSchema>
export type CallBatchRequest = z.infer<typeof CallBatchRequestSchema>
export type EthTransactionRequest = z.infer<typeof EthTransactionRequestSchema>
