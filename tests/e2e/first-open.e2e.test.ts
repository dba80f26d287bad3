/**
 * The first open: with `preload: 'intent'` (the default) nothing is requested until the visitor points at the
 * Connect button, which starts loading the modal; each remote entry is downloaded once (its script tag carries the
 * manifest's hash); the Connect view shows before the plugins it does not need (Account tabs, analytics) are
 * requested. Prints the click → Connect view time of the demo and the bundled host (figures, not assertions).
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { demoUrl, kernelState, openPage, type DemoPage } from '../utils/browser.ts'
import { isRemoteEntry, remoteEntryPath } from '../utils/remoteEntry.ts'

const stack = inject('stack')
/** Plugins that load after the first view (`activation: 'idle'`). */
const AFTER_FIRST_VIEW = ['portfolio', 'history', 'analytics']

let host: DemoPage | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

async function settle(d: DemoPage) {
  await d.page.waitForLoadState('networkidle')
  await d.page.waitForTimeout(1000)
}

/** Records, in the page's clock, when the click lands and when the Connect view with a row is in the document. */
async function watchFirstOpen(page: Page) {
  await page.evaluate(() => {
    const w = window as any
    const probe = (w.__firstOpen = {} as { click?: number; view?: number; row?: number })
    document.addEventListener('click', () => void (probe.click ??= performance.now()), { capture: true })
    const check = () => {
      const view = document.querySelector('[data-testid="view-Connect"]')
      if (view) probe.view ??= performance.now()
      if (view?.querySelector('[data-testid^="connector-"], [data-testid^="wallet-"]')) {
        probe.row ??= performance.now()
        observer.disconnect()
      }
    }
    const observer = new MutationObserver(check)
    observer.observe(document.body, { subtree: true, childList: true })
  })
}

/** Clicks the button and returns click → Connect view (title and a row) in ms, as the page measured it. */
async function clickToConnect(page: Page): Promise<{ view: number; row: number | undefined; clickAt: number; viewAt: number }> {
  await watchFirstOpen(page)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('view-Connect').waitFor({ state: 'visible' })
  await page.waitForFunction(() => (window as any).__firstOpen.row !== undefined, undefined, { timeout: 5000 }).catch(() => {})
  const p = await page.evaluate(() => (window as any).__firstOpen as { click: number; view: number; row?: number })
  return { view: p.view - p.click, row: p.row === undefined ? undefined : p.row - p.click, clickAt: p.click, viewAt: p.view }
}

/** When (page clock) each matching resource was requested. */
const resourceStarts = (page: Page, part: string) =>
  page.evaluate((p) => performance.getEntriesByType('resource').filter((e) => e.name.includes(p)).map((e) => e.startTime), part)

/** Cold opens measured per host for the printed figure (a median, not an assertion). */
const RUNS = 3
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (n: number | undefined) => (n === undefined ? 'n/a' : `${Math.round(n)} ms`)

describe('first open (demo, plugins from the CDN)', () => {
  it("with preload 'intent': nothing before the hover, the hover starts loading, one download per remote, the Connect view before the Account tabs' and analytics' remotes", async () => {
    host = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await settle(host)
    const beforeHover = [...host.requests]
    const foreign = beforeHover.filter((r) => r.origin !== stack.urls.demo || !['document', 'script', 'stylesheet'].includes(r.resourceType))
    expect(foreign, `requests before intent: ${JSON.stringify(foreign, null, 1)}`).toEqual([])

    // the server inlined the manifest in the page: the hover goes straight to the plugins
    const firstEntry = host.page.waitForRequest((r) => r.url().startsWith(stack.urls.cdn) && r.url().endsWith('/remoteEntry.js'))
    await host.page.getByTestId('connect-button').hover()
    await firstEntry
    expect(host.requests.some((r) => r.url === stack.urls.manifest)).toBe(false)
    await host.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName.connect?.status === 'ready')
    expect(await kernelState(host.page, 's => s.modal.open')).toBe(false)
    // the first view's plugins were loaded by the hover, the rest were not
    for (const name of AFTER_FIRST_VIEW) expect(host.requests.some((r) => isRemoteEntry(r.path, name)), name).toBe(false)

    const t = await clickToConnect(host.page)
    // after the view shows, the plugins it did not need load
    await host.page.waitForFunction(
      (names) => names.every((n) => ['ready', 'failed'].includes((window as any).__portico.getState().plugins.byName[n]?.status)),
      AFTER_FIRST_VIEW,
      { timeout: 15_000 },
    )
    for (const name of AFTER_FIRST_VIEW) {
      const starts = await resourceStarts(host.page, remoteEntryPath(stack.cdnDir, name))
      expect(starts, name).toHaveLength(1)
      expect(starts[0]!, `${name} requested after the Connect view showed`).toBeGreaterThan(t.viewAt)
    }
    await settle(host)
    const entries = host.requests.filter((r) => r.origin === stack.urls.cdn && r.path.endsWith('/remoteEntry.js'))
    const counts = new Map<string, number>()
    for (const r of entries) counts.set(r.path, (counts.get(r.path) ?? 0) + 1)
    expect(counts.size).toBeGreaterThan(3)
    for (const [path, n] of counts) expect(n, `${path} requests`).toBe(1)
    expect(entries.every((r) => r.resourceType === 'script')).toBe(true)
    console.log(`[first-open] demo, preloaded on hover: click → Connect view ${ms(t.view)}, with a row ${ms(t.row)}`)
    expect(host.pageErrors).toEqual([])
  })

  it("prints click → Connect view for the demo with preload 'none' and a cold cache (hovering requests nothing)", async () => {
    const runs: number[] = []
    for (let i = 0; i < RUNS; i++) {
      host = await openPage(demoUrl(stack.urls.demo, { debug: '1', preload: 'none' }))
      await settle(host)
      const before = host.requests.length
      await host.page.getByTestId('connect-button').hover()
      await host.page.waitForTimeout(300)
      expect(host.requests.slice(before)).toEqual([])
      const t = await clickToConnect(host.page)
      runs.push(t.row ?? t.view)
      await host.close()
      host = undefined
    }
    console.log(`[first-open] demo, preload 'none' (cold): click → Connect view with a row, median ${ms(median(runs))} of ${runs.map(ms).join(', ')}`)
    expect(runs.every((r) => r > 0)).toBe(true)
  })
})

describe('first open (bundled host)', () => {
  it("with preload 'intent': the hover fetches the modal's chunks; prints click → Connect view", async () => {
    host = await openPage(demoUrl(stack.urls.bundled, { debug: '1' }))
    await settle(host)
    const before = host.requests.length
    await host.page.getByTestId('connect-button').hover()
    await host.page.waitForLoadState('networkidle')
    const onHover = host.requests.slice(before)
    expect(onHover.some((r) => r.resourceType === 'script' && r.origin === stack.urls.bundled)).toBe(true)
    expect(await kernelState(host.page, 's => s.modal.open')).toBe(false)
    const t = await clickToConnect(host.page)
    console.log(`[first-open] bundled, preloaded on hover: click → Connect view ${ms(t.view)}, with a row ${ms(t.row)}`)
  })

  it("prints click → Connect view for the bundled host with preload 'none'", async () => {
    const runs: number[] = []
    for (let i = 0; i < RUNS; i++) {
      host = await openPage(demoUrl(stack.urls.bundled, { debug: '1', preload: 'none' }))
      await settle(host)
      const t = await clickToConnect(host.page)
      runs.push(t.row ?? t.view)
      await host.close()
      host = undefined
    }
    console.log(`[first-open] bundled, preload 'none' (cold): click → Connect view with a row, median ${ms(median(runs))} of ${runs.map(ms).join(', ')}`)
    expect(runs.every((r) => r > 0)).toBe(true)
  })
})
