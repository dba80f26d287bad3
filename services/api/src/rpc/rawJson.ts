/*
 * Chains answer integers beyond 2^53 (Solana's u64 `rentEpoch`, lamports, token amounts); JSON.parse rounds them.
 * The endpoint therefore never re-serialises what it forwards: it parses only to validate, and passes the original
 * text of each call and each answer on, cutting batches into their elements' raw text with this scanner.
 */

/**
 * The raw text of each element of a JSON array, in order; null when `text` is not an array. `text` must already be
 * valid JSON (JSON.parse accepted it): the scanner only tracks strings and nesting.
 *
 * @example
 * splitJsonArray('[{"id":1,"result":18446744073709551615}, 2]') // ['{"id":1,"result":18446744073709551615}', '2']
 */
export function splitJsonArray(text: string): string[] | null {
  let i = 0
  const skipSpace = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++
  }
  skipSpace()
  if (text[i] !== '[') return null
  i++
  const items: string[] = []
  let depth = 0
  let inString = false
  let start = -1
  for (; i < text.length; i++) {
    const ch = text[i]!
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
      continue
    }
    if (ch === '"') {
      inString = true
      if (start < 0) start = i
    } else if (ch === '{' || ch === '[') {
      if (start < 0) start = i
      depth++
    } else if (ch === '}' || (ch === ']' && depth > 0)) {
      depth--
    } else if (ch === ']' || (ch === ',' && depth === 0)) {
      if (start >= 0) items.push(text.slice(start, i).trim())
      start = -1
      if (ch === ']') return items
    } else if (start < 0 && ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
      start = i
    }
  }
  return null
}
