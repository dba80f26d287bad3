import { z } from 'zod'
import { CHAIN_NAMESPACES, isCaipAddress, isCaipNetworkId } from '../caip.js'
import { MAX_CHAIN_ID } from '../constants.js'

/** One of the chain namespaces Portico knows. */
export const ChainNamespaceSchema = z.enum(CHAIN_NAMESPACES)

/** A CAIP-10 account id (`eip155:1:0xab…`), checked by `isCaipAddress`. */
export const CaipAddressSchema = z
  .templateLiteral([ChainNamespaceSchema, ':', z.string(), ':', z.string()])
  .refine(isCaipAddress, { error: 'Invalid CAIP Address' })

/** A CAIP-2 network id (`eip155:1`), checked by `isCaipNetworkId`. */
export const CaipNetworkIdSchema = z
  .templateLiteral([ChainNamespaceSchema, ':', z.string()])
  .refine(isCaipNetworkId, { error: 'Invalid CAIP-2 network id' })

/**
 * A chain id as the frame and wallets pass it: a positive integer below 2^31 (EVM) or a CAIP-2 reference string
 * (e.g. a Solana genesis hash, or `'1'`).
 */
export const ChainIdSchema = z.union([
  z.number().int().positive().lt(MAX_CHAIN_ID, { error: 'Invalid chainId' }),
  z.string().regex(/^[-_a-zA-Z0-9]{1,32}$/, { error: 'Invalid chainId' }),
])

/** An email address; the message is the spec's form-validation default. */
export const EmailSchema = z.email({ error: 'Invalid email' })

/** The social login providers the login frame accepts (farcaster has its own flow). */
export const SocialProviderSchema = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord'])

/** Connection status of a namespace or of the wallet-connect pairing. */
export const ConnectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected'])

/** A 0x-prefixed hex string (possibly just `0x`). */
export const HexSchema = z.templateLiteral(['0x', z.string()]).refine((s) => /^0x[0-9a-fA-F]*$/.test(s), {
  error: 'Invalid hex string',
})

/** An EVM address: 0x followed by 40 hex characters. */
export const EvmAddressSchema = z
  .templateLiteral(['0x', z.string()])
  .refine((s) => /^0x[0-9a-fA-F]{40}$/.test(s), { error: 'Invalid address' })

/** A decimal number written as a string (e.g. `'12.5'`), as token quantities travel. */
export const NumericStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'Invalid number' })

/** Account kinds: eoa and smartAccount (EVM), payment/ordinal/stx (Bitcoin). */
export const AccountTypeSchema = z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])

export type ChainId = z.infer<typeof ChainIdSchema>
export type Email = z.infer<typeof EmailSchema>
export type SocialProvider = z.infer<typeof SocialProviderSchema>
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>
export type Hex = z.infer<typeof HexSchema>
export type EvmAddress = z.infer<typeof EvmAddressSchema>
export type NumericString = z.infer<typeof NumericStringSchema>
export type AccountType = z.infer<typeof AccountTypeSchema>
