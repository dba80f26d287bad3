/** Why a session was refused; narrow with `error.code` (stable), not the message. */
export type SessionVerificationErrorCode =
  | 'INVALID_OPTIONS'
  | 'INVALID_MESSAGE'
  | 'WRONG_DOMAIN'
  | 'WRONG_URI'
  | 'WRONG_CHAIN'
  | 'WRONG_NONCE'
  | 'NO_ISSUED_AT'
  | 'ISSUED_IN_FUTURE'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'UNSUPPORTED_NAMESPACE'
  | 'INVALID_SIGNATURE'
  | 'CHAIN_UNAVAILABLE'
  | 'NOT_LIVE'

/** Thrown by `verifySession`: one sentence saying what was wrong, and a stable `code`. */
export class SessionVerificationError extends Error {
  override name = 'SessionVerificationError'
  constructor(
    readonly code: SessionVerificationErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
