/**
 * The one way the kernel turns a thrown value into a sentence for a person: a string thrown as is; a zod error's
 * first issue (with its path); a wallet library's `shortMessage` (viem's errors carry a long `message`); the
 * `message`; else `fallback` (the spec's generic "Something went wrong" unless the caller says otherwise).
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (typeof error === 'string') return error || fallback
  if (!error || typeof error !== 'object') return fallback
  const issues = (error as { issues?: { message?: string; path?: PropertyKey[] }[] }).issues
  if (Array.isArray(issues) && issues[0]?.message) {
    const path = issues[0].path?.length ? `${issues[0].path.map(String).join('.')}: ` : ''
    return `${path}${issues[0].message}`
  }
  const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
  if (typeof shortMessage === 'string' && shortMessage) return shortMessage
  if (typeof message === 'string' && message) return message
  return fallback
}
