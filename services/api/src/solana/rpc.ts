import { z } from 'zod'

/** A base58 public key or mint (32 bytes: 32 to 44 characters, SPEC §5). */
export const SolanaAddressSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid Solana address: expected 32 to 44 base58 characters')
/** A base58 transaction signature (64 bytes: 64 to 88 characters). */
export const SolanaSignatureSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid Solana signature')

/** Lamports and token amounts: integers the RPC writes as JSON numbers (or strings, for token amounts). */
const integer = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((n) => BigInt(n))

const contextual = <T extends z.ZodType>(value: T) => z.object({ context: z.object({ slot: z.number() }).loose(), value })

/** `getGenesisHash`: the base58 hash the CAIP-2 reference is cut from. */
export const GenesisHashSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

/** `getBalance`: lamports. */
export const BalanceAnswerSchema = contextual(integer)

/** One token account of `getTokenAccountsByOwner` with `jsonParsed` encoding (SPL Token and Token-2022). */
export const TokenAccountSchema = z.object({
  pubkey: SolanaAddressSchema,
  account: z
    .object({
      data: z.object({
        parsed: z.object({
          type: z.literal('account'),
          info: z
            .object({
              mint: SolanaAddressSchema,
              owner: SolanaAddressSchema,
              tokenAmount: z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().min(0).max(255) }).loose(),
            })
            .loose(),
        }),
      }).loose(),
    })
    .loose(),
})
/** `getTokenAccountsByOwner` (jsonParsed). */
export const TokenAccountsAnswerSchema = contextual(z.array(TokenAccountSchema).max(10_000))
/** A parsed token account. */
export type TokenAccount = z.infer<typeof TokenAccountSchema>

/** One row of `getSignaturesForAddress`. */
export const SignatureInfoSchema = z
  .object({
    signature: SolanaSignatureSchema,
    slot: z.number().int().nonnegative(),
    err: z.unknown().nullable(),
    blockTime: z.number().int().nullable().optional(),
  })
  .loose()
/** `getSignaturesForAddress`: newest first. */
export const SignaturesAnswerSchema = z.array(SignatureInfoSchema).max(1000)
/** A signature row. */
export type SignatureInfo = z.infer<typeof SignatureInfoSchema>

/** An instruction of a `jsonParsed` transaction: parsed when the RPC knows the program, else compiled. */
export const ParsedInstructionSchema = z
  .object({
    program: z.string().optional(),
    programId: z.string(),
    parsed: z.unknown().optional(),
  })
  .loose()
/** A parsed instruction. */
export type ParsedInstruction = z.infer<typeof ParsedInstructionSchema>

/** `getTransaction` with `jsonParsed` encoding, or null when the chain does not know the signature. */
export const TransactionAnswerSchema = z
  .object({
    slot: z.number().int().nonnegative(),
    blockTime: z.number().int().nullable().optional(),
    transaction: z.object({
      signatures: z.array(SolanaSignatureSchema).min(1),
      message: z
        .object({
          accountKeys: z.array(z.object({ pubkey: SolanaAddressSchema, signer: z.boolean() }).loose()).min(1),
          instructions: z.array(ParsedInstructionSchema),
        })
        .loose(),
    }),
    meta: z
      .object({
        err: z.unknown().nullable(),
        innerInstructions: z
          .array(z.object({ index: z.number().int(), instructions: z.array(ParsedInstructionSchema) }).loose())
          .nullable()
          .optional(),
        preTokenBalances: z
          .array(z.object({ accountIndex: z.number().int(), mint: SolanaAddressSchema, owner: SolanaAddressSchema.optional(), uiTokenAmount: z.object({ decimals: z.number().int() }).loose() }).loose())
          .nullable()
          .optional(),
        postTokenBalances: z
          .array(z.object({ accountIndex: z.number().int(), mint: SolanaAddressSchema, owner: SolanaAddressSchema.optional(), uiTokenAmount: z.object({ decimals: z.number().int() }).loose() }).loose())
          .nullable()
          .optional(),
      })
      .loose()
      .nullable(),
  })
  .loose()
  .nullable()
/** A parsed transaction. */
export type TransactionAnswer = NonNullable<z.infer<typeof TransactionAnswerSchema>>

const RpcEnvelopeSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    result: z.unknown().optional(),
    error: z.object({ code: z.number(), message: z.string() }).loose().optional(),
  })
  .loose()

/** A failed call to a Solana RPC: unreachable, timed out, an error answer or an answer that fails its schema. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
}

/** Calls one JSON-RPC method and validates its result; the signature of {@link solanaRpc}'s result. */
export type SolanaRpc = <T extends z.ZodType>(method: string, params: unknown[], schema: T) => Promise<z.output<T>>

/**
 * A minimal JSON-RPC client for a Solana RPC URL: one POST per call, a timeout per call, every answer checked
 * against the method's zod schema (a malformed answer is an error, never passed on).
 *
 * @example
 * const rpc = solanaRpc('http://127.0.0.1:8899', 5_000)
 * const genesis = await rpc('getGenesisHash', [], GenesisHashSchema)
 */
export function solanaRpc(url: string, timeoutMs: number): SolanaRpc {
  let id = 0
  return async (method, params, schema) => {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : errorText(error)
      throw new SolanaRpcError(`${method}: ${reason}`)
    }
    if (!response.ok) throw new SolanaRpcError(`${method}: HTTP status code: ${response.status}`)
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new SolanaRpcError(`${method}: the answer is not JSON`)
    }
    const envelope = RpcEnvelopeSchema.safeParse(body)
    if (!envelope.success) throw new SolanaRpcError(`${method}: not a JSON-RPC answer`)
    const { error } = envelope.data
    if (error) throw new SolanaRpcError(`${method}: ${error.message} (${error.code})`)
    const result = schema.safeParse(envelope.data.result)
    if (!result.success) throw new SolanaRpcError(`${method}: unexpected answer (${result.error.issues[0]?.message ?? 'invalid'})`)
    return result.data
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    // fetch says "fetch failed"; why is in its cause (ECONNREFUSED, a bad port, a DNS failure)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why = cause?.code ?? cause?.message
    return why ? `${error.message} (${why})` : error.message
  }
  return String(error)
}
