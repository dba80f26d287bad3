import { BaseError, CaipNetworkLikeSchema } from '@portico/contracts/plugin'
import * as z from 'zod/mini'
import type { EvmAdapterParameters } from './adapter/index.js'

// zod/mini keeps this remote small; localhost and IP hosts must pass, as local chains (anvil) use them
const HttpUrl = z.string().check(
  z.refine((value) => {
    try {
      return /^https?:$/.test(new URL(value).protocol)
    } catch {
      return false
    }
  }, 'Expected an http(s) URL.'),
)
const positiveInt = () => z.optional(z.number().check(z.refine((n) => Number.isInteger(n) && n > 0, 'Expected a positive whole number.')))

/** Options of the evm plugin, from its factory or from the kernel's `features.evm`; validated before use. */
export const EvmOptionsSchema = z.object({
  /** RPC URLs per chain id, replacing the network's own: `{ 31337: ['http://127.0.0.1:8545'] }`. */
  rpcUrls: z.optional(
    z.record(z.string().check(z.regex(/^[1-9]\d*$/, 'Chain ids are positive integers.')), z.array(HttpUrl).check(z.minLength(1))),
  ),
  /** Replaces the default network list. */
  networks: z.optional(z.array(CaipNetworkLikeSchema).check(z.minLength(1))),
  /** Read chains the api lists through its hosted RPC endpoint first (SPEC §7), their own URLs as fallback. Default true. */
  hostedRpc: z.optional(z.boolean()),
  transport: z.optional(
    z.object({
      batchSize: positiveInt(),
      timeout: positiveInt(),
      retryCount: z.optional(z.number().check(z.refine((n) => Number.isInteger(n) && n >= 0, 'Expected a whole number.'))),
      rank: z.optional(
        z.object({
          interval: positiveInt(),
          sampleCount: positiveInt(),
          timeout: positiveInt(),
          weights: z.optional(z.object({ stability: z.number().check(z.nonnegative()), latency: z.number().check(z.nonnegative()) })),
        }),
      ),
    }),
  ),
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
  const { hostedRpc: _hostedRpc, ...adapter } = parsed.data
  return adapter as EvmAdapterParameters
}
