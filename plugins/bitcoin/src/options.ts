import { BaseError, CaipNetworkLikeSchema } from '@portico/contracts/plugin'
import * as z from 'zod/mini'

// localhost and IP hosts must pass: a local Esplora uses them
const HttpUrl = z.string().check(
  z.refine((value) => {
    try {
      return /^https?:$/.test(new URL(value).protocol)
    } catch {
      return false
    }
  }, 'Expected an http(s) URL.'),
)
const BitcoinCaipId = z.string().check(z.regex(/^bip122:[0-9a-f]{32}$/, 'Expected a bip122 CAIP-2 id (bip122:<first 32 hex characters of the genesis hash>).'))

/** Options of the bitcoin plugin, from its factory or from the kernel's `features.bitcoin`; validated before use. */
export const BitcoinOptionsSchema = z.object({
  /** Replaces the default networks (mainnet, testnet, signet, regtest). */
  networks: z.optional(z.array(CaipNetworkLikeSchema).check(z.minLength(1))),
  /** Esplora API URLs per CAIP-2 id, replacing the network's own: `{ 'bip122:0f91…': ['http://127.0.0.1:3002'] }`. */
  rpcUrls: z.optional(z.record(BitcoinCaipId, z.array(HttpUrl).check(z.minLength(1)))),
  /** List the wallets sats-connect knows of (`window.btc_providers`) as connectors (default true). */
  satsConnect: z.optional(z.boolean()),
})

export type BitcoinOptions = z.input<typeof BitcoinOptionsSchema>
export type ParsedBitcoinOptions = z.output<typeof BitcoinOptionsSchema>

/** The plugin's options were not valid. */
export class InvalidBitcoinOptionsError extends BaseError {
  override name = 'InvalidBitcoinOptionsError'
  constructor(message: string, cause: unknown) {
    super(message, { code: 'INVALID_BITCOIN_OPTIONS', cause })
  }
}

/**
 * Validates the options; the first problem is named with its path.
 *
 * @example
 * parseBitcoinOptions({ rpcUrls: { 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': ['http://127.0.0.1:3002'] } })
 */
export function parseBitcoinOptions(input: unknown): ParsedBitcoinOptions {
  const parsed = BitcoinOptionsSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InvalidBitcoinOptionsError(`Invalid bitcoin option \`${issue.path.join('.')}\`: ${issue.message}`, parsed.error)
  }
  for (const n of parsed.data.networks ?? []) {
    if (n.chainNamespace !== 'bip122') throw new InvalidBitcoinOptionsError(`Invalid bitcoin option \`networks\`: ${n.caipNetworkId} is not a bip122 network.`, undefined)
  }
  return parsed.data
}
