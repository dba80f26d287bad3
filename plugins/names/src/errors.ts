import { BaseError } from '@portico/contracts/plugin'

/** Stable codes of the names plugin's errors; narrow with `error.code`, never `instanceof`. */
export type NamesErrorCode = 'NETWORK_NOT_FOUND' | 'AUTH_CONNECTOR_NOT_FOUND' | 'REGISTER_FAILED' | 'RESOLVE_FAILED' | 'SUGGESTIONS_FAILED' | 'INVALID_NAME' | 'INVALID_OPTIONS'

/** SPEC §5/§8's sentences, thrown as they are written (shown through the i18n keys beside them). */
export const NAMES_ERRORS = Object.freeze({
  networkNotFound: 'Network not found',
  authConnectorNotFound: 'Address or auth connector not found',
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  register: (name: string) => `Error registering name ${name}`,
})

/** An error of the names plugin: a Portico error with a stable code. */
export class NamesError extends BaseError {
  override name = 'NamesError'
  declare readonly code: NamesErrorCode
  constructor(shortMessage: string, code: NamesErrorCode, parameters: { cause?: unknown; details?: string } = {}) {
    super(shortMessage, { code, ...parameters })
  }
}

/**
 * SPEC §8: the first reason the name service gave (the kernel's HTTP client keeps it as `reason`), else `fallback`.
 *
 * @example
 * serviceReason(error, 'Error resolving name') // 'Name is already registered' when the api said so
 */
export function serviceReason(error: unknown, fallback: string): string {
  const reason = typeof error === 'object' && error !== null ? (error as { reason?: unknown }).reason : undefined
  return typeof reason === 'string' && reason.trim() ? reason : fallback
}
