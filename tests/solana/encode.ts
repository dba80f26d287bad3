/**
 * Accounts and transactions in the RPC's JSON shapes (`getAccountInfo`, `getTransaction`, notifications), in the
 * encodings a validator offers: base58, base64, json and jsonParsed.
 */
import { getBase58Decoder, getBase64Decoder, type EncodedAccount, type ReadonlyUint8Array } from '@solana/kit'
import { RPC_ERROR, RpcError } from './errors.ts'
import type { CompiledInstructionJson, Ledger, StoredTransaction } from './ledger.ts'
import { parseAccountData, parseInstruction, type MintDecimals } from './parse.ts'

/** Accounts are rent exempt: the validator reports `u64::MAX` as their rent epoch. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64'
export type DataSlice = { offset: number; length: number }
/** An account as LiteSVM gives it (`getAccount`, `getProgramAccounts`, simulation results). */
export type AccountLike = (Omit<EncodedAccount, 'data'> & { exists?: true; data: ReadonlyUint8Array }) | { exists: false }

const base58 = getBase58Decoder()
const base64 = getBase64Decoder()

function encodeData(data: ReadonlyUint8Array, encoding: Exclude<AccountEncoding, 'jsonParsed'>): [string, string] {
  if (encoding === 'base58') {
    if (data.length > 128) {
      throw new RpcError(RPC_ERROR.invalidRequest, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
    }
    return [base58.decode(data), 'base58']
  }
  if (encoding === 'base64+zstd') throw new RpcError(RPC_ERROR.invalidParams, 'Invalid params: base64+zstd encoding is not supported by the local chain; use base64')
  return [base64.decode(data), 'base64']
}

/**
 * An account as the RPC shows it, or null when it does not exist.
 *
 * @example
 * encodeAccount(ledger.getAccount(address), 'jsonParsed', ledger.decimalsOf)
 */
export function encodeAccount(account: AccountLike, encoding: AccountEncoding, decimalsOf: MintDecimals, dataSlice?: DataSlice) {
  if (account.exists === false) return null
  const full = account.data as Uint8Array
  const parsed = encoding === 'jsonParsed' && !dataSlice ? parseAccountData(account.programAddress, full, decimalsOf) : undefined
  const data = dataSlice ? full.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : full
  return {
    data: parsed ?? encodeData(data, encoding === 'jsonParsed' ? 'base64' : encoding),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: full.length,
  }
}

const compiledJson = (ix: CompiledInstructionJson) => ({
  programIdIndex: ix.programIdIndex,
  accounts: ix.accounts,
  data: base58.decode(ix.data),
  stackHeight: ix.stackHeight,
})

function parsedInstruction(tx: StoredTransaction, ix: CompiledInstructionJson, decimalsOf: MintDecimals) {
  const keys = tx.accountKeys
  return parseInstruction(keys[ix.programIdIndex]!, ix.accounts.map((i) => keys[i]!), ix.data, ix.stackHeight, decimalsOf)
}

function isWritable(tx: StoredTransaction, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header
  const statics = tx.staticAccounts.length
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts
  if (index < statics) return index < statics - numReadonlyUnsignedAccounts
  return index < statics + tx.loaded.writable.length
}

function encodeMessage(tx: StoredTransaction, encoding: 'json' | 'jsonParsed', decimalsOf: MintDecimals) {
  const lookups = tx.version === 0 ? { addressTableLookups: tx.addressTableLookups ?? [] } : {}
  if (encoding === 'json') {
    return {
      accountKeys: tx.staticAccounts,
      header: tx.header,
      recentBlockhash: tx.recentBlockhash,
      instructions: tx.instructions.map(compiledJson),
      ...lookups,
    }
  }
  return {
    accountKeys: tx.accountKeys.map((pubkey, i) => ({
      pubkey,
      signer: i < tx.header.numRequiredSignatures,
      source: i < tx.staticAccounts.length ? 'transaction' : 'lookupTable',
      writable: isWritable(tx, i),
    })),
    recentBlockhash: tx.recentBlockhash,
    instructions: tx.instructions.map((ix) => parsedInstruction(tx, ix, decimalsOf)),
    ...lookups,
  }
}

/** The `meta` of `getTransaction`. */
function encodeMeta(tx: StoredTransaction, encoding: TransactionEncoding, decimalsOf: MintDecimals) {
  const parsed = encoding === 'jsonParsed'
  return {
    err: tx.err,
    status: tx.err === null ? { Ok: null } : { Err: tx.err },
    fee: tx.fee,
    preBalances: tx.preBalances,
    postBalances: tx.postBalances,
    innerInstructions: tx.innerInstructions.map((entry) => ({
      index: entry.index,
      instructions: entry.instructions.map((ix) => (parsed ? parsedInstruction(tx, ix, decimalsOf) : compiledJson(ix))),
    })),
    logMessages: tx.logMessages,
    preTokenBalances: tx.preTokenBalances,
    postTokenBalances: tx.postTokenBalances,
    rewards: [],
    ...(parsed ? {} : { loadedAddresses: tx.loaded }),
    computeUnitsConsumed: tx.computeUnitsConsumed,
    ...(tx.returnData ? { returnData: tx.returnData } : {}),
  }
}

/**
 * A stored transaction as `getTransaction` returns it. `withVersion` adds the `version` field (when the client
 * sent `maxSupportedTransactionVersion`).
 *
 * @example
 * encodeTransaction(ledger, stored, 'jsonParsed', true)
 */
export function encodeTransaction(ledger: Ledger, tx: StoredTransaction, encoding: TransactionEncoding, withVersion: boolean) {
  const transaction =
    encoding === 'base64'
      ? [base64.decode(tx.wire), 'base64']
      : encoding === 'base58'
        ? [base58.decode(tx.wire), 'base58']
        : { signatures: tx.signatures, message: encodeMessage(tx, encoding, ledger.decimalsOf) }
  return {
    slot: tx.slot,
    blockTime: tx.blockTime,
    ...(withVersion ? { version: tx.version } : {}),
    transaction,
    meta: encodeMeta(tx, encoding, ledger.decimalsOf),
  }
}

/** A row of `getSignaturesForAddress`. */
export function signatureInfo(tx: StoredTransaction) {
  return {
    signature: tx.signature,
    slot: tx.slot,
    err: tx.err,
    memo: tx.memo,
    blockTime: tx.blockTime,
    confirmationStatus: 'finalized',
  }
}

/** A row of `getSignatureStatuses`: every landed transaction is final at once on the local chain. */
export function signatureStatus(tx: StoredTransaction) {
  return {
    slot: tx.slot,
    confirmations: null,
    err: tx.err,
    status: tx.err === null ? { Ok: null } : { Err: tx.err },
    confirmationStatus: 'finalized',
  }
}
