import { BaseError, describeValue, errorFirstLine, isPorticoError, rejectionCheck } from '@portico/contracts/plugin'
import { englishText, type PolkadotMessageKey, type Translate } from './messages.js'

/** Stable codes of the polkadot adapter's errors; narrow with `error.code`, never `instanceof`. */
export type PolkadotErrorCode =
  | 'USER_REJECTED'
  | 'PROVIDER_NOT_FOUND'
  | 'FEATURE_NOT_SUPPORTED'
  | 'NO_ACCOUNTS'
  | 'ACCOUNT_NOT_FOUND'
  | 'NOT_CONNECTED'
  | 'RPC_URL_MISSING'
  | 'RPC_REQUEST_FAILED'
  | 'INVALID_WALLET_RESPONSE'
  | 'INVALID_ADDRESS'
  | 'WALLET_REQUEST_FAILED'

/** What the adapter was doing; picks the wording of a refusal. */
export type PolkadotAction = 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'signMessage' | 'sendTransaction' | 'getBalance' | 'watch'

type PolkadotErrorParameters = { cause?: unknown; details?: string }

/** Base of the adapter's errors. */
export class PolkadotError extends BaseError {
  override name = 'PolkadotError'
  declare readonly code: PolkadotErrorCode
  constructor(shortMessage: string, code: PolkadotErrorCode, parameters: PolkadotErrorParameters = {}) {
    super(shortMessage, { code, ...(parameters.details ? { details: parameters.details } : {}), cause: parameters.cause })
  }
}

const DECLINED: Record<PolkadotAction, PolkadotMessageKey> = {
  connect: 'polkadot.error.connectionDeclined',
  reconnect: 'polkadot.error.connectionDeclined',
  disconnect: 'polkadot.error.requestDeclined',
  switchNetwork: 'polkadot.error.requestDeclined',
  signMessage: 'polkadot.error.signatureDeclined',
  sendTransaction: 'polkadot.error.signatureDeclined',
  getBalance: 'polkadot.error.requestDeclined',
  watch: 'polkadot.error.requestDeclined',
}

/** The visitor declined in the wallet (or closed the account picker). */
export class UserRejectedError extends PolkadotError {
  override name = 'UserRejectedError'
  constructor(action: PolkadotAction, parameters: PolkadotErrorParameters & { t?: Translate } = {}) {
    super((parameters.t ?? englishText)(DECLINED[action]), 'USER_REJECTED', parameters)
  }
}

/** Codes for a refusal: EIP-1193 4001, WalletConnect 5000 (USER_REJECTED family). */
const REJECTION_CODES = [4001, 5000, 5001, 5002, 'USER_REJECTED']
// polkadot{.js} and forks reject with plain Errors: "Cancelled", "Rejected", "Not allowed to interact with this extension"
const REJECTION_TEXT = /\b(cancel+ed|rejected|user rejected|user declined|user denied|not allowed to interact)\b/i

/** True when `error` (or what it wraps) says the visitor declined. */
export const isRejection = rejectionCheck(REJECTION_CODES, REJECTION_TEXT)


/**
 * Maps whatever a wallet threw to a {@link PolkadotError}: a refusal is USER_REJECTED, Portico errors pass through,
 * anything else is WALLET_REQUEST_FAILED with the wallet's first line as details.
 *
 * @example
 * try { await signer.signRaw(payload) } catch (e) { throw toPolkadotError(e, 'signMessage') }
 */
export function toPolkadotError(error: unknown, action: PolkadotAction, t: Translate = englishText): BaseError {
  if (isPorticoError(error, 'USER_REJECTED')) return error
  if (isRejection(error)) return new UserRejectedError(action, { cause: error, t })
  if (isPorticoError(error)) return error
  const line = errorFirstLine(error)
  return new PolkadotError(t('polkadot.error.walletFailed'), 'WALLET_REQUEST_FAILED', { cause: error, ...(line ? { details: line } : {}) })
}

/** Errors the adapter makes, worded through `t`. */
export function polkadotErrors(t: Translate = englishText) {
  return {
    providerNotFound: (connectorId: string, cause?: unknown) =>
      new PolkadotError(t('polkadot.error.noProvider'), 'PROVIDER_NOT_FOUND', { cause, details: `connector ${connectorId}` }),
    noSigner: () => new PolkadotError(t('polkadot.error.noSigner'), 'FEATURE_NOT_SUPPORTED'),
    noAccounts: (wallet: string) => new PolkadotError(t('polkadot.error.noAccounts', { wallet }), 'NO_ACCOUNTS'),
    noAccount: (network: string) => new PolkadotError(t('polkadot.error.noAccount', { network }), 'ACCOUNT_NOT_FOUND'),
    notConnected: (details?: string) => new PolkadotError(t('polkadot.error.notConnected'), 'NOT_CONNECTED', details ? { details } : {}),
    rpcMissing: (network: string) => new PolkadotError(t('polkadot.error.rpcMissing', { network }), 'RPC_URL_MISSING'),
    rpcFailed: (network: string, cause: unknown) =>
      new PolkadotError(t('polkadot.error.rpcFailed', { network }), 'RPC_REQUEST_FAILED', { cause, ...(errorFirstLine(cause) ? { details: errorFirstLine(cause) } : {}) }),
    invalidResponse: (method: string, value: unknown) =>
      new PolkadotError(t('polkadot.error.invalidResponse', { method }), 'INVALID_WALLET_RESPONSE', { details: describeValue(value) }),
    invalidAddress: (address: string) => new PolkadotError(t('polkadot.error.invalidAddress', { address }), 'INVALID_ADDRESS'),
    sendUnsupported: () => new PolkadotError(t('polkadot.error.sendUnsupported'), 'FEATURE_NOT_SUPPORTED'),
    declined: (action: PolkadotAction) => new UserRejectedError(action, { t }),
  }
}

export type PolkadotErrors = ReturnType<typeof polkadotErrors>

