/**
 * npm run size — gzipped bytes (zlib level 9) of what the demo really loads, measured in Chromium:
 * - the JS the demo loads before the modal opens, without the react and react-dom chunk (budget 45 KB; exits 1
 *   over budget);
 * - the JS the first open adds (kernel federation runtime, plugin remotes);
 * - each plugin remote: remoteEntry.js + the chunks its `./plugin` module needs (all its JS in brackets).
 *
 * Each measured scenario is one entry in SCENARIOS: a new figure (e.g. a full injected-wallet connect) is a new
 * entry with its own steps. `--from-stats` measures the demo's initial chunks from the build stats instead
 * (no browser). `--breakdown` adds, under each file, the packages its bytes come from (from its source map; the
 * gzip share is estimated in proportion to the minified bytes).
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Page } from 'playwright-core'
import { build, isBuilt, statsDir } from './lib/build.ts'
import { ensureChromium, launchChromium } from './lib/chromium.ts'
import { fmtBytes, gzipSize } from './lib/gzip.ts'
import { bytesBySource } from './lib/sourcemap.ts'
import { demoRuntimeConfig, injectDemoConfig } from './lib/stack.ts'
import { startStaticServer } from './lib/static-server.ts'
import { urlsFor, type Ports } from './lib/ports.ts'
import { CDN_DIR, DEMO_DIR, discoverPlugins } from './lib/workspace.ts'

export const BUDGET_BEFORE_OPEN = 45 * 1024

/** The react + react-dom chunk (see splitChunks in rspack.config.ts). */
const isReactChunk = (file: string) => /^react\.[0-9a-f]+\.js$/.test(basename(file))

type Loaded = { url: string; file: string; origin: 'demo' | 'cdn' }

type Scenario = {
  name: string
  /** Steps from the page as the previous scenario left it; records what loads meanwhile. */
  run: (page: Page) => Promise<void>
  budget?: number
  exclude?: (file: string) => boolean
}

const SCENARIOS: Scenario[] = [
  {
    name: 'demo before the modal opens (react, react-dom excluded)',
    budget: BUDGET_BEFORE_OPEN,
    exclude: isReactChunk,
    run: async (page) => {
      await page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'first open of the modal (Connect view), added',
    run: async (page) => {
      await page.getByTestId('connect-button').click()
      await page.getByTestId('portico-modal').waitFor({ state: 'visible', timeout: 30_000 })
      await page
        .getByTestId('view-Connect')
        .waitFor({ state: 'visible', timeout: 15_000 })
        .catch(() => console.warn('note: the Connect view did not show (is the connect plugin built?)'))
      await page.waitForLoadState('networkidle')
    },
  },
]

function row(label: string, bytes: number, extra = '') {
  return `  ${label.padEnd(44)} ${bytes.toLocaleString('en-US').padStart(9)} B${extra}`
}

const breakdown = process.argv.includes('--breakdown')

/** Lines naming the biggest contributors to a file, with their estimated gzipped share. */
function breakdownLines(file: string, gz: number): string[] {
  if (!breakdown) return []
  const bySource = bytesBySource(file)
  if (!bySource) return []
  const total = [...bySource.values()].reduce((a, b) => a + b, 0) || 1
  return [...bySource.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([group, bytes]) => `      ~${Math.round((gz * bytes) / total).toLocaleString('en-US').padStart(7)} B  ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${group}`)
}

async function measureInBrowser(): Promise<{ failures: string[]; lines: string[] }> {
  ensureChromium()
  const lines: string[] = []
  const failures: string[] = []
  const ports: Ports = { demo: 0, cdn: 0, api: 0, frame: 0, relay: 0, anvil: 0, anvil2: 0 }
  const cdn = await startStaticServer({ dir: CDN_DIR, port: 0, cors: true })
  ports.cdn = cdn.port
  const config = demoRuntimeConfig(urlsFor(ports))
  const demo = await startStaticServer({ dir: DEMO_DIR, port: 0, transformHtml: (html) => injectDemoConfig(html, config) })
  const browser = await launchChromium()
  try {
    const page = await browser.context.newPage()
    let loaded: Loaded[] = []
    const seen = new Set<string>()
    page.on('requestfinished', (req) => {
      const url = new URL(req.url())
      if (req.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return
      const origin = url.port === String(cdn.port) ? 'cdn' : url.port === String(demo.port) ? 'demo' : undefined
      if (!origin) return
      const file = join(origin === 'cdn' ? CDN_DIR : DEMO_DIR, decodeURIComponent(url.pathname))
      if (existsSync(file)) loaded.push({ url: req.url(), file, origin })
    })
    await page.goto(demo.url, { waitUntil: 'load' })
    for (const scenario of SCENARIOS) {
      await scenario.run(page)
      // a file fetched twice (the kernel reads a remote entry to check its hash, then runs it) counts once
      const files = [...new Map(loaded.map((f) => [f.file, f])).values()].filter((f) => !seen.has(f.file))
      for (const f of files) seen.add(f.file)
      loaded = []
      const counted = files.filter((f) => !scenario.exclude?.(f.file))
      const excluded = files.filter((f) => scenario.exclude?.(f.file))
      lines.push(`${scenario.name}:`)
      let total = 0
      for (const f of counted) {
        const size = gzipSize(f.file)
        total += size
        lines.push(row(`${f.origin === 'cdn' ? 'cdn' : 'demo'} ${f.file.split(/dist\/(?:cdn|demo)\//)[1]}`, size), ...breakdownLines(f.file, size))
      }
      const verdict = scenario.budget === undefined ? '' : total <= scenario.budget ? '  within budget' : '  OVER BUDGET'
      lines.push(row('total', total, scenario.budget === undefined ? '' : ` / budget ${fmtBytes(scenario.budget)}${verdict}`))
      if (excluded.length) {
        lines.push(row('not counted: ' + excluded.map((f) => basename(f.file)).join(', '), excluded.reduce((n, f) => n + gzipSize(f.file), 0)))
      }
      if (scenario.budget !== undefined && total > scenario.budget) failures.push(`${scenario.name}: ${fmtBytes(total)} > ${fmtBytes(scenario.budget)}`)
      lines.push('')
    }
  } finally {
    await browser.close()
    await Promise.all([cdn.close(), demo.close()])
  }
  return { failures, lines }
}

function measureFromStats(): { failures: string[]; lines: string[] } {
  const file = join(statsDir(), 'demo.json')
  const { initial } = JSON.parse(readFileSync(file, 'utf8')) as { initial: string[] }
  const counted = initial.filter((f) => !isReactChunk(f))
  const lines = ['demo before the modal opens, from build stats (react, react-dom excluded):']
  let total = 0
  for (const f of counted) {
    const size = gzipSize(join(DEMO_DIR, f))
    total += size
    lines.push(row(f, size), ...breakdownLines(join(DEMO_DIR, f), size))
  }
  lines.push(row('total', total, ` / budget ${fmtBytes(BUDGET_BEFORE_OPEN)}${total <= BUDGET_BEFORE_OPEN ? '  within budget' : '  OVER BUDGET'}`), '')
  return { failures: total > BUDGET_BEFORE_OPEN ? [`demo before open: ${fmtBytes(total)}`] : [], lines }
}

function measureRemotes(): string[] {
  const lines = ['plugin remotes (remoteEntry.js + ./plugin chunks; all JS of the remote in brackets):']
  for (const p of discoverPlugins().plugins) {
    const file = join(statsDir(), `${p.name}.json`)
    if (!existsSync(file)) {
      lines.push(`  ${p.name}: not built`)
      continue
    }
    const stats = JSON.parse(readFileSync(file, 'utf8')) as { entry: string; exposed: string[]; all: string[] }
    const dir = join(CDN_DIR, p.name)
    const sum = (files: string[]) => files.reduce((n, f) => n + gzipSize(join(dir, f)), 0)
    lines.push(row(p.name, sum([stats.entry, ...stats.exposed]), `   [${sum(stats.all).toLocaleString('en-US')} B]`))
  }
  return lines
}

const fromStats = process.argv.includes('--from-stats')
if (!isBuilt()) await build()
console.log('npm run size — gzipped bytes (zlib level 9)\n')
const result = fromStats ? measureFromStats() : await measureInBrowser()
console.log([...result.lines, ...measureRemotes()].join('\n'))
if (result.failures.length) {
  console.error(`\nover budget:\n  ${result.failures.join('\n  ')}`)
  process.exit(1)
}
