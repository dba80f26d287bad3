/**
 * The connect plugin's options (SPEC §9, off by default) on the demo, given as the host's `features.connect` to
 * the remote plugin: the legal checkbox, custom wallets and collapsed wallets; and the Networks list with icons
 * from the api's asset image registry. Screenshots in light and dark go to test-results/screenshots/.
 */
import { describe, expect, inject, it } from 'vitest'
import { axeViolations, callKernel, demoUrl, openPage, screenshot } from '../utils/browser.ts'

const stack = inject('stack')

describe.each(['light', 'dark'] as const)('Connect view options (%s)', (theme) => {
  it('legal checkbox and custom wallets: disabled until agreed, custom group listed; then Networks with icons', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, legal: '1', custom: '1' }), { colorScheme: theme })
    try {
      await demo.page.getByTestId('connect-button').click()
      const view = demo.page.getByTestId('view-Connect')
      await view.waitFor({ state: 'visible' })
      const acme = demo.page.getByTestId('wallet-acme')
      await acme.waitFor({ state: 'visible' })
      expect(await demo.page.getByTestId('legal-accept').isChecked()).toBe(false)
      expect(await acme.isDisabled()).toBe(true)
      expect(await demo.page.getByTestId('legal-hint').isVisible()).toBe(true)
      expect(await acme.locator('xpath=ancestor::*[@data-group][1]').getAttribute('data-group')).toBe('custom')
      await demo.page.waitForTimeout(400) // let the view transition finish
      await screenshot(demo.page, `connect-options-legal-${theme}`)
      const serious = (await axeViolations(demo.page, { include: '[data-testid="portico-modal"]' })).filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

      // keyboard: Space on the focused checkbox agrees
      await demo.page.getByTestId('legal-accept').focus()
      await demo.page.keyboard.press('Space')
      expect(await demo.page.getByTestId('legal-accept').isChecked()).toBe(true)
      expect(await acme.isDisabled()).toBe(false)
      expect(await demo.page.getByTestId('legal-hint').count()).toBe(0)
      await demo.page.waitForTimeout(200)
      await screenshot(demo.page, `connect-options-agreed-${theme}`)

      // the agreement holds for the session: a reload keeps it
      await demo.page.reload()
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('wallet-acme').waitFor({ state: 'visible' })
      await expect.poll(() => demo.page.getByTestId('legal-accept').isChecked()).toBe(true)

      // choosing a custom wallet opens its link in a new tab (desktop: its web app) and says to finish there
      await demo.page.evaluate(() => {
        window.open = ((url: string) => ((window as any).__opened = url, {})) as typeof window.open
      })
      await demo.page.getByTestId('wallet-acme').click()
      const custom = demo.page.getByTestId('view-ConnectingCustom')
      await custom.waitFor({ state: 'visible' })
      expect(await demo.page.evaluate(() => (window as any).__opened)).toBe('https://acme.example/app')
      expect(await custom.getAttribute('data-state')).toBe('opened')
      await demo.page.waitForTimeout(400)
      await screenshot(demo.page, `connect-options-custom-${theme}`)
      await demo.page.getByTestId('header-back').click()
      await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })

      await callKernel(demo.page, 'k => k.router.push("Networks")')
      const networks = demo.page.getByTestId('view-Networks')
      await networks.waitFor({ state: 'visible' })
      // the api's asset image for each local chain (a blob URL of its SVG), not the monogram
      await expect.poll(() => demo.page.getByTestId('network-eip155:31337').locator('img').getAttribute('src')).toMatch(/^blob:/)
      await expect.poll(() => demo.page.getByTestId('network-eip155:31338').locator('img').count()).toBe(1)
      await demo.page.waitForTimeout(400)
      await screenshot(demo.page, `connect-options-networks-${theme}`)
    } finally {
      await demo.close()
    }
  })

  it('collapsed wallets: one "Continue with a wallet" button opens the list in place by keyboard', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, collapse: '1', custom: '1' }), { colorScheme: theme })
    try {
      await demo.page.getByTestId('connect-button').click()
      const button = demo.page.getByTestId('connect-continue-wallet')
      await button.waitFor({ state: 'visible' })
      expect(await demo.page.getByTestId('wallet-acme').count()).toBe(0)
      await demo.page.waitForTimeout(400)
      await screenshot(demo.page, `connect-options-collapsed-${theme}`)
      await button.focus()
      await demo.page.keyboard.press('Enter')
      await demo.page.getByTestId('wallet-acme').waitFor({ state: 'visible' })
      expect(await demo.page.evaluate(() => document.activeElement?.hasAttribute('data-list-item'))).toBe(true)
    } finally {
      await demo.close()
    }
  })
})
