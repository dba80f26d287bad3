export {
  PluginManifestSchema,
  type PluginDefinition,
  type PluginManifest,
  type PluginManifestEntry,
} from '@portico/contracts/plugin'

/** A readable one-line message from anything thrown (zod errors give their first issue). */
export function parseErrorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object') {
    const issues = (error as { issues?: { message?: string; path?: PropertyKey[] }[] }).issues
    if (Array.isArray(issues) && issues[0]?.message) {
      const path = issues[0].path?.length ? `${issues[0].path.join('.')}: ` : ''
      return `${path}${issues[0].message}`
    }
    const short = (error as { shortMessage?: unknown }).shortMessage
    if (typeof short === 'string') return short
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string') return message
  }
  return 'Unknown error'
}
