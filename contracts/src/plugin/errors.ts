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

/**
 * The first line of an error's message, trimmed (what an adapter puts in its own error's `details`); undefined when
 * the error has no message.
 *
 * @example
 * errorFirstLine(new Error('Request failed\n  at …')) // 'Request failed'
 */
export function errorFirstLine(error: unknown): string | undefined {
  const m = (error as { message?: unknown } | null)?.message
  return typeof m === 'string' && m.trim() ? m.trim().split('\n')[0] : undefined
}

/**
 * A value as text for an error's `details`: strings as they are, bigints in decimal, byte arrays by their length,
 * the rest as JSON. Never throws (a cyclic or exotic value becomes `String(value)`).
 *
 * @example
 * describeValue({ amount: 10n }) // '{"amount":"10"}'
 */
export function describeValue(value: unknown): string {
  try {
    if (value instanceof Uint8Array) return `Uint8Array(${value.length})`
    if (typeof value === 'string') return value
    return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value)
  } catch {
    return String(value)
  }
}

/**
 * A check that a wallet's error (or one it wraps as `cause`) says the visitor declined: its `code` (or the
 * `context.__code` some SDKs use) is one of `codes`, or its message matches `text`. A Portico error's message is
 * Portico's own wording, so only its code counts.
 *
 * @example
 * const isRejection = rejectionCheck([4001, 5000, 'USER_REJECTED'], /\buser rejected\b/i)
 * isRejection(new Error('wrapped', { cause: { code: 4001 } })) // true
 */
export function rejectionCheck(codes: Iterable<unknown>, text?: RegExp): (error: unknown) => boolean {
  const known: ReadonlySet<unknown> = new Set(codes)
  const check = (error: unknown, depth: number): boolean => {
    if (typeof error !== 'object' || error === null || depth > 8) return false
    const e = error as { code?: unknown; context?: { __code?: unknown } | null; message?: unknown; cause?: unknown }
    if (known.has(e.code) || known.has(e.context?.__code)) return true
    if (text && typeof e.message === 'string' && text.test(e.message) && !isPorticoError(error)) return true
    return e.cause !== error && check(e.cause, depth + 1)
  }
  return (error) => check(error, 0)
}
