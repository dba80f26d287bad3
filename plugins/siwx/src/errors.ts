import { BaseError } from '@portico/contracts/plugin'

/** Stable codes of the plugin's errors; narrow with `error.code`, never `instanceof`. */
export type SiwxErrorCode = 'SIWX_NOT_ENABLED' | 'SIWX_REFUSED' | 'SIWX_NO_ACCOUNT' | 'SIWX_UNAVAILABLE'

export class SiwxError extends BaseError {
  override name = 'SiwxError'
  declare readonly code: SiwxErrorCode
  constructor(shortMessage: string, code: SiwxErrorCode, cause?: unknown) {
    super(shortMessage, { code, cause })
  }
}

/** The plugin's API was used while the host gave neither `siwx` nor `siweConfig` (SPEC §8). */
export class SiwxNotEnabledError extends SiwxError {
  override name = 'SiwxNotEnabledError'
  constructor() {
    super('SIWX is not enabled', 'SIWX_NOT_ENABLED')
  }
}

/** The verifier refused a session: wrong domain, expired, not yet valid, reused nonce, wrong signer… */
export class SessionRefusedError extends SiwxError {
  override name = 'SessionRefusedError'
  constructor(reason: string) {
    super(reason, 'SIWX_REFUSED')
  }
}

/** Sign-in was asked for with no connected account. */
export class NoAccountError extends SiwxError {
  override name = 'NoAccountError'
  constructor() {
    super('Connect a wallet before signing in.', 'SIWX_NO_ACCOUNT')
  }
}

/** True when the visitor declined in the wallet: Portico's `USER_REJECTED` or EIP-1193 4001, here or in a cause. */
export function isDeclined(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; cause?: unknown } | undefined
  if (!e || typeof e !== 'object' || depth > 8) return false
  if (e.code === 'USER_REJECTED' || e.code === 4001) return true
  return e.cause !== undefined && e.cause !== error && isDeclined(e.cause, depth + 1)
}

/** A readable sentence from anything thrown. */
export function reasonOf(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown } | undefined
  if (typeof e?.shortMessage === 'string' && e.shortMessage) return e.shortMessage
  if (typeof e?.message === 'string' && e.message) return e.message
  return typeof error === 'string' ? error : 'Unknown error'
}
