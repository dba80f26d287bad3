/** Parameters of {@link BaseError}. */
export type BaseErrorParameters = {
  /** Stable machine-readable code, e.g. `PLUGIN_INTEGRITY_MISMATCH`. */
  code: string
  /** Extra lines for logs; never shown as the headline. */
  details?: string
  cause?: unknown
}

/**
 * The one error base of Portico. Narrow by `name` or `code`, never by `instanceof`:
 * a federated remote may hold a second copy of this class.
 *
 * @example
 * class PluginNotFoundError extends BaseError {
 *   override name = 'PluginNotFoundError'
 *   constructor(plugin: string) { super(`Plugin "${plugin}" is not in the manifest.`, { code: 'PLUGIN_NOT_FOUND' }) }
 * }
 */
export class BaseError extends Error {
  override name = 'BaseError'
  readonly code: string
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters) {
    super(parameters.details ? `${shortMessage}\n\nDetails: ${parameters.details}` : shortMessage, {
      cause: parameters.cause,
    })
    this.shortMessage = shortMessage
    this.code = parameters.code
    this.details = parameters.details
  }
}

/** True when `error` is a Portico error (any copy of {@link BaseError}), optionally with the given code. */
export function isPorticoError(error: unknown, code?: string): error is BaseError {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { shortMessage?: unknown; code?: unknown }
  return typeof e.shortMessage === 'string' && typeof e.code === 'string' && (code === undefined || e.code === code)
}
