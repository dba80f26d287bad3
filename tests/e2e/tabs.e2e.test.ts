/**
 * Tabs in sync (issue 9 item 5): two pages of the demo in one browser profile. Connecting, switching network and
 * disconnecting in page A is followed by page B (which never opened the modal and had no session) without a wallet
 * prompt in B. The time B takes to follow is printed, not asserted.
 */
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { launchChromium, type Browser } from '../../scripts/lib/chromium.ts'
import { demoUrl, kernelState, waitForState, type DemoPage } from '../utils/browser.ts'
import { DEV_ADDRESS, PROMPTING_METHODS, connectDevWallet, openAccountView, truncated, waitForText, walletMethods } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')

let browser: Browser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
})

/**
 * A browser extension wallet holds one authorisation for all the tabs of a site; the Dev Wallet keeps its state per
 * page (read from localStorage when the page loads). This makes page B's Dev Wallet learn, like an extension, that
 * the visitor authorised the site in another tab, so B's `eth_accounts` answers. Only the grant is shared (not the
 * chain, not a revocation), so B following a network switch or a disconnect can only come from Portico's tab sync.
 * The request it makes to do so is taken out of B's wallet log, which then holds only the page's own requests.
 */
function shareAuthorisation() {
  window.addEventListener('storage', (event) => {
    const wallet = (window as any).__porticoDevWallet
    if (event.key !== 'portico-dev-wallet' || !event.newValue || !wallet || wallet.authorized) return
    try {
      if (!JSON.parse(event.newValue).authorized) return
    } catch {
      return
    }
    const at = wallet.requests.length
    void wallet.request({ method: 'eth_requestAccounts' })
    wallet.requests.splice(at, 1)
  })
}

async function openDemo(browser: Browser): Promise<Page> {
  const page = await browser.context.newPage()
  await page.goto(demoUrl(stack.urls.demo, { debug: '1' }), { waitUntil: 'load' })
  await page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
  return page
}

const prompts = async (page: Page) => (await walletMethods(page)).filter((m) => PROMPTING_METHODS.includes(m))

describe('tabs in sync', () => {
  it('connecting, switching network and disconnecting in one tab is followed by another without a wallet prompt', async () => {
    browser = await launchChromium()
    await browser.context.addInitScript(shareAuthorisation)
    const a = await openDemo(browser)
    const b = await openDemo(browser)
    const errors: string[] = []
    for (const page of [a, b]) page.on('pageerror', (e) => errors.push(String(e)))
    expect(await kernelState(b, 's => s.connection.status')).toBe('disconnected')

    // connect in A → B shows the account
    await connectDevWallet({ page: a } as DemoPage)
    let t0 = Date.now()
    await b.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 10_000 })
    const connectMs = Date.now() - t0
    expect(await b.getByTestId('demo-address').getAttribute('title')).toBe(DEV_ADDRESS)
    expect(await b.getByTestId('demo-address').textContent()).toBe(truncated(DEV_ADDRESS))
    expect(await kernelState(b, 's => s.connection.status')).toBe('connected')
    expect(await b.getByTestId('portico-modal').count()).toBe(0)
    expect(await walletMethods(b)).toContain('eth_accounts')

    // switch network in A → B follows (its wallet is not asked to switch)
    await openAccountView(a)
    await a.getByTestId('account-network').click()
    await a.getByTestId('network-eip155:31338').click()
    await waitForText(a, 'demo-network', 'Anvil 2')
    t0 = Date.now()
    await waitForText(b, 'demo-network', 'Anvil 2', 10_000)
    const switchMs = Date.now() - t0
    await waitForState(b, 's => s.chains.accounts.eip155?.caipAddress?.startsWith("eip155:31338:")')
    expect(await kernelState(b, 's => s.connection.connections.map((c) => String(c.chainId))')).toEqual(['31338'])

    // disconnect in A → B is disconnected (and does not disconnect its wallet again)
    // choosing a network takes the modal back to the Account view (a moment under load): wait for it while the modal
    // is open; open it again only when it has closed (clicking the button behind an open modal hits the backdrop)
    if (await a.getByTestId('portico-modal').isVisible()) await a.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
    else await openAccountView(a)
    await a.getByTestId('account-disconnect').click()
    await waitForState(a, 's => s.connection.status === "disconnected"')
    t0 = Date.now()
    await waitForState(b, 's => s.connection.status === "disconnected" && !s.chains.accounts.eip155?.address')
    const disconnectMs = Date.now() - t0
    await b.getByTestId('demo-address').waitFor({ state: 'hidden', timeout: 10_000 })

    expect(await prompts(b)).toEqual([])
    expect(await walletMethods(b)).not.toContain('wallet_revokePermissions')
    expect(errors).toEqual([])
    console.log(`[tabs] the other tab followed: connect ${connectMs} ms, network switch ${switchMs} ms, disconnect ${disconnectMs} ms`)
  })
})
