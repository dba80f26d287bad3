type ZodLikeError = { name: 'ZodError'; issues: Array<{ message?: unknown }> }

// Narrow by name and shape, not instanceof: a federated remote can hold its own copy of zod (see STYLE.md).
function isZodLikeError(e: unknown): e is ZodLikeError {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { name?: unknown }).name === 'ZodError' &&
    Array.isArray((e as { issues?: unknown }).issues)
  )
}

function nonEmpty(s: unknown): s is string {
  return typeof s === 'string' && s.trim() !== ''
}

/**
 * Turns anything thrown into a message: a string as is, a ZodError's first issue message, an Error's or an object's
 * string `message`; anything else, or an empty message, gives `Unknown error`.
 */
export function parseError(e: unknown): string {
  if (nonEmpty(e)) return e
  if (isZodLikeError(e)) {
    const first = e.issues[0]?.message
    return nonEmpty(first) ? first : 'Unknown error'
  }
  if (typeof e === 'object' && e !== null) {
    const message = (e as { message?: unknown }).message
    if (nonEmpty(message)) return message
  }
  return 'Unknown error'
}
