/**
 * npm run size — gzipped bytes (zlib level 9) of what the pages really load, measured in Chromium against a
 * private dev stack (both anvil chains, the services, the plugin CDN, the demo and the bundled host, on free
 * ports):
 * - the JS the demo loads before the modal opens, without the react and react-dom chunk (budget 45 KB; exits 1
 *   over budget);
 * - the JS the first open adds (kernel federation runtime, plugin remotes);
 * - a full injected-wallet connect: everything from page load through opening the modal, connecting the Portico
 *   Dev Wallet and showing the Account view, in the bundled host (hosts/bundled: `createKernel({ plugins: [evm(),
 *   injected(), connect(), account()] })`, the plugins in the page's own bundle, no federation), react,
 *   react-dom and the Dev Wallet's own script not counted (budget 110 KB; exits 1 over budget);
 * - for information, the same flow in the federated demo (the same plugins as Module Federation remotes from the
 *   plugin CDN, the demo's other plugins switched off with `?off=`) with its federation overhead (the
 *   `@module-federation/*` bytes and federation glue the files' source maps name), and the flow in the demo with
 *   every plugin of the manifest;
 * - each plugin remote: remoteEntry.js + the chunks its `./plugin` module needs (all its JS in brackets).
 *
 * Each browser session starts on a fresh profile; each measured scenario in it is one entry of its scenarios,
 * counting what loads during its steps. `--from-stats` measures the demo's initial chunks from the build stats
 * instead (no browser, no stack). `--breakdown` adds, under each file, the packages its bytes come from (from its
 * source map; the gzip share is estimated in proportion to the minified bytes).
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import type { Page } from 'playwright-core'
import { build, isBuilt, statsDir } from './lib/build.ts'
import { ensureChromium, launchChromium } from './lib/chromium.ts'
import { fmtBytes, gzipSize } from './lib/gzip.ts'
import { bytesBySource } from './lib/sourcemap.ts'
import { DEV_WALLET_FILE, startStack, type Stack } from './lib/stack.ts'
import { freePorts } from './lib/ports.ts'
import { BUNDLED_DIR, CDN_DIR, DEMO_DIR, discoverPlugins, hasBundledHost } from './lib/workspace.ts'

export const BUDGET_BEFORE_OPEN = 45 * 1024
export const BUDGET_INJECTED_CONNECT = 110 * 1024

/** The plugins a connect with a browser (injected, EIP-6963) wallet needs, up to the Account view. */
export const INJECTED_CONNECT_PLUGINS = ['evm', 'injected', 'connect', 'account']

/** The react + react-dom chunk (see splitChunks in rspack.config.ts). */
const isReactChunk = (file: string) => /^react\.[0-9a-f]+\.js$/.test(basename(file))
/** The Portico Dev Wallet's script: the test wallet the dev server adds, not part of Portico. */
const isDevWallet = (file: string) => basename(file) === DEV_WALLET_FILE
const notPortico = (file: string) => isReactChunk(file) || isDevWallet(file)

type Origin = 'demo' | 'cdn' | 'bundled'
type Loaded = { url: string; file: string; origin: Origin }
const DIRS: Record<Origin, string> = { demo: DEMO_DIR, cdn: CDN_DIR, bundled: BUNDLED_DIR }

/** Whether a source-map group is Module Federation code (its packages, or the glue the bundler inlines for it). */
const isFederationSource = (group: string) => group.startsWith('@module-federation/') || group.startsWith('federation runtime glue')

/** Estimated gzipped bytes of Module Federation code in `file` (its share of the minified bytes, from the source map). */
function federationBytes(file: string): number {
  const bySource = bytesBySource(file)
  if (!bySource) return 0
  const total = [...bySource.values()].reduce((a, b) => a + b, 0) || 1
  const federation = [...bySource.entries()].filter(([group]) => isFederationSource(group)).reduce((n, [, b]) => n + b, 0)
  return Math.round((gzipSize(file) * federation) / total)
}

type Scenario = {
  name: string
  /** Name in the summary and the over-budget list (budgeted figures). */
  short?: string
  /** Steps from the page as the previous scenario left it; records what loads meanwhile. */
  run: (page: Page) => Promise<void>
  budget?: number
  exclude?: (file: string) => boolean
  /** Add a line with the Module Federation bytes among the counted files. */
  federationNote?: boolean
}

/** One browser session on a fresh profile: a page (default the demo) with `query`, then its scenarios in order. */
type Session = { page?: 'demo' | 'bundled'; query?: Record<string, string>; scenarios: Scenario[] }

const settle = (page: Page) => page.waitForLoadState('networkidle')

async function openModal(page: Page) {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('portico-modal').waitFor({ state: 'visible', timeout: 30_000 })
}

/** Page load → open the modal → connect the Dev Wallet (the modal closes by itself) → open the Account view. */
async function injectedConnect(page: Page) {
  await page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
  await openModal(page)
  await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await page.getByTestId('connector-dev.portico.wallet').click({ timeout: 15_000 })
  await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  await openModal(page)
  await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
  await page.getByTestId('account-balance').waitFor({ state: 'visible', timeout: 30_000 })
  await settle(page)
}

const CONNECT_COMPOSITION = ['kernel', ...INJECTED_CONNECT_PLUGINS].join(' + ')

function sessions(manifest: string[]): Session[] {
  const others = manifest.filter((name) => !INJECTED_CONNECT_PLUGINS.includes(name))
  if (!hasBundledHost()) console.warn('note: hosts/bundled does not exist: no budgeted full injected-wallet connect figure')
  return [
    {
      scenarios: [
        {
          name: 'demo before the modal opens (react, react-dom excluded)',
          short: 'demo before the modal opens',
          budget: BUDGET_BEFORE_OPEN,
          exclude: notPortico,
          run: async (page) => {
            await page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
            await settle(page)
          },
        },
        {
          name: 'first open of the modal (Connect view), added',
          exclude: notPortico,
          run: async (page) => {
            await openModal(page)
            await page
              .getByTestId('view-Connect')
              .waitFor({ state: 'visible', timeout: 15_000 })
              .catch(() => console.warn('note: the Connect view did not show (is the connect plugin built?)'))
            await settle(page)
          },
        },
      ],
    },
    ...(hasBundledHost()
      ? [
          {
            page: 'bundled' as const,
            scenarios: [
              {
                name: `full injected-wallet connect (${CONNECT_COMPOSITION}, bundled host): page load → modal → Dev Wallet → Account view`,
                short: 'full injected-wallet connect',
                budget: BUDGET_INJECTED_CONNECT,
                exclude: notPortico,
                federationNote: true,
                run: injectedConnect,
              },
            ],
          },
        ]
      : []),
    {
      query: others.length ? { off: others.join(',') } : {},
      scenarios: [
        {
          name: `full injected-wallet connect, federated demo (for information; ${CONNECT_COMPOSITION} as remotes from the plugin CDN)`,
          short: 'full injected-wallet connect, federated demo',
          exclude: notPortico,
          federationNote: true,
          run: injectedConnect,
        },
      ],
    },
    {
      scenarios: [
        {
          name: `the same connect in the federated demo with every plugin of the manifest (${manifest.join(', ')}), for information`,
          exclude: notPortico,
          run: injectedConnect,
        },
      ],
    },
  ]
}

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

/** Runs one session on a fresh profile and returns its report lines and budget failures. */
type Measured = { failures: string[]; lines: string[]; summary: string[]; info: string[] }

async function measureSession(stack: Stack, session: Session): Promise<Measured> {
  const lines: string[] = []
  const failures: string[] = []
  const summary: string[] = []
  const info: string[] = []
  const browser = await launchChromium()
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    let loaded: Loaded[] = []
    const seen = new Set<string>()
    page.on('requestfinished', (req) => {
      const url = new URL(req.url())
      if (req.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return
      const origin: Origin | undefined =
        url.port === String(stack.ports.cdn)
          ? 'cdn'
          : url.port === String(stack.ports.demo)
            ? 'demo'
            : url.port === String(stack.ports.bundled)
              ? 'bundled'
              : undefined
      if (!origin) return
      const file = join(DIRS[origin], decodeURIComponent(url.pathname))
      if (existsSync(file)) loaded.push({ url: req.url(), file, origin })
    })
    const url = new URL(session.page === 'bundled' ? stack.urls.bundled : stack.urls.demo)
    for (const [k, v] of Object.entries(session.query ?? {})) url.searchParams.set(k, v)
    await page.goto(url.href, { waitUntil: 'load' })
    for (const scenario of session.scenarios) {
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
        lines.push(row(`${f.origin} ${relative(DIRS[f.origin], f.file)}`, size), ...breakdownLines(f.file, size))
      }
      const verdict = scenario.budget === undefined ? '' : total <= scenario.budget ? '  within budget' : '  OVER BUDGET'
      lines.push(row('total', total, scenario.budget === undefined ? '' : ` / budget ${fmtBytes(scenario.budget)}${verdict}`))
      const federation = scenario.federationNote ? counted.reduce((n, f) => n + federationBytes(f.file), 0) : 0
      if (scenario.federationNote) {
        lines.push(`  federation overhead in it: ~${fmtBytes(federation)} (@module-federation/* and its glue, gzip share estimated from the source maps)`)
      }
      if (excluded.length) {
        lines.push(row('not counted: ' + excluded.map((f) => basename(f.file)).join(', '), excluded.reduce((n, f) => n + gzipSize(f.file), 0)))
      }
      const label = scenario.short ?? scenario.name
      if (scenario.budget === undefined && scenario.short) {
        const note = federation ? `, of which ~${fmtBytes(federation)} Module Federation code` : ''
        info.push(`  ${label.padEnd(46)} ${fmtBytes(total).padStart(20)}${note}`)
      }
      if (scenario.budget !== undefined) {
        summary.push(`  ${label.padEnd(30)} ${fmtBytes(total).padStart(20)} / budget ${fmtBytes(scenario.budget)}${verdict}`)
        if (total > scenario.budget) failures.push(`${label}: ${fmtBytes(total)} > ${fmtBytes(scenario.budget)}`)
      }
      lines.push('')
    }
  } finally {
    await browser.close()
  }
  return { failures, lines, summary, info }
}

async function measureInBrowser(): Promise<Measured> {
  ensureChromium()
  const manifest = Object.keys(JSON.parse(readFileSync(join(CDN_DIR, 'manifest.json'), 'utf8')) as object)
  const stack = await startStack({ ports: await freePorts() })
  const out: Measured = { failures: [], lines: [], summary: [], info: [] }
  try {
    for (const session of sessions(manifest)) {
      const r = await measureSession(stack, session)
      out.failures.push(...r.failures)
      out.lines.push(...r.lines)
      out.summary.push(...r.summary)
      out.info.push(...r.info)
    }
  } finally {
    await stack.stop()
  }
  return out
}

function measureFromStats(): Measured {
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
  const verdict = total <= BUDGET_BEFORE_OPEN ? '  within budget' : '  OVER BUDGET'
  lines.push(row('total', total, ` / budget ${fmtBytes(BUDGET_BEFORE_OPEN)}${verdict}`), '')
  return {
    failures: total > BUDGET_BEFORE_OPEN ? [`demo before the modal opens: ${fmtBytes(total)} > ${fmtBytes(BUDGET_BEFORE_OPEN)}`] : [],
    lines,
    summary: [`  ${'demo before the modal opens'.padEnd(30)} ${fmtBytes(total).padStart(20)} / budget ${fmtBytes(BUDGET_BEFORE_OPEN)}${verdict}`],
    info: [],
  }
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
  // the first-open bundle (scripts/lib/build.ts): its entry and set-up chunk, against its members' own remotes
  const bundleStats = join(statsDir(), 'bundle.json')
  if (existsSync(bundleStats)) {
    const bundle = JSON.parse(readFileSync(bundleStats, 'utf8')) as { members: string[]; files: string[] }
    const own = bundle.members.reduce((n, name) => {
      const file = join(statsDir(), `${name}.json`)
      if (!existsSync(file)) return n
      const stats = JSON.parse(readFileSync(file, 'utf8')) as { entry: string; exposed: string[] }
      return n + [stats.entry, ...stats.exposed].reduce((m, f) => m + gzipSize(join(CDN_DIR, name, f)), 0)
    }, 0)
    const size = bundle.files.reduce((n, f) => n + gzipSize(join(CDN_DIR, f)), 0)
    lines.push(row(`bundle (${bundle.members.join(', ')})`, size, `   [their own remotes: ${own.toLocaleString('en-US')} B]`))
  }
  return lines
}

const fromStats = process.argv.includes('--from-stats')
if (!isBuilt()) await build()
console.log('npm run size — gzipped bytes (zlib level 9)\n')
const result = fromStats ? measureFromStats() : await measureInBrowser()
const info = result.info.length ? ['', 'for information (no budget):', ...result.info] : []
console.log([...result.lines, ...measureRemotes(), '', 'budgeted figures:', ...result.summary, ...info].join('\n'))
if (result.failures.length) {
  console.error(`\nover budget:\n  ${result.failures.join('\n  ')}`)
  process.exit(1)
}
