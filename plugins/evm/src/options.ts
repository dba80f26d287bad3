import { BaseError, NetworkSchema } from '@portico/contracts'
import { z } from 'zod'
import type { EvmAdapterParameters } from './adapter.js'

// z.httpUrl would refuse localhost and IP hosts, which local chains (anvil) use
const HttpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL.' })

/** Options of the evm plugin, from its factory or from the kernel's `features.evm`; validated before use. */
export const EvmOptionsSchema = z.object({
  /** RPC URLs per chain id, replacing the network's own: `{ 31337: ['http://127.0.0.1:8545'] }`. */
  rpcUrls: z
    .record(z.string().regex(/^[1-9]\d*$/, 'Chain ids are positive integers.'), z.array(HttpUrl).min(1))
    .optional(),
  /** Replaces the default network list. */
  networks: z.array(NetworkSchema).min(1).optional(),
  transport: z
    .object({
      batchSize: z.number().int().positive().optional(),
      timeout: z.number().int().positive().optional(),
      retryCount: z.number().int().min(0).optional(),
      rank: z
        .object({
          interval: z.number().int().positive().optional(),
          sampleCount: z.number().int().positive().optional(),
          timeout: z.number().int().positive().optional(),
          weights: z.object({ stability: z.number().min(0), latency: z.number().min(0) }).optional(),
        })
        .optional(),
    })
    .optional(),
})

export type EvmOptions = z.input<typeof EvmOptionsSchema>

/** The plugin's options were not valid. */
export class InvalidEvmOptionsError extends BaseError {
  override name = 'InvalidEvmOptionsError'
  constructor(message: string, cause: unknown) {
    super(message, { code: 'INVALID_EVM_OPTIONS', cause })
  }
}

/** Validates options (numeric chain-id keys are accepted and read as strings). */
export function parseEvmOptions(input: unknown): EvmAdapterParameters {
  const parsed = EvmOptionsSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InvalidEvmOptionsError(`Invalid evm option \`${issue.path.join('.')}\`: ${issue.message}`, parsed.error)
  }
  return parsed.data as EvmAdapterParameters
}
