import * as z from 'zod/mini'
import type { BitcoinAccount } from './handle.js'

// every answer a wallet gives is validated here before the adapter reads it

const Purpose = z.string()
/** An address as sats-connect wallets describe it (`getAccounts`, `wallet_getAccount`, events). */
export const SatsAddressSchema = z.object({
  address: z.string().check(z.minLength(14), z.maxLength(100)),
  publicKey: z.optional(z.string().check(z.regex(/^([0-9a-fA-F]{2})*$/))),
  purpose: Purpose,
  addressType: z.optional(z.string()),
})
export const SatsAccountsSchema = z.array(SatsAddressSchema)
export const SatsGetAccountSchema = z.object({ addresses: SatsAccountsSchema })
export const SignatureSchema = z.object({ signature: z.string().check(z.minLength(1)), protocol: z.optional(z.string()) })
export const SignedPsbtSchema = z.object({ psbt: z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/)), txid: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/i))) })
export const TxidSchema = z.object({ txid: z.string().check(z.regex(/^[0-9a-f]{64}$/i)) })
/** A sats-connect JSON-RPC answer, as `request()` returns it. */
export const SatsResponseSchema = z.union([
  z.object({ status: z.literal('success'), result: z.unknown() }),
  z.object({ status: z.literal('error'), error: z.object({ code: z.number(), message: z.optional(z.string()) }) }),
])

/**
 * The wallet's addresses as the adapter keeps them: payment and ordinals only (a multi-chain wallet also lists its
 * stacks or spark addresses), payment first. WalletConnect's `ordinal` counts as `ordinals`.
 */
export function toAccounts(list: z.infer<typeof SatsAccountsSchema>): BitcoinAccount[] {
  const out: BitcoinAccount[] = []
  for (const a of list) {
    const purpose = a.purpose === 'payment' ? 'payment' : a.purpose === 'ordinals' || a.purpose === 'ordinal' ? 'ordinals' : undefined
    if (!purpose || out.some((o) => o.address === a.address)) continue
    out.push({ address: a.address, publicKey: a.publicKey ?? '', purpose, addressType: a.addressType ?? '' })
  }
  return [...out.filter((a) => a.purpose === 'payment'), ...out.filter((a) => a.purpose !== 'payment')]
}
