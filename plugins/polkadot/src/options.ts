import { BaseError, CaipNetworkLikeSchema } from '@portico/contracts/plugin'
import * as z from 'zod/mini'

const HttpUrl = z.string().check(
  z.refine((value) => {
    try {
      return /^https?:$/.test(new URL(value).protocol)
    } catch {
      return false
    }
  }, 'Expected an http(s) URL.'),
)
const PolkadotCaipId = z.string().check(z.regex(/^polkadot:[0-9a-f]{32}$/, 'Expected a polkadot CAIP-2 id (polkadot:<first 32 hex characters of the genesis hash>).'))

/** Options of the polkadot plugin, from its factory or from the kernel's `features.polkadot`; validated before use. */
export const PolkadotOptionsSchema = z.object({
  /** Replaces the default networks (Polkadot, Kusama, Westend); each made with `definePolkadotNetwork`. */
  networks: z.optional(z.array(CaipNetworkLikeSchema).check(z.minLength(1))),
  /** RPC URLs per CAIP-2 id, replacing the network's own (balances are read there). */
  rpcUrls: z.optional(z.record(PolkadotCaipId, z.array(HttpUrl).check(z.minLength(1)))),
  /** The name extensions show when asking the visitor to allow this site. Default: the kernel's `metadata.name`. */
  appName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  /** Discover extensions in `window.injectedWeb3` and list them as connectors (default true). */
  injected: z.optional(z.boolean()),
})

export type PolkadotOptions = z.input<typeof PolkadotOptionsSchema>
export type ParsedPolkadotOptions = z.output<typeof PolkadotOptionsSchema>

/** The plugin's options were not valid. */
export class InvalidPolkadotOptionsError extends BaseError {
  override name = 'InvalidPolkadotOptionsError'
  constructor(message: string, cause: unknown) {
    super(message, { code: 'INVALID_POLKADOT_OPTIONS', cause })
  }
}

/**
 * Validates the options; the first problem is named with its path.
 *
 * @example
 * parsePolkadotOptions({ appName: 'My dapp' })
 */
export function parsePolkadotOptions(input: unknown): ParsedPolkadotOptions {
  const parsed = PolkadotOptionsSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InvalidPolkadotOptionsError(`Invalid polkadot option \`${issue.path.join('.')}\`: ${issue.message}`, parsed.error)
  }
  for (const n of parsed.data.networks ?? []) {
    if (n.chainNamespace !== 'polkadot') throw new InvalidPolkadotOptionsError(`Invalid polkadot option \`networks\`: ${n.caipNetworkId} is not a polkadot network.`, undefined)
  }
  return parsed.data
}
