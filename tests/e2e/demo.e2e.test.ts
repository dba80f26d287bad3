/** The demo loads, makes no request before the modal opens, and gets the Connect view from the plugin CDN. */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, type DemoPage } from '../utils/browser.ts'
import { containerOf, isEntryOf } from '../utils/remoteEntry.ts'

const stack = inject('stack')
let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** Waits for the network to settle, then a little more, so a late timer-driven request would be seen. */
async function settle(d: DemoPage) {
  await d.page.waitForLoadState('networkidle')
  await d.page.waitForTimeout(1500)
}

describe('demo host', () => {
  it('loads and shows the page and the connect button', async () => {
    demo = await openPage(stack.urls.demo)
    await expect(demo.page.title()).resolves.toBe('Portico demo')
    expect(await demo.page.getByTestId('connect-button').isVisible()).toBe(true)
    expect(await demo.page.getByRole('heading', { level: 1 }).textContent()).toMatch(/wallet/i)
    expect(demo.pageErrors).toEqual([])
    expect(demo.console.filter((m) => m.type === 'error')).toEqual([])
  })

  it('makes no network request before the modal is opened', async () => {
    demo = await openPage(stack.urls.demo)
    await settle(demo)
    const before = [...demo.requests]
    // only the page's own document, scripts and styles, all from the demo's origin
    const foreign = before.filter((r) => r.origin !== stack.urls.demo || !['document', 'script', 'stylesheet'].includes(r.resourceType))
    expect(foreign, `requests before open: ${JSON.stringify(foreign, null, 1)}`).toEqual([])
    expect(before.filter((r) => r.resourceType === 'document')).toHaveLength(1)
    expect(before.some((r) => r.path.endsWith('favicon.ico'))).toBe(false)

    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    const after = demo.requests.slice(before.length)
    // the manifest is inlined in the page by its server, so only the plugins themselves are fetched
    expect(after.some((r) => r.url === stack.urls.manifest)).toBe(false)
    expect(after.some((r) => r.origin === stack.urls.cdn && isEntryOf(r.path, 'connect', stack.cdnDir))).toBe(true)
    // and each chunk the manifest hints once: the entry's own loads are served from the preload
    const chunks = after.filter((r) => r.origin === stack.urls.cdn && !r.path.endsWith('/remoteEntry.js'))
    expect(chunks.length).toBeGreaterThan(0)
    expect(new Set(chunks.map((r) => r.path)).size).toBe(chunks.length)
  })

  it('renders the Connect view from the remote plugin on the CDN origin', async () => {
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('portico-modal').waitFor({ state: 'visible' })
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })

    const entry = demo.requests.find((r) => isEntryOf(r.path, 'connect', stack.cdnDir))
    expect(entry?.origin).toBe(stack.urls.cdn)
    expect(entry?.origin).not.toBe(new URL(demo.page.url()).origin)
    // the container the remote defines is the one the kernel loaded it through
    expect(await demo.page.evaluate((name) => typeof (window as any)[name], containerOf('connect', stack.cdnDir))).not.toBe('undefined')
    const plugin = await kernelState(demo.page, 's => s.plugins.byName.connect')
    expect(plugin).toMatchObject({ status: 'ready', source: 'remote' })
    expect(await demo.page.getByTestId('header-title').textContent()).toBeTruthy()
    expect(demo.pageErrors).toEqual([])
  })
})
