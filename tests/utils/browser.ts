/**
 * A Chromium page on the demo with everything the e2e tests check recorded: every request from page load on,
 * console messages, page errors and Content-Security-Policy violations.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../../scripts/lib/chromium.ts'
import { ROOT } from '../../scripts/lib/workspace.ts'

export type RecordedRequest = { url: string; origin: string; path: string; resourceType: string; method: string; at: number }
export type CspViolation = { directive: string; blockedURI: string; sourceFile?: string }

export type DemoPage = {
  page: Page
  context: BrowserContext
  requests: RecordedRequest[]
  console: { type: string; text: string }[]
  pageErrors: string[]
  cspViolations: CspViolation[]
  close: () => Promise<void>
}

export type OpenOptions = {
  colorScheme?: 'light' | 'dark'
  viewport?: { width: number; height: number }
  /** Wait for the connect button (default true). */
  waitReady?: boolean
}

export async function openPage(url: string, options: OpenOptions = {}): Promise<DemoPage> {
  const browser = await launchChromium({ colorScheme: options.colorScheme, viewport: options.viewport })
  const { context } = browser
  const requests: RecordedRequest[] = []
  const consoleMessages: { type: string; text: string }[] = []
  const pageErrors: string[] = []
  const cspViolations: CspViolation[] = []
  const started = Date.now()
  context.on('request', (req) => {
    const u = new URL(req.url())
    requests.push({ url: req.url(), origin: u.origin, path: u.pathname, resourceType: req.resourceType(), method: req.method(), at: Date.now() - started })
  })
  await context.exposeFunction('__porticoCspViolation', (v: CspViolation) => cspViolations.push(v))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as any).__porticoCspViolation({ directive: e.violatedDirective, blockedURI: e.blockedURI, sourceFile: e.sourceFile })
    })
  })
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('console', (m) => consoleMessages.push({ type: m.type(), text: m.text() }))
  page.on('pageerror', (e) => pageErrors.push(String(e)))
  await page.goto(url, { waitUntil: 'load' })
  if (options.waitReady !== false) await page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
  return { page, context, requests, console: consoleMessages, pageErrors, cspViolations, close: browser.close }
}

/** `url` with `?debug` (the demo then exposes the kernel as `window.__portico`) and other query parameters. */
export function demoUrl(base: string, query: Record<string, string> = {}): string {
  const u = new URL(base)
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
  return u.href
}

/** Reads kernel state through `window.__portico` (the demo exposes it with `?debug`). */
export function kernelState<T = any>(page: Page, select: string = 's => s'): Promise<T> {
  return page.evaluate(`(${select})(window.__portico.getState())`) as Promise<T>
}

/** Calls the kernel in the page: `callKernel(page, 'k => k.notify.toast("hi", "success")')`. */
export function callKernel<T = unknown>(page: Page, fn: string): Promise<T> {
  return page.evaluate(`Promise.resolve((${fn})(window.__portico)).then(() => undefined)`) as Promise<T>
}

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots')

/** Saves a screenshot to test-results/screenshots/<name>.png; `fullPage` takes the whole page, not the viewport. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path, fullPage: options.fullPage })
  return path
}

/** Waits until `predicate(state)` holds in the page (polls the kernel state). */
export async function waitForState(page: Page, predicate: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction(`(${predicate})(window.__portico.getState())`, undefined, { timeout })
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string; summary: string }[] }

/**
 * Runs axe-core in the page (injected as an inline script, so only on pages without a strict CSP) and returns the
 * violations of impact `serious` or `critical`, each with the offending nodes.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => typeof (window as any).axe === 'object')
  if (!hasAxe) {
    const { default: axe } = await import('axe-core')
    await page.addScriptTag({ content: axe.source })
  }
  return page.evaluate(async (include) => {
    const axe = (window as any).axe
    const result = await axe.run(include ? { include: [include] } : document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n: any) => ({ target: n.target.map(String), html: String(n.html), summary: String(n.failureSummary ?? '') })),
      }))
  }, options.include)
}
