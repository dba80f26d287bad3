/**
 * npm run bench:open — the first open of the modal, measured as issue 9 judges it (the method of
 * ../shared/bench/measure.mjs): headless Debian Chromium, a fresh profile per run (cold cache), host names other
 * than localhost and 127.0.0.1 made to fail DNS, one discarded warm-up per page, then 5 runs unthrottled and 5
 * at CPU ×4 (CDP `Emulation.setCPUThrottlingRate`). A run loads the page, waits until the network has been quiet
 * for 2 s, clicks the connect button and times, from the click event's timestamp, the first animation frame in
 * which the Connect view (`view-Connect`) and at least one connector row (`connector-*`) have a box in the
 * viewport and an opacity above zero.
 *
 * Pages, on a private stack on free ports (chains, services, plugin CDN): the demo as its production page,
 * without the Dev Wallet (plugins from the CDN), and the bundled host with the Dev Wallet (its only connector is
 * the injected one). JS bytes: response bodies gzipped at level 9, react + react-dom and the Dev Wallet not
 * counted; "before open" is what loads before the click, "fetched by the click" everything from the click until
 * the network is quiet again (every download counts: a file fetched twice counts twice).
 *
 * Prints a table; a figure, not a test: exits 0 whatever the times (1 only when it could not measure).
 * `--profile` prints where the warm-up run's main thread spent its time between the click and the view.
 * `--files` lists what the click fetched in the warm-up run (start time, phase, bytes); `--timeline` the same run's
 * resources and long tasks on the page's clock, click to view.
 * `PORTICO_BENCH_DIST=<dir>` measures `<dir>/{cdn,demo,bundled}` (built there when missing) instead of dist/.
 * `--compare <dir>` measures another build's demo beside this one's, their runs taken in turn (for an A/B of one change;
 * with `--only demo+hover`, both hovered first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Request } from 'playwright-core'
import { build, isBuilt } from './lib/build.ts'
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts'
import { gzipSize } from './lib/gzip.ts'
import { freePort, freePorts } from './lib/ports.ts'
import { DEV_WALLET_FILE, demoRuntimeConfig, injectDemoConfig, inlineManifest, startStack, type Stack } from './lib/stack.ts'
import { startStaticServer, type StaticServer } from './lib/static-server.ts'
import { bundledDirFor, CDN_DIR, DEMO_DIR, hasBundledHost } from './lib/workspace.ts'
import { shortSource, sourceLookup, type SourceLookup } from './lib/sourcemap.ts'
import { isJsResponse, isNotPortico, phaseOf, renderTable, runStats, type TableRow } from './lib/bench-open.ts'

/** `--runs N` for a quicker look while working (the figures quoted are medians of 5). */
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) > 0 && process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 5
const WARMUP = 1
const THROTTLE = 4
const QUIET_MS = 2000
const MAX_IDLE_WAIT_MS = 30_000
const VISIBLE_TIMEOUT_MS = 20_000
const CLICK = '[data-testid="connect-button"]'
const READY_ALL = ['[data-testid="view-Connect"]']
const READY_ANY = ['[data-testid^="connector-"]']

type Target = {
  key: string
  label: string
  url: () => string
  /** Point at the button first (the default `preload: 'intent'` starts loading) and wait for quiet, then click. */
  preloaded?: boolean
}
type Run = {
  clickToVisibleMs: number
  jsBefore: number
  jsByVisible: number
  jsOnOpen: number
  /** Every request from the click on: ms after the click it started, the phase, gzip bytes of JS. */
  files: { at: number; phase: 'open' | 'afterOpen'; url: string; bytes: number }[]
}

/** `--files`: list what the warm-up run fetched after the click (when, which phase, how big), to see the critical path. */
const LIST_FILES = process.argv.includes('--files')
/**
 * `--timeline`: the warm-up run's resources and long tasks on the page's own clock, from the click to the view
 * (start → end ms after the click): which file waited on which, and where the main thread was busy.
 */
const TIMELINE = process.argv.includes('--timeline')
/** `--only demo,bundled+hover`: measure only these pages (keys: demo, bundled, demo+hover, bundled+hover). */
const ONLY = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',') : undefined
/** `--warmup-throttled`: the warm-up run (the one `--profile`, `--timeline` and `--files` describe) at CPU ×4. */
const WARMUP_THROTTLE = process.argv.includes('--warmup-throttled') ? 4 : 1
/** `--profile`: a CPU profile of the warm-up run from the click to the view, summed by function (self time). */
const PROFILE = process.argv.includes('--profile')
/** `--profile-out FILE`: also write the warm-up run's CPU profile there (a `.cpuprofile` DevTools opens). */
const PROFILE_OUT = process.argv.includes('--profile-out') ? process.argv[process.argv.indexOf('--profile-out') + 1] : undefined
/** `--trace-out FILE`: also write the warm-up run's trace there (JSON DevTools' Performance panel opens). */
const TRACE_OUT = process.argv.includes('--trace-out') ? process.argv[process.argv.indexOf('--trace-out') + 1] : undefined
/** `--top N`: how many lines each list of `--profile` and `--trace` prints (25). */
const TOP = process.argv.includes('--top') ? Number(process.argv[process.argv.indexOf('--top') + 1]) || 25 : 25
/**
 * `--trace`: a Chromium trace of the warm-up run from the click to the view; the renderer main thread's self time
 * summed by trace event (script compile and evaluation, style, layout, paint, parse…), to see where native time goes.
 */
const TRACE = process.argv.includes('--trace')

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } }
/** Self time per event name on the renderer's main thread between `from` and `to` (µs, trace clock). */
function traceSummary(events: TraceEvent[], clickToVisibleMs: number, count = TOP): string[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'EventDispatch'))
  if (!main) return ['trace: no renderer main thread found']
  // from the click's dispatch to the frame the view was seen in
  const click = events.find((e) => e.pid === main.pid && e.name === 'EventDispatch' && (e.args as { data?: { type?: string } })?.data?.type === 'click')
  const from = click?.ts ?? -Infinity
  const to = from + clickToVisibleMs * 1000
  const complete = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number' && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const self = new Map<string, number>()
  const byUrl = new Map<string, number>()
  const stack: { end: number; key: string; child: number }[] = []
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const top = stack.pop()!
      const total = top.end - (top as unknown as { start: number }).start
      self.set(top.key, (self.get(top.key) ?? 0) + Math.max(0, total - top.child))
      if (stack.length) stack[stack.length - 1]!.child += total
    }
  }
  for (const e of complete) {
    close(e.ts)
    const url = e.args?.data?.url
    const key = url && /EvaluateScript|v8.compile|v8.run|ScriptCompiled/.test(e.name) ? `${e.name} ${url.replace(/^https?:\/\/[^/]+\//, '')}` : e.name
    if (url && e.name === 'EvaluateScript') byUrl.set(key, (byUrl.get(key) ?? 0) + e.dur!)
    stack.push({ end: e.ts + e.dur!, key, child: 0, start: e.ts } as never)
  }
  close(Infinity)
  const byName = new Map<string, number>()
  for (const [k, us] of self) {
    const name = k.split(' ')[0]!
    byName.set(name, (byName.get(name) ?? 0) + us)
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(7)} ms`
  return [
    `main thread busy ${(total / 1000).toFixed(1)} ms of the ${clickToVisibleMs.toFixed(0)} ms from the click to the view (self time by trace event${click ? '' : '; no click found: the whole trace'}):`,
    ...[...byName].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, us]) => `${ms(us)}  ${k}`),
    'script evaluation by file (total):',
    ...[...byUrl].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, us]) => `${ms(us)}  ${k}`),
  ]
}

/** Runs in the page (`--timeline`): resources and long tasks from the click to the view, on the page's clock. */
function timelineProbe(): string[] {
  const p = (window as unknown as { __benchOpen: { t0: number; tVisible: number; long: [number, number][]; frames: [number, string][] } }).__benchOpen
  const rel = (t: number) => Math.round(t - p.t0)
  const lines: [number, string][] = []
  for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (r.startTime < p.t0) continue
    // queued (no connection yet) / waiting for the first byte / receiving, in ms
    const phases = r.requestStart > 0 ? ` [q ${Math.round(r.requestStart - r.startTime)} w ${Math.round(r.responseStart - r.requestStart)} r ${Math.round(r.responseEnd - r.responseStart)}]` : ''
    lines.push([r.startTime, `${String(rel(r.startTime)).padStart(5)} → ${String(rel(r.responseEnd)).padEnd(5)} ${r.name}${phases}`])
  }
  for (const [start, duration] of p.long) {
    if (start + duration < p.t0) continue
    lines.push([start, `${String(rel(start)).padStart(5)} → ${String(rel(start + duration)).padEnd(5)} long task (${Math.round(duration)} ms)`])
  }
  for (const [at, what] of p.frames) lines.push([at, `${String(rel(at)).padStart(5)}         ${what}`])
  lines.push([p.tVisible, `${String(rel(p.tVisible)).padStart(5)}         visible`])
  return lines.sort((a, b) => a[0] - b[0]).map(([, l]) => l)
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Where a script URL of the page was served from (its source map beside it), for naming the sources in a profile. */
type UrlToFile = (url: string) => string | undefined
const lookups = new Map<string, SourceLookup | undefined>()
function sourceOf(node: ProfileNode, fileOf: UrlToFile): string | undefined {
  const file = node.callFrame.url ? fileOf(node.callFrame.url) : undefined
  if (!file) return undefined
  if (!lookups.has(file)) lookups.set(file, sourceLookup(file))
  const source = lookups.get(file)?.(node.callFrame.lineNumber, node.callFrame.columnNumber)
  return source === undefined ? undefined : shortSource(source)
}

/**
 * The functions that took the most self time in a CDP CPU profile, with their file and line; then self time and
 * total time (each sample counted once per source file on its stack) by the source file the source maps name.
 */
function topFunctions(profile: Profile, fileOf: UrlToFile, count = TOP): string[] {
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byName = new Map<string, number>()
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0
    if (!us) continue
    const file = n.callFrame.url.split('/').pop() || '(native)'
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`
    byName.set(key, (byName.get(key) ?? 0) + us)
  }
  const byFile = new Map<string, number>()
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0
    if (!us) continue
    const url = n.callFrame.url
    const file = url ? url.replace(/^https?:\/\/[^/]+\//, '') : n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)'
    byFile.set(file, (byFile.get(file) ?? 0) + us)
  }
  // by source: self time of each node's source, and total time of every source on the sample's stack
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const sourceSelf = new Map<string, number>()
  const sourceTotal = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0
    const leaf = nodes.get(id)
    if (!leaf) return
    const leafSource = sourceOf(leaf, fileOf) ?? (leaf.callFrame.url ? leaf.callFrame.url.replace(/^https?:\/\/[^/]+\//, '') : leaf.callFrame.functionName || '(native)')
    sourceSelf.set(leafSource, (sourceSelf.get(leafSource) ?? 0) + us)
    const seen = new Set<string>()
    for (let n: ProfileNode | undefined = leaf; n; n = nodes.get(parent.get(n.id) ?? -1)) {
      const source = sourceOf(n, fileOf)
      if (source && !seen.has(source)) {
        seen.add(source)
        sourceTotal.set(source, (sourceTotal.get(source) ?? 0) + us)
      }
    }
  })
  const total = [...byName.values()].reduce((a, b) => a + b, 0)
  const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(7)} ms`
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, us]) => `${ms(us)}  ${k}`)
  return [
    `total sampled ${(total / 1000).toFixed(1)} ms`,
    ...top(byName),
    'by file:',
    ...top(byFile),
    'self time by source (source maps):',
    ...top(sourceSelf),
    'total time by source (source maps):',
    ...top(sourceTotal),
  ]
}

/** A page's script URL as the file it was served from: the stack's demo and CDN origins, the bundled host's. */
function fileOfUrl(url: string): string | undefined {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return undefined
  }
  // a page of `npm start` (--url): its own origin's files in dist/demo, the plugin CDN's in dist/cdn
  if (!stack) return join(/^\/(bundles\/|[a-z0-9-]+\/\d+\.\d+\.\d+\+)/.test(u.pathname) ? CDN_DIR : DEMO_DIR, decodeURIComponent(u.pathname))
  const roots: [string, string][] = [
    [stack.urls.demo, dirs.demoDir ?? DEMO_DIR],
    [stack.urls.cdn, dirs.cdnDir ?? CDN_DIR],
    [stack.urls.bundled, bundledDirFor(dirs)],
  ]
  for (const [base, dir] of roots) if (new URL(base).origin === u.origin) return join(dir, decodeURIComponent(u.pathname))
  return undefined
}

const distDir = process.env.PORTICO_BENCH_DIST
const dirs = distDir ? { cdnDir: join(distDir, 'cdn'), demoDir: join(distDir, 'demo'), bundledDir: join(distDir, 'bundled') } : {}

// ---- cleanup: everything started is stopped on success, failure and Ctrl-C
const browsers = new Set<() => Promise<void>>()
let stack: Stack | undefined
let bundledServer: StaticServer | undefined
const compareServers: StaticServer[] = []
const startup = new AbortController()
let stopping = false
async function stopAll() {
  startup.abort()
  await Promise.all([...browsers].map((close) => close()))
  await bundledServer?.close().catch(() => {})
  await Promise.all(compareServers.map((server) => server.close().catch(() => {})))
  await stack?.stop().catch(() => {})
}
async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  if (code !== 0) console.error('\nstopping...')
  await stopAll()
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(130))

/** Runs in the page: timestamps the click (capture phase) and checks the "visible" predicate once per frame. */
function installProbe(spec: { all: string[]; any: string[]; timeoutMs: number }) {
  type Probe = {
    t0: number | null
    tVisible: number | null
    done: boolean
    timedOut: boolean
    timeOrigin: number
    before: number
    long: [number, number][]
    /** each animation frame checked: when, and what it saw (-1 not laid out, else the opacity; which views) */
    frames: [number, string][]
  }
  const P: Probe = { t0: null, tVisible: null, done: false, timedOut: false, timeOrigin: performance.timeOrigin, before: -1, long: [], frames: [] }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) P.long.push([e.startTime, e.duration])
    }).observe({ type: 'longtask' })
  } catch {
    // no long task timing in this browser
  }
  ;(window as unknown as { __benchOpen: Probe }).__benchOpen = P
  const roots = () => {
    const out: (Document | ShadowRoot)[] = [document]
    for (let i = 0; i < out.length; i++) for (const el of out[i]!.querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot)
    return out
  }
  const parentOf = (n: Element): Element | null => n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null)
  const opacityOf = (el: Element) => {
    let o = 1
    for (let n: Element | null = el; n; n = parentOf(n)) {
      const cs = getComputedStyle(n)
      if (cs.display === 'none' || cs.visibility === 'hidden') return 0
      o *= parseFloat(cs.opacity)
      if (o === 0) return 0
    }
    return o
  }
  // -1: no box in the viewport; else the cumulative opacity
  const visibility = (el: Element) => {
    const r = el.getBoundingClientRect()
    if (r.width <= 0 || r.height <= 0) return -1
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return -1
    return opacityOf(el)
  }
  const best = (sel: string, rs: (Document | ShadowRoot)[]) => {
    let m = -1
    for (const r of rs) for (const el of r.querySelectorAll(sel)) m = Math.max(m, visibility(el))
    return m
  }
  const check = () => {
    const rs = roots()
    let v = 1
    for (const s of spec.all) v = Math.min(v, best(s, rs))
    if (spec.any.length) v = Math.min(v, Math.max(-1, ...spec.any.map((s) => best(s, rs))))
    return v
  }
  P.before = check()
  const loop = () => {
    const now = performance.now()
    const v = check()
    const views = roots().flatMap((r) => [...r.querySelectorAll('[data-testid^="view-"], [data-testid="modal-loading"]')].map((e) => e.getAttribute('data-testid')))
    const detail = [...spec.all, ...spec.any].map((sel) => `${sel.replace(/^\[data-testid\^?="|"\]$/g, '')}=${best(sel, roots()).toFixed(2)}`)
    P.frames.push([now, `frame: ${v < 0 ? 'not laid out' : `opacity ${v.toFixed(2)}`} ${views.join(' ')} (${detail.join(', ')})`])
    if (v > 0) {
      P.tVisible = now
      P.done = true
      return
    }
    if (now - P.t0! > spec.timeoutMs) {
      P.timedOut = true
      P.done = true
      return
    }
    requestAnimationFrame(loop)
  }
  window.addEventListener(
    'click',
    (e) => {
      if (P.t0 !== null) return
      P.t0 = e.timeStamp
      requestAnimationFrame(loop)
    },
    { capture: true },
  )
}

/** Ctrl-C and the like are ours (shutdown() closes the browsers, then the stack). */
const OWN_SIGNALS = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false }

type Rec = { t: number; url: string; resourceType: string; contentType?: string | null; body?: Buffer }

async function launch(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'portico-bench-open-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // playwright's own handlers would close the browser and exit at once, leaving the stack running
    ...OWN_SIGNALS,
    // as the harness: every other host name fails DNS, so an external request fails fast on any machine
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
  })
  const close = async () => {
    browsers.delete(close)
    await context.close().catch(() => {})
    rmSync(profile, { recursive: true, force: true })
  }
  browsers.add(close)
  return { context, close }
}

/** One run: fresh profile, load, quiet, click, visible, quiet; the time and the JS bytes per phase. */
async function runOnce(target: Target, throttle: number, profile = false): Promise<Run & { profile?: string[]; timeline?: string[] }> {
  const { context, close } = await launch()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
    const records = new Map<Request, Rec>()
    const inflight = new Set<Request>()
    const bodies: Promise<void>[] = []
    let lastActivity = Date.now()
    context.on('request', (req) => {
      records.set(req, { t: Date.now(), url: req.url(), resourceType: req.resourceType() })
      inflight.add(req)
      lastActivity = Date.now()
    })
    context.on('requestfailed', (req) => {
      inflight.delete(req)
      lastActivity = Date.now()
    })
    context.on('requestfinished', (req) => {
      inflight.delete(req)
      lastActivity = Date.now()
      const rec = records.get(req)
      if (!rec) return
      // bodies are kept and gzipped after the run, so the gzip does not compete with the page for the CPU
      bodies.push(
        (async () => {
          const res = await req.response()
          if (!res) return
          rec.contentType = res.headers()['content-type'] ?? null
          if (isJsResponse(rec) && !isNotPortico(rec.url, DEV_WALLET_FILE)) rec.body = await res.body()
        })().catch(() => {}),
      )
    })
    const waitQuiet = async () => {
      const start = Date.now()
      while (inflight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() - start > MAX_IDLE_WAIT_MS) break
        await new Promise((r) => setTimeout(r, 25))
      }
    }

    await page.goto(target.url(), { waitUntil: 'load', timeout: 60_000 })
    await page.locator(CLICK).waitFor({ state: 'visible', timeout: 30_000 })
    await waitQuiet()
    if (target.preloaded) {
      await page.hover(CLICK)
      await waitQuiet()
      // what the hover loaded counts as loaded before the click
    }
    // as source, with a local no-op for the `__name` helper tsx adds to named functions (absent in the page)
    const spec = { all: READY_ALL, any: READY_ANY, timeoutMs: VISIBLE_TIMEOUT_MS }
    await page.evaluate(`(() => { const __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(spec)}) })()`)
    const before = await page.evaluate(() => (window as unknown as { __benchOpen: { before: number } }).__benchOpen.before)
    if (before >= 0) throw new Error(`${target.label}: the Connect view is on screen before the click`)
    if (profile && PROFILE) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const traced: TraceEvent[] = []
    if (profile && TRACE) {
      cdp.on('Tracing.dataCollected', (e) => void traced.push(...(e.value as unknown as TraceEvent[])))
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'blink', 'loading', 'toplevel', 'ipc', 'mojom', 'renderer.scheduler', '__metadata'],
        },
      } as never)
    }
    const clickAt = Date.now()
    await page.click(CLICK)
    await page.waitForFunction(() => (window as unknown as { __benchOpen: { done: boolean } }).__benchOpen.done, null, {
      timeout: VISIBLE_TIMEOUT_MS + 10_000,
      polling: 50,
    })
    const probe = await page.evaluate(() => {
      const p = (window as unknown as { __benchOpen: { t0: number; tVisible: number | null; timedOut: boolean; timeOrigin: number } }).__benchOpen
      return { t0: p.t0, tVisible: p.tVisible, timedOut: p.timedOut, timeOrigin: p.timeOrigin }
    })
    if (probe.timedOut || probe.tVisible === null) throw new Error(`${target.label}: the Connect view with a connector row did not show within ${VISIBLE_TIMEOUT_MS} ms`)
    const visibleAt = probe.timeOrigin + probe.tVisible
    const timeline = TIMELINE
      ? ((await page.evaluate(`(() => { const __name = (f) => f; return (${timelineProbe.toString()})() })()`)) as string[])
      : undefined
    const cpuProfile = profile && PROFILE ? ((await cdp.send('Profiler.stop')).profile as unknown as Profile) : undefined
    if (cpuProfile && PROFILE_OUT) writeFileSync(PROFILE_OUT, JSON.stringify(cpuProfile))
    const profiled: string[] | undefined = cpuProfile ? topFunctions(cpuProfile, fileOfUrl) : undefined
    const lines = profiled ?? []
    if (profile && TRACE) {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
      await cdp.send('Tracing.end')
      await complete
      if (TRACE_OUT) writeFileSync(TRACE_OUT, JSON.stringify({ traceEvents: traced }))
      lines.push(...traceSummary(traced, probe.tVisible - probe.t0))
    }
    await waitQuiet()
    await Promise.all(bodies)
    await close()
    const js = { load: 0, open: 0, afterOpen: 0 }
    const files: Run['files'] = []
    for (const rec of records.values()) {
      const phase = phaseOf(rec.t, clickAt, visibleAt)
      const bytes = rec.body ? gzipSize(rec.body) : 0
      js[phase] += bytes
      if (phase !== 'load') files.push({ at: rec.t - clickAt, phase, url: rec.url, bytes })
    }
    return { clickToVisibleMs: probe.tVisible - probe.t0, jsBefore: js.load, jsByVisible: js.open, jsOnOpen: js.open + js.afterOpen, files, profile: lines, timeline }
  } finally {
    await close()
  }
}

/**
 * Pages measured with their runs taken in turn (each page's warm-up first, with what `--profile`, `--timeline` and
 * `--files` print about it); one page is the usual case, several are `--compare`.
 */
async function measure(targets: Target[]): Promise<{ row: TableRow; byVisible: ReturnType<typeof runStats> }[]> {
  const runs = targets.map(() => ({ 1: [] as Run[], [THROTTLE]: [] as Run[] }) as Record<number, Run[]>)
  for (const target of targets) {
    for (let i = 0; i < WARMUP; i++) {
      const r = await runOnce(target, WARMUP_THROTTLE, true)
      console.log(`  ${target.key} warm-up${WARMUP_THROTTLE > 1 ? ` at ×${WARMUP_THROTTLE}` : ''}: ${r.clickToVisibleMs.toFixed(1)} ms (discarded)`)
      for (const line of r.profile ?? []) console.log(`    ${line}`)
      for (const line of r.timeline ?? []) console.log(`    ${line}`)
      if (LIST_FILES)
        for (const f of r.files.sort((a, b) => a.at - b.at))
          console.log(`    +${String(f.at).padStart(5)} ms  ${f.phase === 'open' ? 'before visible' : 'after visible '}  ${String(f.bytes).padStart(7)} B  ${f.url}`)
    }
  }
  for (const rate of [1, THROTTLE]) {
    for (let i = 0; i < RUNS; i++) {
      for (const [t, target] of targets.entries()) {
        const r = await runOnce(target, rate)
        runs[t]![rate]!.push(r)
        console.log(
          `  ${target.key} cpu ×${rate} run ${i + 1}/${RUNS}: ${r.clickToVisibleMs.toFixed(1)} ms, JS before ${r.jsBefore} B, on open ${r.jsOnOpen} B (${r.jsByVisible} B before visible)`,
        )
      }
    }
  }
  return targets.map((target, t) => {
    const mine = runs[t]!
    const all = [...mine[1]!, ...mine[THROTTLE]!]
    return {
      row: {
        label: target.label,
        unthrottled: runStats(mine[1]!.map((r) => r.clickToVisibleMs)),
        throttled: runStats(mine[THROTTLE]!.map((r) => r.clickToVisibleMs)),
        jsBefore: runStats(all.map((r) => r.jsBefore)),
        jsOnOpen: runStats(all.map((r) => r.jsOnOpen)),
      },
      byVisible: runStats(all.map((r) => r.jsByVisible)),
    }
  })
}

/**
 * `--url <page>`: measure that running page instead (for instance `npm start`'s demo, with its Dev Wallet and the
 * third-party source), with the same runs and tools; no stack is started.
 */
const URL_ARG = process.argv.includes('--url') ? process.argv[process.argv.indexOf('--url') + 1] : undefined

/**
 * `--compare <dir>`: another build (`<dir>/cdn` and `<dir>/demo`, built there when missing) measured as the page
 * `compare` beside this one's demo, on a CDN and a demo server of its own next to the stack, the two pages' runs
 * taken in turn (demo, compare, demo, …). The machine's drift over a run then falls on both pages alike, which an
 * A/B of one change needs: run to run, this shared machine moves by more than most single changes.
 */
const COMPARE = process.argv.includes('--compare') ? process.argv[process.argv.indexOf('--compare') + 1] : undefined

async function main() {
  ensureChromium()
  if (URL_ARG) {
    const targets: Target[] = [{ key: 'url', label: URL_ARG, url: () => URL_ARG }]
    targets.push({ ...targets[0]!, key: 'url+hover', label: `${URL_ARG}, hovered first`, preloaded: true })
    const results = []
    for (const target of targets) if (!ONLY || ONLY.includes(target.key)) results.push(...(await measure([target])))
    console.log(['', renderTable(results.map((r) => r.row), THROTTLE)].join('\n'))
    return
  }
  if (!isBuilt(dirs)) await build(dirs)
  const ports = await freePorts()
  // the demo as its production page: no Dev Wallet; the bundled host is served below with it
  stack = await startStack({ ports, devWallet: false, bundled: false, signal: startup.signal, ...dirs })
  const targets: Target[] = [{ key: 'demo', label: 'Portico demo (plugins from the CDN)', url: () => stack!.urls.demo }]
  if (hasBundledHost()) {
    const bundledDir = bundledDirFor(dirs)
    const config = demoRuntimeConfig(stack.urls)
    bundledServer = await startStaticServer({
      dir: bundledDir,
      port: ports.bundled,
      transformHtml: (html) => injectDemoConfig(html, config, { devWallet: true }),
    })
    targets.push({ key: 'bundled', label: 'Portico bundled host (plugins in the page)', url: () => stack!.urls.bundled })
  } else console.warn('note: hosts/bundled does not exist: the demo only')
  // the same pages when the visitor points at the button before clicking (preload: 'intent', the default)
  for (const t of [...targets]) targets.push({ ...t, key: `${t.key}+hover`, label: `${t.label}, hovered first`, preloaded: true })

  const version = await (async () => {
    const b = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...OWN_SIGNALS })
    const v = b.version()
    await b.close()
    return v
  })()
  console.log(`npm run bench:open — Chromium ${version}, ${cpus().length} CPUs, ${WARMUP} warm-up + ${RUNS} runs at ×1 and ×${THROTTLE} per page\n`)
  const results = []
  if (COMPARE) {
    const other = { cdnDir: join(COMPARE, 'cdn'), demoDir: join(COMPARE, 'demo'), bundledDir: join(COMPARE, 'bundled') }
    if (!isBuilt(other)) await build(other)
    const [cdnPort, demoPort] = [await freePort(), await freePort()]
    const cdn = await startStaticServer({ dir: other.cdnDir, port: cdnPort, cors: true })
    const config = { ...demoRuntimeConfig(stack.urls), manifestUrl: `${cdn.url}/manifest.json`, manifest: inlineManifest(other.cdnDir), sources: [] }
    const demo = await startStaticServer({ dir: other.demoDir, port: demoPort, transformHtml: (html) => injectDemoConfig(html, config) })
    compareServers.push(cdn, demo)
    // the demo page, or with `--only demo+hover` the demo hovered first, against the same page of the other build
    const base = targets.find((t) => t.key === (ONLY?.includes('demo+hover') ? 'demo+hover' : 'demo'))!
    const pages = [base, { ...base, key: 'compare', label: `${COMPARE}${base.preloaded ? ', hovered first' : ''}`, url: () => demo.url }]
    results.push(...(await measure(pages)))
  } else for (const target of targets) if (!ONLY || ONLY.includes(target.key)) results.push(...(await measure([target])))
  console.log(
    [
      '',
      `click → Connect view visible: median of ${RUNS} fresh-profile cold-cache runs (min–max); JS: gzip -9, react, react-dom and the Dev Wallet not counted`,
      '',
      renderTable(results.map((r) => r.row), THROTTLE),
      '',
      ...results.map((r) => `${r.row.label}: of the JS fetched by the click, ${r.byVisible ? Math.round(r.byVisible.median).toLocaleString('en-US') : 'n/a'} B before the view was visible`),
    ].join('\n'),
  )
}

try {
  await main()
  stopping = true
  await stopAll()
  process.exit(0)
} catch (error) {
  if (!stopping) console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
}
