import type { MiddlewareHandler } from 'hono'
import { ApiProblem } from './errors.js'

/** Deepest nesting of arrays and objects a JSON body may have. Our bodies are 3 levels deep; 32 leaves room. */
export const MAX_JSON_DEPTH = 32
/** Most values (scalars and containers) a JSON body may hold: a 64 KiB body of `[0,0,…]` would hold ~32k. */
export const MAX_JSON_NODES = 10_000

const problem = (description: string) =>
  new ApiProblem(400, 'VALIDATION_ERROR', `Invalid body: ${description}`, [{ name: 'body', description }])

/**
 * Measures the nesting depth and value count of JSON text without parsing it, so a body nested thousands of levels
 * deep is refused before JSON.parse, zod or JSON.stringify recurse into it (JSON.stringify overflowed the stack at
 * ~4,100 levels). Brackets inside strings do not count. Stops as soon as a limit is passed.
 */
export function measureJson(text: string, limits = { depth: MAX_JSON_DEPTH, nodes: MAX_JSON_NODES }): 'depth' | 'nodes' | null {
  let depth = 0
  let nodes = 0
  let inString = false
  let inScalar = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i++ // backslash: skip the escaped character
      else if (ch === 0x22) inString = false
      continue
    }
    switch (ch) {
      case 0x7b: // {
      case 0x5b: // [
        inScalar = false
        nodes++
        if (++depth > limits.depth) return 'depth'
        break
      case 0x7d: // }
      case 0x5d: // ]
        inScalar = false
        depth--
        break
      case 0x22: // "
        inString = true
        inScalar = false
        nodes++ // keys count too: they cost as much as values
        break
      case 0x2c: // ,
      case 0x3a: // :
      case 0x20:
      case 0x0a:
      case 0x0d:
      case 0x09:
        inScalar = false
        break
      default:
        if (!inScalar) {
          inScalar = true
          nodes++
        }
    }
    if (nodes > limits.nodes) return 'nodes'
  }
  return null
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses lone UTF-16 surrogates; zod accepts both. Returns
 * the path of the first string (key or value) holding either, or null. Only called on bodies {@link measureJson}
 * bounded, so the recursion is shallow.
 */
export function findUnstorableString(value: unknown, path = 'body'): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableString(value[i], `${path}.${i}`)
      if (found) return found
    }
    return null
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable(key)) return `${path}.${key.replace(/[^\x20-\x7e]/g, '?')}`
      const found = findUnstorableString(item, `${path}.${key}`)
      if (found) return found
    }
  }
  return null
}

/** True for a string with NUL or an unpaired surrogate (not well-formed UTF-16, so not storable as UTF-8). */
export const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s)

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Middleware for every JSON body: refuses (400, our own message) bodies nested deeper than {@link MAX_JSON_DEPTH},
 * with more than {@link MAX_JSON_NODES} values, or with strings the database cannot store, before validation and
 * handlers see them. Malformed JSON is left to the validator, which answers it already.
 */
export const jsonBodyGuard = (): MiddlewareHandler => async (c, next) => {
  const type = c.req.header('content-type') ?? ''
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /^application\/([a-z0-9.+-]*\+)?json/i.test(type)) {
    // Read as text: Hono caches the body, so the validator's c.req.json() parses the same bytes afterwards.
    const text = await c.req.text()
    const over = measureJson(text)
    if (over === 'depth') throw problem(`nested deeper than ${MAX_JSON_DEPTH} levels`)
    if (over === 'nodes') throw problem(`more than ${MAX_JSON_NODES} values`)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined // malformed: the validator answers it
    }
    const where = findUnstorableString(parsed)
    if (where) throw problem(`${where} contains a NUL character or an unpaired surrogate, which cannot be stored`)
  }
  await next()
}
