import { BaseError, describeValue, errorFirstLine, isPorticoError, rejectionCheck } from '@portico/contracts/plugin'
import { englishText, type BitcoinMessageKey, type Translate } from './messages.js'

/** Stable codes of the bitcoin adapter's errors; narrow with `error.code`, never `instanceof`. */
export type BitcoinErrorCode =
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
export type BitcoinAction =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'switchNetwork'
  | 'signMessage'
  | 'signPsbt'
  | 'sendTransfer'
  | 'sendTransaction'
  | 'getBalance'
  | 'getAccounts'
  | 'watch'

type BitcoinErrorParameters = { cause?: unknown; details?: string }

/** Base of the adapter's errors. */
export class BitcoinError extends BaseError {
  override name = 'BitcoinError'
  declare readonly code: BitcoinErrorCode
  constructor(shortMessage: string, code: BitcoinErrorCode, parameters: BitcoinErrorParameters = {}) {
    super(shortMessage, { code, ...(parameters.details ? { details: parameters.details } : {}), cause: parameters.cause })
  }
}

const DECLINED: Record<BitcoinAction, BitcoinMessageKey> = {
  connect: 'bitcoin.error.connectionDeclined',
  reconnect: 'bitcoin.error.connectionDeclined',
  disconnect: 'bitcoin.error.requestDeclined',
  switchNetwork: 'bitcoin.error.requestDeclined',
  signMessage: 'bitcoin.error.signatureDeclined',
  signPsbt: 'bitcoin.error.signatureDeclined',
  sendTransfer: 'bitcoin.error.signatureDeclined',
  sendTransaction: 'bitcoin.error.signatureDeclined',
  getBalance: 'bitcoin.error.requestDeclined',
  getAccounts: 'bitcoin.error.connectionDeclined',
  watch: 'bitcoin.error.requestDeclined',
}

/** The visitor declined in the wallet. */
export class UserRejectedError extends BitcoinError {
  override name = 'UserRejectedError'
  constructor(action: BitcoinAction, parameters: BitcoinErrorParameters & { t?: Translate } = {}) {
    super((parameters.t ?? englishText)(DECLINED[action]), 'USER_REJECTED', parameters)
  }
}

/** Codes wallets use for a refusal: sats-connect's USER_REJECTION -32000, EIP-1193 4001 (WalletConnect's), CAIP-25 5000. */
const REJECTION_CODES = [-32000, 4001, 5000, 'USER_REJECTED']
const REJECTION_TEXT = /\b(user rejected|rejected the request|request rejected|user declined|user denied|user cancel)/i

/** True when `error` (or what it wraps) says the visitor declined. */
export const isRejection = rejectionCheck(REJECTION_CODES, REJECTION_TEXT)

/** What sats-connect throws when the wallet's provider is no longer on `window` (uninstalled, unregistered). */
const PROVIDER_GONE = /^no wallet provider was found$/i


/**
 * Maps whatever a wallet threw to a {@link BitcoinError}: a refusal is USER_REJECTED, Portico errors pass through,
 * anything else is WALLET_REQUEST_FAILED with the wallet's first line as details.
 *
 * @example
 * try { await wallet.signMessage(input) } catch (e) { throw toBitcoinError(e, 'signMessage') }
 */
export function toBitcoinError(error: unknown, action: BitcoinAction, t: Translate = englishText): BaseError {
  if (isPorticoError(error, 'USER_REJECTED')) return error
  if (isRejection(error)) return new UserRejectedError(action, { cause: error, t })
  if (isPorticoError(error)) return error
  const line = errorFirstLine(error)
  if (line && PROVIDER_GONE.test(line)) return new BitcoinError(t('bitcoin.error.walletGone'), 'PROVIDER_NOT_FOUND', { cause: error, details: line })
  return new BitcoinError(t('bitcoin.error.walletFailed'), 'WALLET_REQUEST_FAILED', { cause: error, ...(line ? { details: line } : {}) })
}

/** Errors the adapter makes, worded through `t`. */
export function bitcoinErrors(t: Translate = englishText) {
  return {
    providerNotFound: (connectorId: string, cause?: unknown) =>
      new BitcoinError(t('bitcoin.error.noProvider'), 'PROVIDER_NOT_FOUND', { cause, details: `connector ${connectorId}` }),
    featureMissing: (feature: string) => new BitcoinError(t('bitcoin.error.featureMissing', { feature }), 'FEATURE_NOT_SUPPORTED'),
    noAccount: (network: string) => new BitcoinError(t('bitcoin.error.noAccount', { network }), 'ACCOUNT_NOT_FOUND'),
    notConnected: (details?: string) => new BitcoinError(t('bitcoin.error.notConnected'), 'NOT_CONNECTED', details ? { details } : {}),
    rpcMissing: (network: string) => new BitcoinError(t('bitcoin.error.rpcMissing', { network }), 'RPC_URL_MISSING'),
    rpcFailed: (network: string, cause: unknown) =>
      new BitcoinError(t('bitcoin.error.rpcFailed', { network }), 'RPC_REQUEST_FAILED', { cause, ...(errorFirstLine(cause) ? { details: errorFirstLine(cause) } : {}) }),
    invalidResponse: (method: string, value: unknown) =>
      new BitcoinError(t('bitcoin.error.invalidResponse', { method }), 'INVALID_WALLET_RESPONSE', { details: describeValue(value) }),
    invalidTransaction: (details: string) => new BitcoinError(t('bitcoin.error.invalidSend'), 'INVALID_TRANSACTION', { details }),
    invalidAddress: (address: string) => new BitcoinError(t('bitcoin.error.invalidAddress', { address }), 'INVALID_ADDRESS'),
    sendFailed: (cause: unknown) =>
      new BitcoinError(t('bitcoin.error.sendFailed'), 'SEND_FAILED', { cause, ...(errorFirstLine(cause) ? { details: errorFirstLine(cause) } : {}) }),
  }
}

export type BitcoinErrors = ReturnType<typeof bitcoinErrors>

