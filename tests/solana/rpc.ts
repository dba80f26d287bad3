/**
 * The JSON-RPC methods of the local chain: the subset of a validator's API that `@solana/kit`, Wallet Standard
 * wallets and the api use. Every method's params are checked with zod; bad params answer -32602, unknown methods
 * -32601, malformed requests -32600, as on a validator. Single and batched requests. One difference: where a
 * validator defaults to base58 ("binary") account data, the local chain defaults to base64 (token accounts and mints
 * are past base58's 128-byte limit).
 */
import { z } from 'zod'
import { getBase58Encoder, getBase64Encoder, isAddress, isSignature, type Address } from '@solana/kit'
import { RPC_ERROR, RpcError } from './errors.ts'
import { encodeAccount, encodeTransaction, signatureInfo, signatureStatus, type AccountLike } from './encode.ts'
import type { Ledger } from './ledger.ts'
import { decodeMint, decodeTokenAccount, TOKEN_PROGRAMS, uiTokenAmount } from './parse.ts'

/** The runtime LiteSVM 1.5.0 is built from (agave crates 4.3.0). */
export const SOLANA_CORE_VERSION = '4.3.0'
const SLOTS_PER_EPOCH = 432_000n
/** Most requests in one batch. */
export const MAX_BATCH = 100

// ---- params -----------------------------------------------------------------------------------------------------

const address = z.string().refine(isAddress, { message: 'Invalid param: not a base58 public key' }).transform((s) => s as Address)
const signature = z.string().refine(isSignature, { message: 'Invalid param: not a base58 signature' })
const u64 = z.union([z.number().int().nonnegative(), z.bigint().nonnegative()]).transform((n) => BigInt(n))
const commitment = z.enum(['processed', 'confirmed', 'finalized']).optional()
const context = { commitment, minContextSlot: u64.optional() }
const contextConfig = z.object(context).optional()
const accountEncoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed'])
const dataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
const accountConfig = z.object({ ...context, encoding: accountEncoding.optional(), dataSlice: dataSlice.optional() }).optional()
const wireEncoding = z.enum(['base58', 'base64']).optional()

const schemas = {
  getLatestBlockhash: z.tuple([contextConfig]),
  getBalance: z.tuple([address, contextConfig]),
  getAccountInfo: z.tuple([address, accountConfig]),
  getMultipleAccounts: z.tuple([z.array(address).max(100), accountConfig]),
  getTokenAccountsByOwner: z.tuple([
    address,
    z.union([z.object({ mint: address }).strict(), z.object({ programId: address }).strict()]),
    accountConfig,
  ]),
  getTokenAccountBalance: z.tuple([address, contextConfig]),
  getTokenSupply: z.tuple([address, contextConfig]),
  getSignaturesForAddress: z.tuple([
    address,
    z
      .object({ ...context, limit: z.number().int().min(1).max(1000).optional(), before: signature.optional(), until: signature.optional() })
      .optional(),
  ]),
  getTransaction: z.tuple([
    signature,
    z
      .object({
        ...context,
        encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
        maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
      })
      .optional(),
  ]),
  getSignatureStatuses: z.tuple([z.array(signature).max(256), z.object({ searchTransactionHistory: z.boolean().optional() }).optional()]),
  sendTransaction: z.tuple([
    z.string().min(1),
    z
      .object({
        encoding: wireEncoding,
        skipPreflight: z.boolean().optional(),
        preflightCommitment: commitment,
        maxRetries: z.number().int().nonnegative().optional(),
        minContextSlot: u64.optional(),
      })
      .optional(),
  ]),
  simulateTransaction: z.tuple([
    z.string().min(1),
    z
      .object({
        ...context,
        encoding: wireEncoding,
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        innerInstructions: z.boolean().optional(),
        accounts: z.object({ addresses: z.array(address).max(100), encoding: accountEncoding.optional() }).optional(),
      })
      .optional(),
  ]),
  getMinimumBalanceForRentExemption: z.tuple([z.number().int().nonnegative().max(10 * 1024 * 1024), contextConfig]),
  getFeeForMessage: z.tuple([z.string().min(1), contextConfig]),
  requestAirdrop: z.tuple([address, u64.refine((n) => n > 0n, { message: 'lamports must be positive' }), contextConfig]),
  getSlot: z.tuple([contextConfig]),
  getBlockHeight: z.tuple([contextConfig]),
  getEpochInfo: z.tuple([contextConfig]),
  getTransactionCount: z.tuple([contextConfig]),
  getGenesisHash: z.tuple([]),
  getHealth: z.tuple([]),
  getVersion: z.tuple([]),
  getRecentPrioritizationFees: z.tuple([z.array(address).max(128).optional()]),
  isBlockhashValid: z.tuple([z.string().min(1), contextConfig]),
} satisfies Record<string, z.ZodType<unknown[]>>

type Methods = typeof schemas
type Params<M extends keyof Methods> = z.output<Methods[M]>

// ---- handlers -----------------------------------------------------------------------------------------------------

function decodeWire(text: string, encoding: 'base58' | 'base64' = 'base58'): Uint8Array {
  try {
    return new Uint8Array(encoding === 'base64' ? getBase64Encoder().encode(text) : getBase58Encoder().encode(text))
  } catch {
    throw new RpcError(RPC_ERROR.invalidParams, `invalid ${encoding} encoding`)
  }
}

function checkMinContextSlot(ledger: Ledger, config: { minContextSlot?: bigint } | undefined) {
  if (config?.minContextSlot !== undefined && config.minContextSlot > ledger.slot) {
    throw new RpcError(RPC_ERROR.minContextSlotNotReached, 'Minimum context slot has not been reached', { contextSlot: ledger.slot })
  }
}

const withContext = (ledger: Ledger, value: unknown) => ({ context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot }, value })

function tokenAccountsOf(ledger: Ledger, owner: Address, filter: { mint: Address } | { programId: Address }) {
  if ('programId' in filter && !TOKEN_PROGRAMS.includes(filter.programId)) {
    throw new RpcError(RPC_ERROR.invalidParams, 'Invalid param: unrecognized Token program id')
  }
  const programs = 'programId' in filter ? [filter.programId] : TOKEN_PROGRAMS
  const out: { pubkey: Address; account: AccountLike }[] = []
  for (const program of programs) {
    for (const account of ledger.svm.getProgramAccounts(program as Address)) {
      const token = decodeTokenAccount(account.programAddress, account.data as Uint8Array)
      if (!token || token.owner !== owner) continue
      if ('mint' in filter && token.mint !== filter.mint) continue
      out.push({ pubkey: account.address, account })
    }
  }
  return out.sort((a, b) => (a.pubkey < b.pubkey ? -1 : 1))
}

type Handler<M extends keyof Methods> = (ledger: Ledger, params: Params<M>) => unknown

const handlers: { [M in keyof Methods]: Handler<M> } = {
  getLatestBlockhash: (ledger, [config]) => (checkMinContextSlot(ledger, config), withContext(ledger, ledger.latestBlockhash)),
  getBalance: (ledger, [addr, config]) => (checkMinContextSlot(ledger, config), withContext(ledger, ledger.svm.getBalance(addr) ?? 0n)),
  getAccountInfo: (ledger, [addr, config]) => {
    checkMinContextSlot(ledger, config)
    return withContext(ledger, encodeAccount(ledger.getAccount(addr), config?.encoding ?? 'base64', ledger.decimalsOf, config?.dataSlice))
  },
  getMultipleAccounts: (ledger, [addrs, config]) => {
    checkMinContextSlot(ledger, config)
    const encoding = config?.encoding ?? 'base64'
    return withContext(ledger, addrs.map((a) => encodeAccount(ledger.getAccount(a), encoding, ledger.decimalsOf, config?.dataSlice)))
  },
  getTokenAccountsByOwner: (ledger, [owner, filter, config]) => {
    checkMinContextSlot(ledger, config)
    const encoding = config?.encoding ?? 'base64'
    const value = tokenAccountsOf(ledger, owner, filter).map(({ pubkey, account }) => ({
      pubkey,
      account: encodeAccount(account, encoding, ledger.decimalsOf, config?.dataSlice),
    }))
    return withContext(ledger, value)
  },
  getTokenAccountBalance: (ledger, [addr, config]) => {
    checkMinContextSlot(ledger, config)
    const account = ledger.getAccount(addr)
    const token = account.exists ? decodeTokenAccount(account.programAddress, account.data as Uint8Array) : undefined
    if (!token) throw new RpcError(RPC_ERROR.invalidParams, 'Invalid param: could not find account')
    return withContext(ledger, uiTokenAmount(token.amount, ledger.decimalsOf(token.mint) ?? 0))
  },
  getTokenSupply: (ledger, [addr, config]) => {
    checkMinContextSlot(ledger, config)
    const account = ledger.getAccount(addr)
    const mint = account.exists ? decodeMint(account.programAddress, account.data as Uint8Array) : undefined
    if (!mint) throw new RpcError(RPC_ERROR.invalidParams, 'Invalid param: not a Token mint')
    return withContext(ledger, uiTokenAmount(mint.supply, mint.decimals))
  },
  getSignaturesForAddress: (ledger, [addr, config]) => {
    checkMinContextSlot(ledger, config)
    return ledger.signaturesFor(addr, { before: config?.before, until: config?.until, limit: config?.limit ?? 1000 }).map(signatureInfo)
  },
  getTransaction: (ledger, [sig, config]) => {
    const tx = ledger.getTransaction(sig)
    if (!tx) return null
    const max = config?.maxSupportedTransactionVersion
    if (tx.version === 0 && max === undefined) {
      throw new RpcError(
        RPC_ERROR.unsupportedTransactionVersion,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    return encodeTransaction(ledger, tx, config?.encoding ?? 'json', max !== undefined)
  },
  getSignatureStatuses: (ledger, [sigs]) =>
    withContext(
      ledger,
      sigs.map((s) => {
        const tx = ledger.getTransaction(s)
        return tx ? signatureStatus(tx) : null
      }),
    ),
  sendTransaction: (ledger, [wire, config]) => {
    checkMinContextSlot(ledger, config)
    const tx = ledger.decode(decodeWire(wire, config?.encoding))
    return ledger.send(tx, { skipPreflight: config?.skipPreflight }).signature
  },
  simulateTransaction: (ledger, [wire, config]) => {
    checkMinContextSlot(ledger, config)
    if (config?.sigVerify && config.replaceRecentBlockhash) {
      throw new RpcError(RPC_ERROR.invalidParams, 'Invalid params: sigVerify may not be used with replaceRecentBlockhash')
    }
    const tx = ledger.decode(decodeWire(wire, config?.encoding))
    const result = ledger.simulate(tx, {
      sigVerify: config?.sigVerify,
      replaceRecentBlockhash: config?.replaceRecentBlockhash,
      accounts: config?.accounts?.addresses,
    })
    const accountEncoding = config?.accounts?.encoding ?? 'base64'
    return withContext(ledger, {
      err: result.err,
      logs: result.logs,
      accounts: result.accounts?.map((a) => (a ? encodeAccount(a, accountEncoding, ledger.decimalsOf) : null)) ?? null,
      unitsConsumed: result.unitsConsumed,
      returnData: result.returnData,
      innerInstructions: config?.innerInstructions ? result.innerInstructions : null,
      ...(result.replacementBlockhash ? { replacementBlockhash: result.replacementBlockhash } : {}),
    })
  },
  getMinimumBalanceForRentExemption: (ledger, [size]) => ledger.svm.minimumBalanceForRentExemption(BigInt(size)),
  getFeeForMessage: (ledger, [message, config]) => {
    checkMinContextSlot(ledger, config)
    const tx = ledger.decodeMessage(decodeWire(message, 'base64'))
    if (!ledger.isBlockhashValid(tx.recentBlockhash)) return withContext(ledger, null)
    return withContext(ledger, ledger.feeFor(tx))
  },
  requestAirdrop: async (ledger, [to, amount]) => ledger.airdrop(to, amount),
  getSlot: (ledger, [config]) => (checkMinContextSlot(ledger, config), ledger.slot),
  getBlockHeight: (ledger, [config]) => (checkMinContextSlot(ledger, config), ledger.blockHeight),
  getEpochInfo: (ledger, [config]) => {
    checkMinContextSlot(ledger, config)
    return {
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: ledger.slot / SLOTS_PER_EPOCH,
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.transactionCount,
    }
  },
  getTransactionCount: (ledger, [config]) => (checkMinContextSlot(ledger, config), ledger.transactionCount),
  getGenesisHash: (ledger) => ledger.genesisHash,
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
  getRecentPrioritizationFees: (ledger) => [{ slot: ledger.slot, prioritizationFee: 0 }],
  isBlockhashValid: (ledger, [hash, config]) => (checkMinContextSlot(ledger, config), withContext(ledger, ledger.isBlockhashValid(hash))),
}

/** The methods the local chain answers. */
export const RPC_METHODS = Object.keys(schemas) as (keyof Methods)[]

// ---- dispatch -----------------------------------------------------------------------------------------------------

export type RpcResponse = { jsonrpc: '2.0'; id: string | number | null; result?: unknown; error?: { code: number; message: string; data?: unknown } }

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string(),
  params: z.unknown().optional(),
})

const errorResponse = (id: RpcResponse['id'], code: number, message: string, data?: unknown): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
})

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')
}

/**
 * Answers one JSON-RPC request object.
 *
 * @example
 * await handleRequest(ledger, { jsonrpc: '2.0', id: 1, method: 'getSlot' }) // { jsonrpc: '2.0', id: 1, result: 3n }
 */
export async function handleRequest(ledger: Ledger, body: unknown): Promise<RpcResponse> {
  const request = requestSchema.safeParse(body)
  const rawId = (body as { id?: unknown } | null)?.id
  const fallbackId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  if (!request.success) return errorResponse(fallbackId, RPC_ERROR.invalidRequest, 'Invalid request')
  const { method, params } = request.data
  const id = request.data.id ?? null
  if (!Object.hasOwn(schemas, method)) return errorResponse(id, RPC_ERROR.methodNotFound, 'Method not found')
  const name = method as keyof Methods
  const raw = params === undefined || params === null ? [] : params
  if (!Array.isArray(raw)) return errorResponse(id, RPC_ERROR.invalidParams, 'Invalid params: params must be an array')
  const parsed = schemas[name].safeParse(raw)
  if (!parsed.success) return errorResponse(id, RPC_ERROR.invalidParams, `Invalid params: ${describeIssues(parsed.error)}`)
  try {
    const handler = handlers[name] as Handler<typeof name>
    return { jsonrpc: '2.0', id, result: await handler(ledger, parsed.data as Params<typeof name>) }
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(id, error.code, error.message, error.data)
    return errorResponse(id, RPC_ERROR.internal, `Internal error: ${(error as Error).message}`)
  }
}

/**
 * Answers a request body: one request or a batch (an array, answered in order).
 *
 * @example
 * await handleBody(ledger, [{ jsonrpc: '2.0', id: 1, method: 'getSlot' }, { jsonrpc: '2.0', id: 2, method: 'getHealth' }])
 */
export async function handleBody(ledger: Ledger, body: unknown): Promise<RpcResponse | RpcResponse[]> {
  if (!Array.isArray(body)) return handleRequest(ledger, body)
  if (body.length === 0 || body.length > MAX_BATCH) {
    return errorResponse(null, RPC_ERROR.invalidRequest, body.length ? `Invalid request: at most ${MAX_BATCH} requests in a batch` : 'Invalid request: empty batch')
  }
  const out: RpcResponse[] = []
  // in order: a batch may send and then read
  for (const item of body) out.push(await handleRequest(ledger, item))
  return out
}
