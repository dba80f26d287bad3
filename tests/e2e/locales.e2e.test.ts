/**
 * Language packs on the demo: the picker calls `kernel.setLocale`, which loads the pack from the plugin CDN (one
 * request, only when asked) and re-renders the open modal in it; Arabic lays the modal out right to left; the
 * Account view's amounts follow the locale; `?locale=ja` starts in Japanese. Screenshots of the Connect and
 * Account views per pack, in light and dark, go to test-results/screenshots/ (`locale-<code>-<view>-<theme>`).
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { arMessages } from '../../plugins/locale-ar/src/messages.ts'
import { esMessages } from '../../plugins/locale-es/src/messages.ts'
import { jaMessages } from '../../plugins/locale-ja/src/messages.ts'
import { axeViolations, callKernel, demoUrl, kernelState, openPage, screenshot } from '../utils/browser.ts'
import { DEV_CONNECTOR, waitUntilStill } from '../utils/devWallet.ts'
import { isRemoteEntry } from '../utils/remoteEntry.ts'

const stack = inject('stack')
const PACKS = { es: esMessages, ja: jaMessages, ar: arMessages } as const

async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { include: '[data-testid="portico-modal"]' })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The modal's `lang` and `dir` (on its themed root). */
const modalLanguage = (page: Page) =>
  page.getByTestId('portico-modal').evaluate((el) => {
    const root = el.closest('[lang]')
    return { lang: root?.getAttribute('lang'), dir: root?.getAttribute('dir'), computed: getComputedStyle(el).direction }
  })

describe.each(['light', 'dark'] as const)('language packs (%s)', (theme) => {
  it('the picker loads each pack once, on demand, and the open modal follows it; Arabic runs right to left', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    const { page } = demo
    const packRequests = (code: string) => demo.requests.filter((r) => isRemoteEntry(r.path, `locale-${code}`)).length
    try {
      expect(await page.getByTestId('connect-button').innerText()).toBe('Connect Wallet')
      // nothing of a pack is fetched before a language is chosen
      expect(demo.requests.filter((r) => /\/locale-/.test(r.path))).toEqual([])

      await page.getByTestId('locale-es').click()
      await expect.poll(() => page.getByTestId('connect-button').innerText()).toBe(esMessages['connectButton.connect'])
      expect(packRequests('es')).toBe(1)
      expect(await page.getByTestId('locale-es').getAttribute('aria-pressed')).toBe('true')

      await page.getByTestId('connect-button').click()
      await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
      await expect.poll(() => page.getByTestId('header-title').innerText()).toBe(esMessages['connect.title'])
      expect(await modalLanguage(page)).toEqual({ lang: 'es', dir: 'ltr', computed: 'ltr' })
      expect(await page.getByTestId('modal-close').getAttribute('aria-label')).toBe(esMessages['modal.close'])
      await page.waitForTimeout(400)
      await screenshot(page, `locale-es-connect-${theme}`)
      expect(await seriousViolations(page)).toEqual([])

      // switched while the modal is open: it re-renders in place
      await callKernel(page, 'k => k.setLocale("ja")')
      await expect.poll(() => page.getByTestId('header-title').innerText()).toBe(jaMessages['connect.title'])
      expect((await modalLanguage(page)).lang).toBe('ja')
      await page.waitForTimeout(200)
      await screenshot(page, `locale-ja-connect-${theme}`)
      expect(await seriousViolations(page)).toEqual([])

      await callKernel(page, 'k => k.setLocale("ar")')
      await expect.poll(() => page.getByTestId('header-title').innerText()).toBe(arMessages['connect.title'])
      expect(await modalLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl', computed: 'rtl' })
      // right to left: the close button sits on the left of the title, the wallet rows' images on the right
      const close = (await page.getByTestId('modal-close').boundingBox())!
      const title = (await page.getByTestId('header-title').boundingBox())!
      expect(close.x + close.width).toBeLessThanOrEqual(title.x + 1)
      const row = (await page.getByTestId(DEV_CONNECTOR).boundingBox())!
      const rowImage = (await page.getByTestId(DEV_CONNECTOR).locator('img, svg').first().boundingBox())!
      expect(rowImage.x).toBeGreaterThan(row.x + row.width / 2)
      await page.waitForTimeout(200)
      await screenshot(page, `locale-ar-connect-${theme}`)
      expect(await seriousViolations(page)).toEqual([])
      expect(packRequests('ja')).toBe(1)
      expect(packRequests('ar')).toBe(1)

      // connect in Arabic; the Account view, then each pack again (already loaded: no second request)
      await waitUntilStill(page, DEV_CONNECTOR)
      await page.getByTestId(DEV_CONNECTOR).click()
      await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
      await page.getByTestId('connect-button').click()
      await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
      const balance = page.getByTestId('account-balance')
      await expect.poll(() => balance.innerText(), { timeout: 20_000 }).toMatch(/ETH/)
      for (const code of ['ar', 'es', 'ja'] as const) {
        await callKernel(page, `k => k.setLocale("${code}")`)
        await expect.poll(() => page.getByTestId('account-disconnect').innerText()).toBe(PACKS[code]['account.disconnect'])
        // the balance is written the locale's way: floored to 3 decimals, in the locale's digits and decimal sign
        const raw = await kernelState<string>(page, 's => s.chains.accounts.eip155.balance')
        const [whole, fraction = ''] = raw.split('.')
        const floored = `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`
        const expected = await page.evaluate(
          ([locale, value]) => `${new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false }).format(value as `${number}`)} ETH`,
          [code, floored],
        )
        if (code === 'es') expect(expected).toMatch(/^\d+,\d{3} ETH$/)
        await expect.poll(() => balance.innerText()).toBe(expected)
        expect((await modalLanguage(page)).dir).toBe(code === 'ar' ? 'rtl' : 'ltr')
        await page.waitForTimeout(300)
        await screenshot(page, `locale-${code}-account-${theme}`)
        expect(await seriousViolations(page)).toEqual([])
      }
      expect(packRequests('es') + packRequests('ja') + packRequests('ar')).toBe(3)

      // and back to English from the page's picker (the page is inert while the modal is open)
      await page.keyboard.press('Escape')
      await page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
      await page.getByTestId('locale-en').click()
      await page.getByTestId('connect-button').click()
      await expect.poll(() => page.getByTestId('account-disconnect').innerText()).toBe('Disconnect')
      expect(demo.pageErrors).toEqual([])
    } finally {
      await demo.close()
    }
  })
})

describe('locale option', () => {
  it('?locale=ja starts the page in Japanese: the pack loads at start, the Connect button and modal speak it', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', locale: 'ja' }))
    const { page } = demo
    try {
      await expect.poll(() => page.getByTestId('connect-button').innerText()).toBe(jaMessages['connectButton.connect'])
      await page.getByTestId('connect-button').click()
      await expect.poll(() => page.getByTestId('header-title').innerText()).toBe(jaMessages['connect.title'])
      expect((await modalLanguage(page)).lang).toBe('ja')
      expect(await page.getByTestId('locale-ja').getAttribute('aria-pressed')).toBe('true')
    } finally {
      await demo.close()
    }
  })

  it('a locale without a pack keeps English text but its number forms; a bad tag is refused and changes nothing', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    const { page } = demo
    try {
      await callKernel(page, 'k => k.setLocale("de")')
      expect(await kernelState(page, 's => s.locale')).toEqual({ code: 'de', dir: 'ltr' })
      expect(await page.getByTestId('connect-button').innerText()).toBe('Connect Wallet')
      const refused = await page.evaluate(() => (window as any).__portico.setLocale('not a locale').then(() => 'ok', (e: Error) => e.message))
      expect(refused).toBe('Locale must be a BCP 47 language tag, such as `es` or `pt-BR`.')
      expect(await kernelState(page, 's => s.locale.code')).toBe('de')
    } finally {
      await demo.close()
    }
  })
})
