import { BaseError } from '@portico/contracts/plugin'

/** Stable codes of the plugin's errors; narrow with `error.code`, never `instanceof`. */
export type WalletConnectErrorCode =
  | 'USER_REJECTED'
  | 'WC_PAIRING_ABORTED'
  | 'WC_PAIRING_SUPERSEDED'
  | 'WC_PAIRING_FAILED'
  | 'WC_NO_ACCOUNTS'
  | 'WC_NOT_CONNECTED'
  | 'WC_PROVIDER_FAILED'

/** A Portico error that also carries the EIP-1193 / JSON-RPC code a wallet library expects, when there is one. */
export class WalletConnectError extends BaseError {
  override name = 'WalletConnectError'
  declare readonly code: WalletConnectErrorCode
  readonly rpcCode: number | undefined
  constructor(shortMessage: string, code: WalletConnectErrorCode, parameters: { cause?: unknown; details?: string; rpcCode?: number } = {}) {
    super(shortMessage, { code, cause: parameters.cause, ...(parameters.details ? { details: parameters.details } : {}) })
    this.rpcCode = parameters.rpcCode
  }
}

/** The visitor declined the connection in the wallet (WalletConnect 5000, reported as EIP-1193 4001). */
export class ConnectionDeclinedError extends WalletConnectError {
  override name = 'ConnectionDeclinedError'
  constructor(cause?: unknown) {
    super('Connection declined', 'USER_REJECTED', { cause, rpcCode: 4001 })
  }
}

/** The pairing was given up: the modal closed, or the connector was torn down. */
export class PairingAbortedError extends WalletConnectError {
  override name = 'PairingAbortedError'
  constructor(reason = 'The connection was cancelled.') {
    super(reason, 'WC_PAIRING_ABORTED')
  }
}

/** Another `connect()` took over the pairing this call was waiting for. */
export class PairingSupersededError extends WalletConnectError {
  override name = 'PairingSupersededError'
  constructor() {
    super('A newer connection attempt took over this one.', 'WC_PAIRING_SUPERSEDED')
  }
}

/** Creating the pairing or the session failed (relay unreachable, proposal refused by the wallet, ...). */
export class PairingFailedError extends WalletConnectError {
  override name = 'PairingFailedError'
  constructor(cause: unknown) {
    const message = describe(cause)
    super('Could not connect with WalletConnect.', 'WC_PAIRING_FAILED', { cause, ...(message ? { details: message } : {}) })
  }
}

/** The wallet approved the session without an account in the namespace the kernel asked for. */
export class NoAccountsError extends WalletConnectError {
  override name = 'NoAccountsError'
  constructor(namespace: string) {
    super(`The wallet approved no ${namespace} account.`, 'WC_NO_ACCOUNTS')
  }
}

/** The WalletConnect provider could not be loaded or initialised. */
export class ProviderInitError extends WalletConnectError {
  override name = 'ProviderInitError'
  constructor(cause: unknown) {
    super('WalletConnect could not start.', 'WC_PROVIDER_FAILED', { cause, details: describe(cause) })
  }
}

/** An EIP-1193 `ProviderRpcError`: what the eip155 adapter (and viem) expect a provider to throw. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.data = data
  }
}

/** A readable message from anything thrown (WalletConnect rejects with plain `{ code, message }` objects). */
export function describe(error: unknown): string {
  if (typeof error === 'string') return error
  const e = error as { shortMessage?: unknown; message?: unknown }
  if (typeof e?.shortMessage === 'string' && e.shortMessage) return e.shortMessage
  if (typeof e?.message === 'string') return e.message
  return ''
}

/** WalletConnect's USER_REJECTED family (5000 rejected, 5001 chains rejected, 5002 methods rejected) and EIP-1193 4001. */
const REJECTION_CODES: ReadonlySet<unknown> = new Set([4001, 5000, 5001, 5002, 'USER_REJECTED'])

/**
 * True when the visitor declined: WalletConnect's USER_REJECTED family (5000-5002), EIP-1193 4001 or Portico's
 * `USER_REJECTED`, on the error itself or on what it wraps (`cause`, or the `data.originalError` SDKs nest it in).
 */
export function isRejection(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 8) return false
  const e = error as { code?: unknown; cause?: unknown; data?: unknown }
  if (REJECTION_CODES.has(e.code)) return true
  const original = typeof e.data === 'object' && e.data !== null ? (e.data as { originalError?: unknown }).originalError : undefined
  return (original !== error && isRejection(original, depth + 1)) || (e.cause !== error && isRejection(e.cause, depth + 1))
}
