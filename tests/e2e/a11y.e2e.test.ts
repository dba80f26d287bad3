/**
 * Accessibility in Chromium: axe-core on every view the e2e reaches, in light and dark (no serious or critical
 * violation; text contrast is axe's `color-contrast` rule), and a keyboard-only walk through the modal — open,
 * connect the Dev Wallet, switch network, go back, disconnect — with focus back on the opener once it closes.
 *
 * axe is injected as an inline script, which only the non-CSP demo allows (csp.e2e.test.ts covers the strict page).
 */
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { axeViolations, callKernel, demoUrl, openPage, waitForState, type AxeViolation, type DemoPage } from '../utils/browser.ts'
import { DEV_CONNECTOR, waitUntilStill } from '../utils/devWallet.ts'
import { freshEmail, submitEmail, typeCode, waitForCode, waitForEmbeddedAddress } from '../utils/email.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** Lets the modal's view transition and fades finish, so axe measures final colours. */
const settle = (page: Page) => page.waitForTimeout(450)

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} ${n.html}: ${n.summary.replace(/\n/g, ' ')}`).join('\n')}`).join('\n')

describe.each(['light', 'dark'] as const)('axe on every view (%s)', (theme) => {
  it('no serious or critical violation on Connect, AllWallets, ConnectingWalletConnect, ConnectingExternal, Account tabs, Networks, UnsupportedChain and the toast', async () => {
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    const { page } = demo
    const found: Record<string, AxeViolation[]> = {}
    const check = async (name: string) => {
      await settle(page)
      const violations = await axeViolations(page)
      if (violations.length) found[name] = violations
    }

    await check('demo page')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId(DEV_CONNECTOR).waitFor({ state: 'visible', timeout: 30_000 })
    await check('Connect')

    // AllWallets: browsing, search results, nothing found
    await page.getByTestId('all-wallets').click()
    await page.getByTestId('all-wallets-list').waitFor({ state: 'visible', timeout: 30_000 })
    await check('AllWallets')
    await page.getByTestId('all-wallets-search').fill('meta')
    await page.locator('[data-testid=all-wallets-list] [data-testid^=wallet-]').first().waitFor({ state: 'visible', timeout: 30_000 })
    await check('AllWallets (search results)')
    await page.getByTestId('all-wallets-search').fill('zzqqxxnothing')
    await page.getByTestId('all-wallets-no-results').waitFor({ state: 'visible', timeout: 30_000 })
    await check('AllWallets (no wallet found)')
    await page.getByTestId('header-back').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible' })

    // WalletConnect's QR code
    await page.getByTestId('connector-walletConnect').click()
    await page.locator('[data-testid=wc-qr][data-uri]').waitFor({ state: 'visible', timeout: 30_000 })
    await check('ConnectingWalletConnect')
    await page.getByTestId('header-back').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible' })

    // ConnectingExternal: the wallet declines, the view offers a retry; the retry connects
    await page.evaluate(() => (window as any).__porticoDevWallet.setMode('reject'))
    await waitUntilStill(page, DEV_CONNECTOR)
    await page.getByTestId(DEV_CONNECTOR).click()
    await page.getByTestId('connecting-retry').waitFor({ state: 'visible', timeout: 30_000 })
    await check('ConnectingExternal (declined)')
    await page.evaluate(() => (window as any).__porticoDevWallet.setMode('approve'))
    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
    await check('demo page (connected)')

    // Account and its tabs
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
    await page.waitForFunction(() => /\d.*ETH/.test(document.querySelector('[data-testid=account-balance]')?.textContent ?? ''), undefined, { timeout: 20_000 })
    for (const tab of ['tokens', 'nfts', 'activity']) {
      const button = page.getByTestId(`tab-${tab}`)
      if (await button.count()) {
        await button.click()
        await page.waitForTimeout(1500) // the tab's data arrives from the api
        await check(`Account (${tab})`)
      }
    }

    await page.getByTestId('account-network').click()
    await page.getByTestId('view-Networks').waitFor({ state: 'visible' })
    await check('Networks')
    await callKernel(page, 'k => k.close()')
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden' })

    await page.evaluate(() => (window as any).__porticoDevWallet.moveToChain(1337))
    await page.getByTestId('view-UnsupportedChain').waitFor({ state: 'visible', timeout: 20_000 })
    await check('UnsupportedChain')

    await callKernel(page, 'k => k.notify.toast("Address copied", "success")')
    await page.getByTestId('toast').waitFor({ state: 'visible' })
    await check('toast')

    if (Object.keys(found).length) console.log(Object.entries(found).map(([view, v]) => `── ${view} (${theme})\n${describeViolations(v)}`).join('\n'))
    expect(Object.fromEntries(Object.entries(found).map(([view, v]) => [view, v.map((x) => x.id)]))).toEqual({})
  })

  it('no serious or critical violation on the email views: the method with an error, the code, the account settings, Edit Email and ApproveTransaction', async () => {
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    const { page } = demo
    const found: Record<string, AxeViolation[]> = {}
    const check = async (name: string) => {
      await settle(page)
      const violations = await axeViolations(page)
      if (violations.length) found[name] = violations
    }
    await page.getByTestId('connect-button').click()
    await page.getByTestId('email-input').fill('not-an-email')
    await page.getByTestId('email-submit').click()
    await page.getByTestId('email-error').waitFor({ state: 'visible' })
    await check('Connect (Invalid email)')
    const email = freshEmail('a11y')
    const since = Date.now() - 1000
    await page.getByTestId('email-input').fill(email)
    await submitEmail(page, ['view-EmailVerifyOtp'])
    await check('EmailVerifyOtp')
    await typeCode(page, await waitForCode(stack.urls.frame, email, since))
    await waitForEmbeddedAddress(page)
    await page.getByTestId('connect-button').click()
    await page.getByTestId('account-update-email').waitFor({ state: 'visible' })
    await check('Account (with account settings)')
    await page.getByTestId('account-update-email').click()
    await page.getByTestId('view-UpdateEmailWallet').waitFor({ state: 'visible' })
    await check('UpdateEmailWallet')
    await page.keyboard.press('Escape')
    await page.getByTestId('demo-sign').click()
    await page.getByTestId('view-ApproveTransaction').waitFor({ state: 'visible', timeout: 20_000 })
    await page.frameLocator('#w3m-iframe').getByTestId('frame-approve').waitFor({ state: 'visible', timeout: 20_000 })
    await check('ApproveTransaction')
    if (Object.keys(found).length) console.log(Object.entries(found).map(([view, v]) => `── ${view} (${theme})\n${describeViolations(v)}`).join('\n'))
    expect(Object.keys(found)).toEqual([])
  })
})

/** The `data-testid` (or tag name) of the focused element, looking into the modal's shadow root if there is one. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el ? el.getAttribute('data-testid') ?? el.tagName.toLowerCase() : null
  })

/** Presses `key` until the focused element's test id is `testId` (at most `limit` presses). */
async function pressUntil(page: Page, key: string, testId: string, limit = 40): Promise<void> {
  const seen: (string | null)[] = []
  for (let i = 0; i < limit; i++) {
    const now = await focused(page)
    if (now === testId) return
    seen.push(now)
    await page.keyboard.press(key)
  }
  if ((await focused(page)) !== testId) throw new Error(`${key} never reached [data-testid=${testId}]; focus went through ${seen.join(', ')}`)
}

describe('keyboard only', () => {
  it('opens, connects the Dev Wallet, switches network, goes back and disconnects without the mouse; focus returns to the opener', async () => {
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    const { page } = demo

    // open the modal from the keyboard
    await pressUntil(page, 'Tab', 'connect-button')
    await page.keyboard.press('Enter')
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId(DEV_CONNECTOR).waitFor({ state: 'visible', timeout: 30_000 })
    // focus moved into the dialog
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=portico-modal]'))).toBe(true)

    // Escape closes it and focus returns to the opener
    await page.keyboard.press('Escape')
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
    expect(await focused(page)).toBe('connect-button')

    // again, and reach the Dev Wallet with Tab, then the arrow keys within the list
    await page.keyboard.press('Enter')
    await page.getByTestId(DEV_CONNECTOR).waitFor({ state: 'visible', timeout: 30_000 })
    await pressUntil(page, 'Tab', DEV_CONNECTOR)
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).not.toBe(DEV_CONNECTOR)
    await pressUntil(page, 'ArrowUp', DEV_CONNECTOR, 10)
    await page.keyboard.press('Enter')
    await waitForState(page, 's => s.connection.status === "connected"', 30_000)
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    expect(await focused(page)).toBe('connect-button')

    // the Account view, then Networks
    await page.keyboard.press('Enter')
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
    await pressUntil(page, 'Tab', 'account-network')
    await page.keyboard.press('Enter')
    await page.getByTestId('view-Networks').waitFor({ state: 'visible' })
    // focus is in the new view, not on <body>
    expect(await focused(page)).not.toBe('body')

    // switch to the second chain
    await pressUntil(page, 'Tab', 'network-eip155:31338')
    await page.keyboard.press('Enter')
    await waitForState(page, 's => s.chains.activeCaipNetworkId === "eip155:31338"', 20_000)
    expect(await page.evaluate(() => (window as any).__porticoDevWallet.chainId)).toBe(31338)
    await page.waitForTimeout(300)

    // back to the Account view (or reopen it if switching closed the modal)
    if (await page.getByTestId('view-Networks').isVisible()) {
      await pressUntil(page, 'Tab', 'header-back')
      await page.keyboard.press('Enter')
    }
    if (!(await page.getByTestId('view-Account').isVisible())) {
      await page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
      expect(await focused(page)).toBe('connect-button')
      await page.keyboard.press('Enter')
    }
    await page.getByTestId('view-Account').waitFor({ state: 'visible' })
    expect(await focused(page)).not.toBe('body')

    // disconnect
    await pressUntil(page, 'Tab', 'account-disconnect')
    await page.keyboard.press('Enter')
    await waitForState(page, 's => s.connection.status === "disconnected"', 20_000)
    // the modal, still open, offers the wallets again, with focus in it
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 20_000 })
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=portico-modal]'))).toBe(true)

    // close it with its close button: focus returns to the opener
    await pressUntil(page, 'Tab', 'modal-close')
    await page.keyboard.press('Enter')
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 20_000 })
    expect(await focused(page)).toBe('connect-button')
    expect(demo.pageErrors).toEqual([])
  })
})
