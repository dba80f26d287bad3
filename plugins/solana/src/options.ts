import { BaseError, CaipNetworkLikeSchema } from '@portico/contracts/plugin'
import * as z from 'zod/mini'

const url = (protocols: RegExp, message: string) =>
  z.string().check(
    z.refine((value) => {
      try {
        return protocols.test(new URL(value).protocol)
      } catch {
        return false
      }
    }, message),
  )
// localhost and IP hosts must pass: the dev stack's chain uses them
const HttpUrl = url(/^https?:$/, 'Expected an http(s) URL.')
const WsUrl = url(/^wss?:$/, 'Expected a ws(s) URL.')
const SolanaCaipId = z.string().check(z.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/, 'Expected a solana CAIP-2 id (solana:<genesis hash, up to 32 base58 characters>).'))

/** Options of the solana plugin, from its factory or from the kernel's `features.solana`; validated before use. */
export const SolanaOptionsSchema = z.object({
  /** Replaces the default networks (mainnet, testnet, devnet). */
  networks: z.optional(z.array(CaipNetworkLikeSchema).check(z.minLength(1))),
  /** RPC URLs per CAIP-2 id, replacing the network's own: `{ 'solana:EtWT…': ['https://my-devnet-rpc.example'] }`. */
  rpcUrls: z.optional(z.record(SolanaCaipId, z.array(HttpUrl).check(z.minLength(1)))),
  /** A local chain (the dev stack's LiteSVM), added after the other networks; wallets know it as `solana:localnet`. */
  local: z.optional(
    z.object({
      caipNetworkId: SolanaCaipId,
      rpcUrl: HttpUrl,
      wsUrl: z.optional(WsUrl),
      name: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
  /** Discover Wallet Standard wallets and list them as connectors (default true). */
  walletStandard: z.optional(z.boolean()),
  /** Read chains the api lists through its hosted RPC endpoint first (SPEC §7), their own URL as fallback. Default true. */
  hostedRpc: z.optional(z.boolean()),
})

export type SolanaOptions = z.input<typeof SolanaOptionsSchema>
export type ParsedSolanaOptions = z.output<typeof SolanaOptionsSchema>

/** The plugin's options were not valid. */
export class InvalidSolanaOptionsError extends BaseError {
  override name = 'InvalidSolanaOptionsError'
  constructor(message: string, cause: unknown) {
    super(message, { code: 'INVALID_SOLANA_OPTIONS', cause })
  }
}

/**
 * Validates the options; the first problem is named with its path.
 *
 * @example
 * parseSolanaOptions({ local: { caipNetworkId: 'solana:2Hpd…', rpcUrl: 'http://127.0.0.1:8899' } })
 */
export function parseSolanaOptions(input: unknown): ParsedSolanaOptions {
  const parsed = SolanaOptionsSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InvalidSolanaOptionsError(`Invalid solana option \`${issue.path.join('.')}\`: ${issue.message}`, parsed.error)
  }
  for (const n of parsed.data.networks ?? []) {
    if (n.chainNamespace !== 'solana') throw new InvalidSolanaOptionsError(`Invalid solana option \`networks\`: ${n.caipNetworkId} is not a solana network.`, undefined)
  }
  return parsed.data
}
