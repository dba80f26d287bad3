/**
 * Connecting the Portico Dev Wallet (EIP-6963, on the local anvil chain) through the remote plugins: the Account
 * modal closes, the demo's account panel shows the address, and opening again shows the Account view; screenshots
 * in light and dark.
 */
import { describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot } from '../utils/browser.ts'

const stack = inject('stack')

describe.each(['light', 'dark'] as const)('connect with the Dev Wallet (%s)', (theme) => {
  it('connects, shows the Account view and the address on the page', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    try {
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('connector-dev.portico.wallet').click()
      // connected: the modal closes by itself and the page shows the account
      await demo.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
      await demo.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
      const address = await kernelState<string>(demo.page, 's => s.chains.accounts.eip155.address')
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await demo.page.getByTestId('demo-address').getAttribute('title')).toBe(address)
      await screenshot(demo.page, `demo-connected-${theme}`)
      // opening again shows the Account view
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('view-Account').waitFor({ state: 'visible' })
      await demo.page.waitForTimeout(500)
      await screenshot(demo.page, `Account-${theme}`)
      // the api knows the test stack's demo origin: no configuration alert
      expect(await demo.page.getByText('Invalid App Configuration').count()).toBe(0)
    } finally {
      await demo.close()
    }
  })
})
