/**
 * Pure helpers of `npm run bench:open` (scripts/bench-open.ts): run statistics, which responses count as
 * Portico's JS, and the printed table. No browser, no stack: unit-tested in tests/utils/scripts/bench-open.test.ts.
 */
import { basename } from 'node:path'

/** Median, min and max of a set of runs (the median of an even count is the mean of the middle two). */
export type RunStats = { median: number; min: number; max: number; n: number }

export function runStats(values: readonly number[]): RunStats | undefined {
  const xs = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b)
  if (!xs.length) return undefined
  const m = xs.length >> 1
  const median = xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2
  return { median, min: xs[0]!, max: xs[xs.length - 1]!, n: xs.length }
}

/** `361 ms (349–380)`: the median, then the range of the runs; `n/a` when no run gave a figure. */
export function fmtMs(stats: RunStats | undefined): string {
  if (!stats) return 'n/a'
  const r = (x: number) => Math.round(x).toLocaleString('en-US')
  return stats.min === stats.max ? `${r(stats.median)} ms` : `${r(stats.median)} ms (${r(stats.min)}–${r(stats.max)})`
}

/** `261.3 KB` (1 KB = 1,024 B), a range when the runs disagree. */
export function fmtKB(stats: RunStats | undefined): string {
  if (!stats) return 'n/a'
  const k = (x: number) => `${(x / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}`
  return stats.min === stats.max ? `${k(stats.median)} KB` : `${k(stats.median)} KB (${k(stats.min)}–${k(stats.max)})`
}

/** A JS response, as the harness counts one: a script, a JavaScript content type, or a `.js`/`.mjs` URL. */
export function isJsResponse(r: { url: string; resourceType: string; contentType?: string | null }): boolean {
  if (r.resourceType === 'script') return true
  if (r.contentType && /javascript|ecmascript/i.test(r.contentType)) return true
  return r.resourceType !== 'websocket' && /\.m?js(?:[?#]|$)/i.test(r.url)
}

/** Not counted as Portico's: the react + react-dom chunk (as in `npm run size`) and the Portico Dev Wallet's script. */
export function isNotPortico(url: string, devWalletFile = 'dev-wallet.js'): boolean {
  let file: string
  try {
    file = basename(decodeURIComponent(new URL(url).pathname))
  } catch {
    return false
  }
  return /^react\.[0-9a-f]+\.js$/.test(file) || file === devWalletFile
}

/** When a request started, relative to the click and to the moment the view was visible (wall clock, ms). */
export type Phase = 'load' | 'open' | 'afterOpen'
export function phaseOf(startedAt: number, clickAt: number, visibleAt: number): Phase {
  if (startedAt < clickAt) return 'load'
  return startedAt <= visibleAt + 1 ? 'open' : 'afterOpen'
}

export type TableRow = {
  label: string
  unthrottled: RunStats | undefined
  throttled: RunStats | undefined
  jsBefore: RunStats | undefined
  jsOnOpen: RunStats | undefined
}

/** The table as Markdown: click → Connect view visible at ×1 and ×`rate`, JS before open and on open. */
export function renderTable(rows: readonly TableRow[], rate = 4): string {
  const head = ['', 'click → Connect view visible, no throttle', `CPU ×${rate}`, 'JS (gzip) before open', 'JS (gzip) fetched by the click']
  const body = rows.map((r) => [r.label, fmtMs(r.unthrottled), fmtMs(r.throttled), fmtKB(r.jsBefore), fmtKB(r.jsOnOpen)])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n')
}
