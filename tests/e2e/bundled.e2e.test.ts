/**
 * The bundled host (hosts/bundled): the kernel with the evm, injected, connect and account plugins in the page's
 * own bundle (`createKernel({ plugins: [evm(), injected(), connect(), account()] })`), no plugin CDN and no
 * federation. Proves the plugins work bundled: no request before the modal opens; the Connect view; the Dev
 * Wallet connects and the Account view shows the address and the balance read from the chain.
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { DEV_ADDRESS, DEV_CONNECTOR, chainClients, connectDevWallet, floor3, openAccountView, truncated, waitForText, walletMethods } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chains = chainClients(stack)
const BUNDLED = ['evm', 'injected', 'connect', 'account']

let host: DemoPage | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

/** A fresh profile on the bundled host (debug exposes the kernel as `window.__portico`). */
async function open() {
  host = await openPage(demoUrl(stack.urls.bundled, { debug: '1' }))
  return host
}

describe('bundled host', () => {
  it('loads and makes no network request before the modal is opened', async () => {
    const h = await open()
    await expect(h.page.title()).resolves.toBe('Portico, bundled plugins')
    await h.page.waitForLoadState('networkidle')
    await h.page.waitForTimeout(1500)
    // only the page's own document, scripts (its bundle and the Dev Wallet) and styles
    const foreign = h.requests.filter((r) => r.origin !== stack.urls.bundled || !['document', 'script', 'stylesheet'].includes(r.resourceType))
    expect(foreign, `requests before open: ${JSON.stringify(foreign, null, 1)}`).toEqual([])
    expect(h.requests.filter((r) => r.resourceType === 'document')).toHaveLength(1)
    expect(await h.page.getByTestId('demo-account-empty').isVisible()).toBe(true)
    // the four plugins are set up from the bundle, none from a CDN
    const plugins = await kernelState<Record<string, { status: string; source: string }>>(h.page, 's => s.plugins.byName')
    for (const name of BUNDLED) expect(plugins[name], name).toMatchObject({ status: 'ready', source: 'bundled' })
    expect(h.pageErrors).toEqual([])
    expect(h.console.filter((m) => m.type === 'error')).toEqual([])
  })

  it('opens on the Connect view with the Dev Wallet listed, fetching nothing from the plugin CDN', async () => {
    const h = await open()
    const before = h.requests.length
    await h.page.getByTestId('connect-button').click()
    await h.page.getByTestId('portico-modal').waitFor({ state: 'visible' })
    await h.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    await h.page.getByTestId(DEV_CONNECTOR).waitFor({ state: 'visible' })
    await h.page.waitForLoadState('networkidle')
    const after = h.requests.slice(before)
    expect(after.filter((r) => r.origin === stack.urls.cdn)).toEqual([])
    expect(after.some((r) => r.path.endsWith('remoteEntry.js') || r.path.endsWith('manifest.json'))).toBe(false)
    // no federation runtime started: the modal's lazy chunks come from the page's own origin
    expect(after.filter((r) => r.resourceType === 'script' && r.origin !== stack.urls.bundled)).toEqual([])
    expect(await h.page.evaluate(() => typeof (globalThis as any).__FEDERATION__)).toBe('undefined')
    expect(h.pageErrors).toEqual([])
  })

  it('connects the Dev Wallet; the page and the Account view show the address and the balance', async () => {
    const h = await open()
    await connectDevWallet(h)
    expect(await h.page.getByTestId('demo-address').getAttribute('title')).toBe(DEV_ADDRESS)
    expect(await h.page.getByTestId('demo-address').textContent()).toBe(truncated(DEV_ADDRESS))
    expect(await h.page.getByTestId('demo-network').textContent()).toBe('Anvil')
    expect(await kernelState(h.page, 's => s.connection.status')).toBe('connected')
    expect(await walletMethods(h.page)).toContain('eth_requestAccounts')

    const expected = `${floor3(await chains[31337].getBalance({ address: DEV_ADDRESS }))} ETH`
    await waitForText(h.page, 'demo-balance', expected)
    await openAccountView(h.page)
    expect(await h.page.getByTestId('account-address').textContent()).toBe(truncated(DEV_ADDRESS))
    await waitForText(h.page, 'account-balance', expected)
    await h.page.waitForTimeout(300)
    await screenshot(h.page, 'bundled-account-light')
    expect(h.requests.filter((r) => r.origin === stack.urls.cdn)).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
