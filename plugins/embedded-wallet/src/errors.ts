import { BaseError } from '@portico/contracts/plugin'

/** Stable codes of the embedded wallet's errors; narrow with `error.code`, never `instanceof`. */
export type EmbeddedWalletErrorCode =
  | 'FRAME_ENDPOINT_MISSING'
  | 'FRAME_UNREACHABLE'
  | 'FRAME_ORIGIN_NOT_ALLOWED'
  | 'FRAME_ERROR'
  | 'FRAME_INVALID_REQUEST'
  | 'FRAME_INVALID_REPLY'
  | 'REQUEST_TIMEOUT'
  | 'REQUEST_ABORTED'
  | 'SESSION_EXPIRED'
  | 'EMAIL_COOLDOWN'
  | 'NOT_SIGNED_IN'
  | 'NAMESPACE_NOT_SUPPORTED'

/** Base of the plugin's errors (a Portico error with a stable code). */
export class EmbeddedWalletError extends BaseError {
  override name = 'EmbeddedWalletError'
  declare readonly code: EmbeddedWalletErrorCode
  constructor(shortMessage: string, code: EmbeddedWalletErrorCode, parameters: { cause?: unknown; details?: string } = {}) {
    super(shortMessage, { code, ...parameters })
  }
}

/**
 * An EIP-1193 provider error: numeric `code` as wallets give them (4001 declined, 4200 unsupported method), so the
 * evm adapter and apps that talk to the provider directly read it like any wallet's.
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  constructor(code: number, message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.code = code
  }
}

/** EIP-1193 codes the provider uses. */
export const RPC_CODES = { userRejected: 4001, unsupportedMethod: 4200, disconnected: 4900, internal: -32603 } as const
