import { getBase64Decoder, getBase64Encoder, getTransactionDecoder } from '@solana/kit'
import { isBytes } from '../wallet/bytes.js'
import type { SolanaContext } from './context.js'

/** A transaction as the adapter takes it: wire bytes, or their base64. */
export type SolanaTransactionInput = Uint8Array | string

/** Wire bytes of a transaction input; INVALID_TRANSACTION when it does not decode as a transaction. */
export function wireBytes(ctx: SolanaContext, input: SolanaTransactionInput): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = isBytes(input) ? new Uint8Array(input) : new Uint8Array(getBase64Encoder().encode(input))
    getTransactionDecoder().decode(bytes)
  } catch (error) {
    throw ctx.errors.invalidTransaction(`not a wire transaction: ${(error as Error)?.message ?? String(error)}`)
  }
  return bytes
}

/** The base64 of wire bytes (what `sendTransaction` and the `solana_*` methods carry). */
export const toBase64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
