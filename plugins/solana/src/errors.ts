import { BaseError, describeValue, errorFirstLine, isPorticoError, rejectionCheck } from '@portico/contracts/plugin'
import { englishText, type SolanaMessageKey, type Translate } from './messages.js'

/** Stable codes of the solana adapter's errors; narrow with `error.code`, never `instanceof`. */
export type SolanaErrorCode =
  | 'USER_REJECTED'
  | 'PROVIDER_NOT_FOUND'
  | 'FEATURE_NOT_SUPPORTED'
  | 'ACCOUNT_NOT_FOUND'
  | 'NOT_CONNECTED'
  | 'RPC_URL_MISSING'
  | 'RPC_REQUEST_FAILED'
  | 'INVALID_WALLET_RESPONSE'
  | 'INVALID_TRANSACTION'
  | 'INVALID_ADDRESS'
  | 'SEND_FAILED'
  | 'WALLET_REQUEST_FAILED'

/** What the adapter was doing; picks the wording of a refusal. */
export type SolanaAction =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'switchNetwork'
  | 'signMessage'
  | 'signTransaction'
  | 'signAllTransactions'
  | 'signAndSendTransaction'
  | 'sendTransaction'
  | 'getBalance'
  | 'getTokenBalances'
  | 'waitForTransaction'
  | 'watch'

type SolanaErrorParameters = { cause?: unknown; details?: string }

/** Base of the adapter's errors. */
export class SolanaError extends BaseError {
  override name = 'SolanaError'
  declare readonly code: SolanaErrorCode
  constructor(shortMessage: string, code: SolanaErrorCode, parameters: SolanaErrorParameters = {}) {
    super(shortMessage, { code, ...(parameters.details ? { details: parameters.details } : {}), cause: parameters.cause })
  }
}

const DECLINED: Record<SolanaAction, SolanaMessageKey> = {
  connect: 'solana.error.connectionDeclined',
  reconnect: 'solana.error.connectionDeclined',
  disconnect: 'solana.error.requestDeclined',
  switchNetwork: 'solana.error.requestDeclined',
  signMessage: 'solana.error.signatureDeclined',
  signTransaction: 'solana.error.signatureDeclined',
  signAllTransactions: 'solana.error.signatureDeclined',
  signAndSendTransaction: 'solana.error.signatureDeclined',
  sendTransaction: 'solana.error.signatureDeclined',
  getBalance: 'solana.error.requestDeclined',
  getTokenBalances: 'solana.error.requestDeclined',
  waitForTransaction: 'solana.error.requestDeclined',
  watch: 'solana.error.requestDeclined',
}

/** The visitor declined in the wallet. */
export class UserRejectedError extends SolanaError {
  override name = 'UserRejectedError'
  constructor(action: SolanaAction, parameters: SolanaErrorParameters & { t?: Translate } = {}) {
    super((parameters.t ?? englishText)(DECLINED[action]), 'USER_REJECTED', parameters)
  }
}

/** Codes wallets use for a refusal: EIP-1193 4001 (Phantom and others), CAIP-25 5000, the Wallet Standard's own. */
const REJECTION_CODES = [4001, 5000, 4001000, 'USER_REJECTED']
const REJECTION_TEXT = /\b(user rejected|rejected the request|request rejected|user declined|user denied|user cancel)/i

/** True when `error` (or what it wraps) says the visitor declined. */
export const isRejection = rejectionCheck(REJECTION_CODES, REJECTION_TEXT)


/**
 * Maps whatever a wallet threw to a {@link SolanaError}: a refusal is USER_REJECTED, Portico errors pass through,
 * anything else is WALLET_REQUEST_FAILED with the wallet's first line as details.
 *
 * @example
 * try { await feature.signMessage(input) } catch (e) { throw toSolanaError(e, 'signMessage') }
 */
export function toSolanaError(error: unknown, action: SolanaAction, t: Translate = englishText): BaseError {
  if (isPorticoError(error, 'USER_REJECTED')) return error
  if (isRejection(error)) return new UserRejectedError(action, { cause: error, t })
  if (isPorticoError(error)) return error
  const line = errorFirstLine(error)
  return new SolanaError(t('solana.error.walletFailed'), 'WALLET_REQUEST_FAILED', { cause: error, ...(line ? { details: line } : {}) })
}

/** Errors the adapter makes, worded through `t`. */
export function solanaErrors(t: Translate = englishText) {
  return {
    providerNotFound: (connectorId: string, cause?: unknown) =>
      new SolanaError(t('solana.error.noProvider'), 'PROVIDER_NOT_FOUND', { cause, details: `connector ${connectorId}` }),
    featureMissing: (feature: string) => new SolanaError(t('solana.error.featureMissing', { feature }), 'FEATURE_NOT_SUPPORTED'),
    noAccount: (network: string) => new SolanaError(t('solana.error.noAccount', { network }), 'ACCOUNT_NOT_FOUND'),
    notConnected: (details?: string) => new SolanaError(t('solana.error.notConnected'), 'NOT_CONNECTED', details ? { details } : {}),
    rpcMissing: (network: string) => new SolanaError(t('solana.error.rpcMissing', { network }), 'RPC_URL_MISSING'),
    rpcFailed: (network: string, cause: unknown) =>
      new SolanaError(t('solana.error.rpcFailed', { network }), 'RPC_REQUEST_FAILED', { cause, ...(errorFirstLine(cause) ? { details: errorFirstLine(cause) } : {}) }),
    invalidResponse: (method: string, value: unknown) =>
      new SolanaError(t('solana.error.invalidResponse', { method }), 'INVALID_WALLET_RESPONSE', { details: describeValue(value) }),
    invalidTransaction: (details: string) => new SolanaError(t('solana.error.invalidSend'), 'INVALID_TRANSACTION', { details }),
    invalidAddress: (address: string) => new SolanaError(t('solana.error.invalidAddress', { address }), 'INVALID_ADDRESS'),
    sendFailed: (cause: unknown) =>
      new SolanaError(t('solana.error.sendFailed'), 'SEND_FAILED', { cause, ...(errorFirstLine(cause) ? { details: errorFirstLine(cause) } : {}) }),
  }
}

export type SolanaErrors = ReturnType<typeof solanaErrors>

