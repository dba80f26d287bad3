/**
 * JSON for the RPC: bigints are written as plain JSON integers (lamports and token amounts are u64, past
 * `Number.MAX_SAFE_INTEGER`; `@solana/kit` parses them back as bigints), as a validator writes them.
 */

/**
 * `JSON.stringify` that writes bigints as integers.
 *
 * @example
 * stringifyJson({ lamports: 18446744073709551615n }) // '{"lamports":18446744073709551615}'
 */
export function stringifyJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stringifyJson(v))).join(',')}]`
  const parts: string[] = []
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function') continue
    parts.push(`${JSON.stringify(k)}:${stringifyJson(v)}`)
  }
  return `{${parts.join(',')}}`
}
