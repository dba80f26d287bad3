/**
 * Screenshots of the demo and of each view in light and dark, into test-results/screenshots/ (for people to look
 * at; nothing is compared pixel by pixel).
 */
import { existsSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import { callKernel, demoUrl, openPage, screenshot } from '../utils/browser.ts'
import { DEV_CONNECTOR, waitUntilStill } from '../utils/devWallet.ts'

const stack = inject('stack')

/** Views reachable without a connected wallet, and how to get there from an open modal. */
const VIEWS = [
  { view: 'Connect', go: null },
  { view: 'Networks', go: 'k => k.router.push("Networks")' },
  { view: 'UnsupportedChain', go: 'k => k.router.push("UnsupportedChain")' },
] as const

describe.each(['light', 'dark'] as const)('screenshots (%s)', (theme) => {
  it('the demo page, each view and a toast', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    try {
      await demo.page.waitForLoadState('networkidle')
      expect(existsSync(await screenshot(demo.page, `demo-${theme}`))).toBe(true)
      await demo.page.getByTestId('connect-button').click()
      for (const { view, go } of VIEWS) {
        if (go) await callKernel(demo.page, go)
        await demo.page.getByTestId(`view-${view}`).waitFor({ state: 'visible' })
        await demo.page.waitForTimeout(400) // let the view transition finish
        await screenshot(demo.page, `${view}-${theme}`)
      }
      await callKernel(demo.page, 'k => k.notify.toast("Address copied", "success")')
      await demo.page.getByTestId('toast').waitFor({ state: 'visible' })
      await demo.page.waitForTimeout(300)
      await screenshot(demo.page, `toast-${theme}`)

      // a long error toast wraps between the header's buttons: Back and Close stay visible and clickable
      await callKernel(demo.page, 'k => k.notify.toast("The transaction could not be sent: the network did not answer in time. Please try again.", "error")')
      await demo.page.getByTestId('toast').getByText('The transaction could not be sent').waitFor({ state: 'visible' })
      await demo.page.waitForTimeout(300)
      await screenshot(demo.page, `toast-long-${theme}`)
      for (const id of ['header-back', 'modal-close']) {
        const reachable = await demo.page.getByTestId(id).evaluate((button) => {
          const r = button.getBoundingClientRect()
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
          return hit !== null && button.contains(hit)
        })
        expect(reachable, `${id} is covered by the toast`).toBe(true)
      }
    } finally {
      await demo.close()
    }
  })

  it('the Connect view while the wallet registry answers: skeleton rows, and nothing above them moves when it does', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    try {
      let release!: () => void
      const answered = new Promise<void>((resolve) => (release = resolve))
      await demo.page.route((url) => url.pathname.endsWith('/getWallets'), async (route) => {
        await answered
        await route.continue()
      })
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('wallet-placeholders-featured').waitFor({ state: 'visible', timeout: 30_000 })
      await waitUntilStill(demo.page, DEV_CONNECTOR)
      await screenshot(demo.page, `Connect-loading-${theme}`)
      const before = await demo.page.getByTestId(DEV_CONNECTOR).boundingBox()

      release()
      await demo.page.getByTestId('wallet-placeholders-featured').waitFor({ state: 'detached', timeout: 30_000 })
      await demo.page.locator(':is([data-group=featured], [data-group=recommended]) [data-list-item]').first().waitFor({ state: 'visible' })
      await waitUntilStill(demo.page, DEV_CONNECTOR)
      expect(await demo.page.getByTestId(DEV_CONNECTOR).boundingBox()).toEqual(before)
    } finally {
      await demo.close()
    }
  })

  it('the Connect view on a narrow screen', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme, viewport: { width: 390, height: 800 } })
    try {
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
      await demo.page.waitForTimeout(400)
      await screenshot(demo.page, `Connect-mobile-${theme}`)
    } finally {
      await demo.close()
    }
  })
})
