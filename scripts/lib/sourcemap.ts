/** Which sources the bytes of a minified file come from, read from its source map (for `npm run size -- --breakdown`). */
import { existsSync, readFileSync } from 'node:fs'

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...B64].map((c, i) => [c, i]))

/** Decodes one line's segments of a v3 source map `mappings` field: [generatedColumn, sourceIndex][]. */
function* segments(mappings: string): Generator<{ line: number; column: number; source: number | undefined }> {
  let source = 0
  let line = 0
  for (const lineText of mappings.split(';')) {
    let column = 0
    if (lineText) {
      for (const seg of lineText.split(',')) {
        const values: number[] = []
        let value = 0
        let shift = 0
        for (const ch of seg) {
          const digit = DIGIT.get(ch)!
          value += (digit & 31) << shift
          if (digit & 32) shift += 5
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1)
            value = 0
            shift = 0
          }
        }
        column += values[0] ?? 0
        if (values.length >= 4) source += values[1]!
        yield { line, column, source: values.length >= 4 ? source : undefined }
      }
    }
    line++
  }
}

/**
 * A readable name for a virtual `data:` module (the bundler inlines some glue as `data:text/javascript,<code>`, a
 * label hundreds of characters long): what it is, not its code.
 */
export function dataModuleLabel(source: string): string {
  let code = source.slice(source.indexOf(',') + 1)
  try {
    code = decodeURIComponent(code)
  } catch {
    /* not URI-encoded: label the raw text */
  }
  if (/module_federation|module-federation/.test(code)) return 'federation runtime glue (data: module)'
  const short = code.replace(/\s+/g, ' ').trim().slice(0, 40)
  return `data: module (${short}${code.length > 40 ? '…' : ''})`
}

/** The package (node_modules/<pkg>) or workspace folder a source path belongs to. */
export function sourceGroup(source: string): string {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '')
  if (clean.startsWith('data:')) return dataModuleLabel(clean)
  if (clean.includes('node_modules/')) {
    const rest = clean.split('node_modules/').pop()!
    return rest.split('/').slice(0, rest.startsWith('@') ? 2 : 1).join('/')
  }
  if (clean.startsWith('webpack/')) return 'bundler runtime'
  const parts = clean.replace(/^(\.\.\/)+/, '').split('/')
  return parts.slice(0, parts[0] === 'src' ? 2 : 3).join('/')
}

/** Bytes of `file` per source group, from `file.map`; undefined when there is no map. */
export function bytesBySource(file: string): Map<string, number> | undefined {
  if (!existsSync(`${file}.map`)) return undefined
  const code = readFileSync(file, 'utf8')
  const lines = code.split('\n')
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string }
  const out = new Map<string, number>()
  let prev: { line: number; column: number; source: number | undefined } | undefined
  const flush = (end: number) => {
    if (!prev) return
    const key = prev.source === undefined ? 'unmapped' : sourceGroup(map.sources[prev.source] ?? '?')
    out.set(key, (out.get(key) ?? 0) + Math.max(0, end - prev.column))
  }
  for (const seg of segments(map.mappings)) {
    if (prev && prev.line !== seg.line) flush(lines[prev.line]?.length ?? prev.column)
    else flush(seg.column)
    prev = seg
  }
  if (prev) flush(lines[prev.line]?.length ?? prev.column)
  return out
}

/** The source path of the code at a generated position, from `file.map` (0-based line and column). */
export type SourceLookup = (line: number, column: number) => string | undefined

/** A lookup of `file`'s source positions from `file.map` (for `npm run bench:open -- --profile`); undefined when there is no map. */
export function sourceLookup(file: string): SourceLookup | undefined {
  if (!existsSync(`${file}.map`)) return undefined
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string }
  const byLine: { column: number; source: number | undefined }[][] = []
  for (const seg of segments(map.mappings)) (byLine[seg.line] ??= []).push({ column: seg.column, source: seg.source })
  return (line, column) => {
    const segs = byLine[line]
    if (!segs?.length) return undefined
    // the last segment that starts at or before the column
    let lo = 0
    let hi = segs.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (segs[mid]!.column <= column) lo = mid
      else hi = mid - 1
    }
    const source = segs[lo]!.column <= column ? segs[lo]!.source : undefined
    return source === undefined ? undefined : (map.sources[source] ?? undefined)
  }
}

/** A source path as a short readable one: `kernel/src/…`, `plugins/evm/src/…`, `<package>/…` for node_modules. */
export function shortSource(source: string): string {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '').replace(/^(\.\.\/)+/, '')
  if (clean.startsWith('data:')) return dataModuleLabel(clean)
  if (clean.includes('node_modules/')) return clean.split('node_modules/').pop()!
  return clean
}
