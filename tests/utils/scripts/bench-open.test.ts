import { describe, expect, it } from 'vitest'
import { fmtKB, fmtMs, isJsResponse, isNotPortico, phaseOf, renderTable, runStats } from '../../../scripts/lib/bench-open.ts'

describe('bench:open statistics', () => {
  it('behavior: median, min and max of the runs (even counts average the middle two; non-finite runs ignored)', () => {
    expect(runStats([349, 512, 301, 360, 355])).toEqual({ median: 355, min: 301, max: 512, n: 5 })
    expect(runStats([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, n: 4 })
    expect(runStats([10, Number.NaN, Infinity])).toEqual({ median: 10, min: 10, max: 10, n: 1 })
    expect(runStats([])).toBeUndefined()
  })

  it('behavior: times and bytes read as the issue writes them, with the range when runs differ', () => {
    expect(fmtMs(runStats([1161.4, 1100, 1300.6]))).toBe('1,161 ms (1,100–1,301)')
    expect(fmtMs(runStats([50, 50]))).toBe('50 ms')
    expect(fmtMs(undefined)).toBe('n/a')
    expect(fmtKB(runStats([16 * 1024, 16 * 1024]))).toBe('16.0 KB')
    expect(fmtKB(runStats([261 * 1024, 262 * 1024, 261 * 1024]))).toBe('261.0 KB (261.0–262.0)')
  })
})

describe('bench:open byte counting', () => {
  it('behavior: JS is a script, a JavaScript content type or a .js URL, not a websocket', () => {
    expect(isJsResponse({ url: 'http://localhost:1/x', resourceType: 'script' })).toBe(true)
    expect(isJsResponse({ url: 'http://localhost:1/connect/remoteEntry.js', resourceType: 'fetch' })).toBe(true)
    expect(isJsResponse({ url: 'http://localhost:1/a', resourceType: 'fetch', contentType: 'text/javascript; charset=utf-8' })).toBe(true)
    expect(isJsResponse({ url: 'http://localhost:1/manifest.json', resourceType: 'fetch', contentType: 'application/json' })).toBe(false)
    expect(isJsResponse({ url: 'ws://localhost:1/x.js', resourceType: 'websocket' })).toBe(false)
  })

  it('behavior: the react chunk and the Dev Wallet are not counted, Portico chunks are', () => {
    expect(isNotPortico('http://localhost:1/react.61375a0a.js')).toBe(true)
    expect(isNotPortico('http://localhost:1/dev-wallet.js')).toBe(true)
    expect(isNotPortico('http://localhost:1/main.82f3a857.js')).toBe(false)
    expect(isNotPortico('http://localhost:1/react-helpers.js')).toBe(false)
  })

  it('behavior: a request belongs to the load, the open (up to the visible frame) or after it', () => {
    expect(phaseOf(99, 100, 400)).toBe('load')
    expect(phaseOf(100, 100, 400)).toBe('open')
    expect(phaseOf(401, 100, 400)).toBe('open')
    expect(phaseOf(402, 100, 400)).toBe('afterOpen')
  })
})

describe('bench:open table', () => {
  it('behavior: one row per page, the issue columns, aligned Markdown', () => {
    const s = (xs: number[]) => runStats(xs)
    const table = renderTable([
      { label: 'demo', unthrottled: s([361]), throttled: s([1161]), jsBefore: s([40 * 1024]), jsOnOpen: s([261 * 1024]) },
      { label: 'bundled host', unthrottled: s([349]), throttled: undefined, jsBefore: s([90 * 1024]), jsOnOpen: s([16 * 1024]) },
    ])
    const lines = table.split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^\| +\| click → Connect view visible, no throttle \| CPU ×4 +\| JS \(gzip\) before open \| JS \(gzip\) fetched by the click \|$/)
    expect(lines[1]).toMatch(/^\|[-|]+\|$/)
    expect(lines[2]).toContain('| demo ')
    expect(lines[2]).toContain('| 1,161 ms')
    expect(lines[2]).toContain('| 261.0 KB')
    expect(lines[3]).toContain('| n/a ')
    expect(new Set(lines.map((l) => l.length)).size).toBe(1)
  })
})
