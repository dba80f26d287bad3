/**
 * The composer (hosts/composer): a person picks plugins from the CDN manifest, theme and flags, and sees the real
 * modal change in place. Picking a connector and a language pack loads them from the plugin CDN into the live
 * modal without a reload; switching the theme changes the modal's colours; the copied options and remotes name
 * exactly the picked plugins (and the code's link opens the same modal in a fresh browser); the URL hash keeps the
 * composition across a reload; a manifest or a plugin that fails is reported while the rest keeps working.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, inject } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import type {} from '../utils/stack.ts'
import { bundleOf, isRemoteEntry } from '../utils/remoteEntry.ts'

const stack = inject('stack')
const VIEWPORT = { width: 1360, height: 1000 }

let host: DemoPage | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

/** The composer with `hash` (a composition) and `?debug` (its preview's kernel as `window.__portico`). */
async function open(hash = '', query: Record<string, string> = {}) {
  const url = new URL(stack.urls.composer)
  url.searchParams.set('debug', '1')
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  url.hash = hash
  host = await openPage(url.href, { waitReady: false, viewport: VIEWPORT })
  await host.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.urls.composer })
  return host
}

const preview = (page: Page) => page.getByTestId('preview-stage')

/** Waits for the preview's modal to show the Connect view with every plugin settled. */
async function previewReady(page: Page) {
  await preview(page).getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await page.waitForFunction(() => {
    const byName = (window as any).__portico?.getState().plugins.byName ?? {}
    return Object.values(byName).every((p: any) => p.status !== 'loading')
  }, undefined, { timeout: 30_000 })
}

/** The composer's documents the page has loaded (a reload or another page would add one; hash changes do not). */
const documents = (h: DemoPage) => h.requests.filter((r) => r.resourceType === 'document' && r.origin === stack.urls.composer)

/** The copy button's state (`idle`, `copied`, `failed`) once it says "Copied". */
async function copied(page: Page, testId: string) {
  await expect.poll(() => page.getByTestId(testId).getAttribute('data-state')).toBe('copied')
  expect(await page.getByTestId(testId).locator('span').first().textContent()).toBe('Copied')
}

const background = (page: Page) => preview(page).getByTestId('portico-modal').evaluate((el) => getComputedStyle(el).backgroundColor)

/** The plugin names the generated `features` switches on, and those it switches off. */
function featuresOf(code: string) {
  const block = code.slice(code.indexOf('features: {'), code.indexOf('\n  },', code.indexOf('features: {')))
  const entries = [...block.matchAll(/^ {4}'?([a-z][a-z0-9-]*)'?: (.+?),?$/gm)].map((m) => [m[1]!, m[2]!] as const)
  return { on: entries.filter(([, v]) => v !== 'false').map(([k]) => k).sort(), off: entries.filter(([, v]) => v === 'false').map(([k]) => k).sort() }
}

/** What the preview's modal is made of: its ready plugins, the connectors it lists, its title, language and theme. */
async function modalSummary(page: Page) {
  const modal = preview(page).getByTestId('portico-modal')
  return {
    ready: Object.entries(await page.evaluate(() => (window as any).__portico.getState().plugins.byName as Record<string, { status: string }>))
      .filter(([, p]) => p.status === 'ready')
      .map(([name]) => name)
      .sort(),
    connectors: await modal.locator('[data-testid^="connector-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    title: await modal.getByTestId('header-title').textContent(),
    root: await preview(page).locator('.portico-root').evaluate((el) => ({ theme: el.getAttribute('data-theme'), lang: el.getAttribute('lang') })),
  }
}

const manifest = () => JSON.parse(readFileSync(join(stack.cdnDir, 'manifest.json'), 'utf8')) as Record<string, { entry: string; integrity: string }>

describe('composer', () => {
  it('picking a connector and a language pack shows them in the live modal, loaded from the CDN, without a reload', async () => {
    const h = await open()
    const { page } = h
    await expect(page.title()).resolves.toBe('Portico composer')
    await previewReady(page)
    await page.evaluate(() => ((window as any).__sameDocument = true))
    expect(await preview(page).getByTestId('connector-walletConnect').count()).toBe(0)
    expect(h.requests.some((r) => isRemoteEntry(r.path, 'walletconnect'))).toBe(false)
    await screenshot(page, 'composer-light')
    await screenshot(page, 'composer-controls-light', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    // by keyboard: Space on the focused checkbox picks the plugin
    await page.getByTestId('plugin-walletconnect').focus()
    await page.keyboard.press('Space')
    await preview(page).getByTestId('connector-walletConnect').waitFor({ state: 'visible', timeout: 30_000 })
    // downloaded once: its own entry, or the first-open bundle that holds it once most of the bundle is picked
    const bundle = bundleOf(stack.cdnDir, 'walletconnect')
    const from = (path: string) => isRemoteEntry(path, 'walletconnect') || (bundle !== undefined && path === `/${bundle.entry}`)
    expect(h.requests.filter((r) => from(r.path) && r.origin === stack.urls.cdn)).toHaveLength(1)

    await page.getByTestId('plugin-locale-es').check()
    await expect.poll(() => preview(page).getByTestId('header-title').textContent(), { timeout: 30_000 }).toBe('Conectar billetera')
    await expect(page.getByTestId('locale-select').inputValue()).resolves.toBe('es')
    expect(h.requests.some((r) => isRemoteEntry(r.path, 'locale-es'))).toBe(true)
    // the connector picked before is still there, now in Spanish
    await expect(preview(page).getByTestId('connector-walletConnect').isVisible()).resolves.toBe(true)
    await screenshot(page, 'composer-picked-es-light')

    // back to English at runtime: the language pack stays picked, the running modal switches
    await page.getByTestId('locale-select').selectOption('en')
    await expect.poll(() => preview(page).getByTestId('header-title').textContent()).toBe('Connect Wallet')

    expect(documents(h)).toHaveLength(1)
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true)
    expect(new URL(page.url()).hash).toBe('#plugins=evm,injected,connect,account,walletconnect,locale-es')
    expect(h.pageErrors).toEqual([])
  })

  it('switching the theme changes the modal’s colours; the hash keeps the composition across a reload', async () => {
    const h = await open()
    const { page } = h
    await previewReady(page)
    const light = await background(page)
    expect(light).toBe('rgb(255, 255, 255)')

    await page.getByTestId('theme-dark').check()
    await expect.poll(() => background(page)).not.toBe(light)
    const dark = await background(page)
    await page.getByTestId('theme-accent').fill('#e11d48')
    const accent = () => preview(page).locator('.portico-root').evaluate((el) => getComputedStyle(el).getPropertyValue('--portico-accent').trim())
    await expect.poll(accent).toBe('#e11d48')
    await page.getByTestId('plugin-account').uncheck()
    await page.getByTestId('plugin-walletconnect').check()
    await page.getByTestId('order-wallet-up').click()
    await page.getByTestId('flag-collapseWallets').check()
    await previewReady(page)
    await screenshot(page, 'composer-dark')
    expect(await axeViolations(page)).toEqual([])
    const hash = new URL(page.url()).hash
    expect(hash).toBe('#plugins=evm,injected,connect,walletconnect&theme=dark&accent=%23e11d48&order=email,wallet,social&collapse=1')
    await page.getByTestId('copy-link').click()
    await copied(page, 'copy-link')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${stack.urls.composer}/${hash}`)

    await page.reload({ waitUntil: 'load' })
    await previewReady(page)
    expect(new URL(page.url()).hash).toBe(hash)
    expect(await background(page)).toBe(dark)
    await expect.poll(accent).toBe('#e11d48')
    await expect(page.getByTestId('theme-dark').isChecked()).resolves.toBe(true)
    for (const name of ['evm', 'injected', 'connect', 'walletconnect']) await expect(page.getByTestId(`plugin-${name}`).isChecked()).resolves.toBe(true)
    for (const name of ['account', 'solana', 'email', 'locale-es']) await expect(page.getByTestId(`plugin-${name}`).isChecked()).resolves.toBe(false)
    await expect(page.getByTestId('flag-collapseWallets').isChecked()).resolves.toBe(true)
    await expect(page.getByTestId('order-email').locator('xpath=following-sibling::li[1]').getAttribute('data-testid')).resolves.toBe('order-wallet')
    expect(await h.page.evaluate(() => (window as any).__portico.getState().plugins.byName.account)).toBeUndefined()
    expect(h.pageErrors).toEqual([])
  })

  it('the copied options switch on exactly the picked plugins, the copied remotes list exactly them, and the code’s link opens the same modal in a fresh browser', async () => {
    const h = await open('#plugins=evm,injected,connect,account')
    const { page } = h
    await previewReady(page)
    await page.getByTestId('plugin-walletconnect').check()
    await page.getByTestId('plugin-account').uncheck()
    await page.getByTestId('plugin-locale-ja').check()
    await page.getByTestId('theme-dark').check()

    await page.getByTestId('copy-options').click()
    await copied(page, 'copy-options')
    const code = await page.evaluate(() => navigator.clipboard.readText())
    const picked = ['connect', 'evm', 'injected', 'locale-ja', 'walletconnect']
    const all = Object.keys(manifest()).sort()
    expect(featuresOf(code)).toEqual({ on: picked, off: all.filter((n) => !picked.includes(n)) })
    expect(code).toContain("themeMode: 'dark'")
    expect(code).toContain("locale: 'ja'")
    expect(code).toContain(`remotes: { manifestUrl: '${stack.urls.manifest}' }`)
    expect(code).toMatch(/^import \{ createKernel \} from '@portico\/kernel'/)
    // what is shown is what is copied
    expect(await page.getByTestId('output-options').textContent()).toBe(code)
    // the comment links back to this very composition
    expect(code).toContain(`// Composed with the Portico composer: ${stack.urls.composer}/${new URL(page.url()).hash}\n`)

    // the tabs follow the arrow keys
    await page.getByTestId('output-tab-options').focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('output-tab-remotes').getAttribute('aria-selected')).resolves.toBe('true')
    await screenshot(page, 'composer-remotes-dark')
    await page.getByTestId('copy-remotes').click()
    await copied(page, 'copy-remotes')
    const remotes = await page.evaluate(() => navigator.clipboard.readText())
    const listed = remotes.split('\n').filter((l) => /^[a-z][a-z0-9-]*\/ /.test(l)).map((l) => l.split('/')[0]).sort()
    expect(listed).toEqual(picked)
    const deployed = JSON.parse(remotes.slice(remotes.indexOf('{')))
    expect(Object.keys(deployed).sort()).toEqual(picked)
    expect(deployed.walletconnect.integrity).toBe(manifest().walletconnect!.integrity)
    expect(h.pageErrors).toEqual([])

    // the link in the code opens the same modal in a fresh browser: same plugins, connectors, language and theme
    const link = /Composed with the Portico composer: (\S+)/.exec(code)![1]!
    const first = await modalSummary(page)
    expect(first.ready).toEqual(picked)
    await h.close()
    const fresh = await openPage(`${link.replace('/#', '/?debug=1#')}`, { waitReady: false, viewport: VIEWPORT })
    host = fresh
    await previewReady(fresh.page)
    expect(await modalSummary(fresh.page)).toEqual(first)
  })

  it('error: a manifest that cannot be read is reported with a retry, and the rest keeps working', async () => {
    const missing = `${stack.urls.cdn}/nowhere/manifest.json`
    const h = await open('', { manifest: missing })
    const { page } = h
    await page.getByTestId('manifest-error').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await page.getByTestId('manifest-error').textContent()).toContain(`The plugin manifest at ${missing} answered HTTP status code: 404.`)
    await expect(page.getByTestId('preview-waiting').isVisible()).resolves.toBe(true)
    // theme and flags still work and are kept in the hash
    await page.getByTestId('theme-dark').check()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(new URL(page.url()).hash).toContain('theme=dark')
    await screenshot(page, 'composer-manifest-error-dark')

    // the CDN answers now: "Try again" loads it (entries made absolute, since this manifest sits elsewhere)
    const served = Object.fromEntries(Object.entries(manifest()).map(([name, e]) => [name, { ...e, entry: `${stack.urls.cdn}/${e.entry}` }]))
    await page.route(missing, (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(served) }))
    await page.getByTestId('manifest-retry').click()
    await previewReady(page)
    await expect(page.getByTestId('plugin-connect').isChecked()).resolves.toBe(true)
    expect(h.pageErrors).toEqual([])
  })

  it('error: a plugin that fails to load is named with its reason; the rest of the modal works', async () => {
    const url = `${stack.urls.cdn}/tampered/manifest.json`
    // walletconnect's entry with another file's hash: the browser refuses its bytes
    const served = Object.fromEntries(
      Object.entries(manifest()).map(([name, e]) => [
        name,
        { ...e, entry: `${stack.urls.cdn}/${e.entry}`, ...(name === 'walletconnect' ? { integrity: manifest().injected!.integrity } : {}) },
      ]),
    )
    const h = await open('#plugins=evm,injected,walletconnect,connect,account&theme=dark', { manifest: url })
    const { page } = h
    // nothing is at that URL yet: the page reports it; then the tampered manifest is served and read on "Try again"
    await page.getByTestId('manifest-error').waitFor({ state: 'visible', timeout: 30_000 })
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(served) }))
    await page.getByTestId('manifest-retry').click()
    await page.getByTestId('preview-plugin-error-walletconnect').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await page.getByTestId('preview-plugin-error-walletconnect').textContent()).toMatch(/walletconnect: .*integrity/i)
    await previewReady(page)
    expect(await preview(page).getByTestId('connector-walletConnect').count()).toBe(0)
    await screenshot(page, 'composer-plugin-error-dark')
  })
})
