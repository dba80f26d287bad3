/**
 * Errors in the shapes a Solana validator's RPC uses: JSON-RPC error codes, and LiteSVM's transaction errors
 * turned into the `TransactionError` JSON that `@solana/kit` maps to its own errors
 * (`"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`, ...).
 */
import type { FailedTransactionMetadata } from 'litesvm'

/** JSON-RPC and Solana RPC error codes. */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** sendTransaction preflight (simulation) failed; `data` is the simulation result. */
  sendTransactionPreflightFailure: -32002,
  signatureVerificationFailure: -32003,
  transactionSignatureLengthMismatch: -32013,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const

/** A JSON-RPC error answer; thrown by method handlers and written as `{ error: { code, message, data } }`. */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** The Solana `TransactionError` JSON value (`null` when the transaction succeeded). */
export type TransactionErrorJson = string | Record<string, unknown>

// LiteSVM's `const enum`s are types only: their names, in declaration order
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

/** What a validator's log says for the common errors (the rest show their name). */
const TRANSACTION_ERROR_TEXT: Partial<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}
const INSTRUCTION_ERROR_TEXT: Partial<Record<string, string>> = {
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  InvalidInstructionData: 'invalid instruction data',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IncorrectProgramId: 'incorrect program id for instruction',
  InvalidArgument: 'invalid program argument',
}

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>

function instructionErrorJson(err: unknown): string | Record<string, unknown> {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError'
  if (err && typeof err === 'object' && 'code' in err) return { Custom: Number((err as { code: number }).code) }
  if (err && typeof err === 'object' && 'msg' in err) return { BorshIoError: String((err as { msg: string }).msg) }
  return 'GenericError'
}

/**
 * LiteSVM's error value as the RPC's `TransactionError` JSON.
 *
 * @example
 * transactionErrorJson(failed.err()) // { InstructionError: [0, { Custom: 1 }] }
 */
export function transactionErrorJson(err: LiteSvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure'
  const name = err.constructor.name
  if (name === 'TransactionErrorInstructionError' && 'err' in err) {
    return { InstructionError: [err.index, instructionErrorJson(err.err())] }
  }
  if (name === 'TransactionErrorDuplicateInstruction' && 'index' in err) return { DuplicateInstruction: err.index }
  if (name === 'TransactionErrorInsufficientFundsForRent' && 'accountIndex' in err) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  }
  if ('accountIndex' in err) return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  return 'SanitizeFailure'
}

/**
 * A readable line for a `TransactionError` JSON value, as validators print it.
 *
 * @example
 * describeTransactionError({ InstructionError: [0, { Custom: 1 }] }) // 'Error processing Instruction 0: custom program error: 0x1'
 */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err
  const instruction = err.InstructionError as [number, string | Record<string, unknown>] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const text =
      typeof inner === 'string'
        ? (INSTRUCTION_ERROR_TEXT[inner] ?? inner)
        : 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  if ('InsufficientFundsForRent' in err) {
    const { account_index } = err.InsufficientFundsForRent as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(err)
}

