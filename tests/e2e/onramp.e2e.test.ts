/**
 * Buying crypto with a card end to end in Chromium: the Dev Wallet on the stack's first anvil chain, the Account
 * view's Buy button, the providers, the buy form with its quote, the sandbox provider's checkout page (on the
 * sandbox's own origin, a listener of its own beside the api, opened in a new window) paid with its documented test
 * cards (the 3-D Secure card through its bank step), and BuyInProgress following the purchase until
 * the api's settler has sent the tokens from its treasury (anvil's ninth dev key). The balance is read back from the
 * chain (it grows by exactly the quoted amount) and Activity lists the transfer. A declined card shows the
 * provider's message in both windows and moves nothing; the options endpoint down shows SPEC §9's defaults, the
 * quote endpoint down the placeholder quote. Each test buys for a fresh account, so no other file's balances move.
 * Screenshots of every view (light and dark) and of the checkout page.
 */
import { parseEther, parseUnits, type Address, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, connectDevWallet, floor3, openAccountView } from '../utils/devWallet.ts'
import { fundedAccount, until } from '../utils/send.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]
const DEV_QUERY = 'projectId=portico-dev&st=e2e&sv=e2e'

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

type Page = DemoPage['page']

/** A fresh funded account, connected, on the Buy form (OnRampBuy) after choosing the sandbox provider. */
async function openBuy(theme: 'light' | 'dark', before?: (page: Page) => Promise<void>) {
  const account = await fundedAccount(stack, chain, parseEther('1'), '1')
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  const { page } = demo
  await before?.(page)
  await page.evaluate((key) => (window as any).__porticoDevWallet.useKey(key), account.key)
  await connectDevWallet(demo)
  await openAccountView(page)
  // SPEC §2: the Buy button comes first among the wallet features
  const features = page.locator('[data-testid^=account-feature-]')
  await page.getByTestId('account-feature-onramp').waitFor({ state: 'visible', timeout: 30_000 })
  expect(await features.first().getAttribute('data-testid')).toBe('account-feature-onramp')
  await page.getByTestId('account-feature-onramp').click()
  await page.getByTestId('view-OnRampProviders').waitFor({ state: 'visible', timeout: 30_000 })
  await page.getByTestId('onramp-provider-sandbox').waitFor({ state: 'visible', timeout: 30_000 })
  await shot(page, `onramp-providers-${theme}`)
  await page.getByTestId('onramp-provider-sandbox').click()
  await page.getByTestId('view-OnRampBuy').waitFor({ state: 'visible', timeout: 30_000 })
  return { page, address: account.address }
}

/** Types the amount, waits for its quote and returns the quoted amount of tokens. */
async function quoteFor(page: Page, amount: string, symbol: string): Promise<string> {
  await page.getByTestId(`onramp-token-${symbol}`).click()
  await page.getByTestId('onramp-fiat-USD').click()
  await page.getByTestId('onramp-amount').fill(amount)
  await page.locator('[data-testid=onramp-quote][data-status=ready]').waitFor({ state: 'visible', timeout: 30_000 })
  const text = (await page.getByTestId('onramp-quote-receive').textContent())!.trim()
  expect(text).toMatch(new RegExp(`^\\d+\\.\\d+ ${symbol}$`))
  return text.split(' ')[0]!
}

/** Continue: the provider's checkout opens in a new window of the same browser. */
async function openCheckout(page: Page): Promise<Page> {
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('onramp-submit').click()])
  await checkout.waitForURL(/\/onramp\/checkout\/[A-Za-z0-9_-]+$/, { timeout: 30_000 })
  // the provider's origin, not the api's nor the demo's
  expect(new URL(checkout.url()).origin).toBe(stack.urls.onramp)
  await checkout.getByTestId('checkout-pay').waitFor({ state: 'visible', timeout: 30_000 })
  await page.getByTestId('view-BuyInProgress').waitFor({ state: 'visible', timeout: 30_000 })
  return checkout
}

/** A screenshot once the modal's height and view transitions (150 ms each, SPEC §2) have run. */
async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
  await page.waitForTimeout(200)
  await screenshot(page, name, options)
}

async function payWith(checkout: Page, card: string) {
  await checkout.getByLabel('Card number').fill(card)
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('Security code').fill('123')
  await checkout.getByTestId('checkout-pay').click()
}

describe('onramp: buy crypto with a card through the sandbox provider', () => {
  it('behavior: 50 USD of ETH with the success card: the balance on chain grows by the quoted amount and Activity shows it', async () => {
    const { page, address } = await openBuy('light')
    const quoted = await quoteFor(page, '50', 'ETH')
    expect(await page.getByTestId('onramp-quote-total').textContent()).toBe('50.00 USD')
    await shot(page, 'onramp-buy-light')
    const before = await chain.getBalance({ address })

    const checkout = await openCheckout(page)
    expect(await checkout.getByTestId('checkout-amount').inputValue()).toBe('50.00')
    // the page's headers: no script at all, its stylesheet by hash, forms to itself only, never framed
    const headers = (await fetch(checkout.url())).headers
    const csp = headers.get('content-security-policy')!
    for (const directive of ["default-src 'none'", "style-src 'sha256-", "form-action 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive)
    expect(csp).not.toContain('unsafe-inline')
    // and the page renders under it: its stylesheet applies (the card's rounded corners)
    expect(await checkout.locator('main').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('16px')
    // the api serves no checkout page
    expect((await fetch(`${stack.urls.api}${new URL(checkout.url()).pathname}`)).status).toBe(404)
    await shot(page, 'onramp-progress-waiting-light')
    await shot(checkout, 'onramp-checkout-light', { fullPage: true })
    await payWith(checkout, '4242 4242 4242 4242')
    await checkout.getByTestId('checkout-status').waitFor({ state: 'visible', timeout: 30_000 })
    await checkout.locator('[data-testid=checkout-status][data-status=completed]').waitFor({ state: 'visible', timeout: 60_000 })
    await shot(checkout, 'onramp-checkout-complete-light', { fullPage: true })

    await page.locator('[data-testid=onramp-status][data-status=completed]').waitFor({ state: 'visible', timeout: 60_000 })
    await shot(page, 'onramp-progress-completed-light')
    const after = await until(() => chain.getBalance({ address }), before + parseEther(quoted))
    expect(after - before).toBe(parseEther(quoted))
    const hash = (await kernelState<Hex>(page, 's => s.onramp.purchase.txHash'))!
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await chain.getTransactionReceipt({ hash })
    expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase())

    // the api lists it with onramp=true
    const res = await fetch(`${stack.urls.api}/v1/account/${address}/history?${DEV_QUERY}&onramp=true`)
    const onramp = (await res.json()) as { data: { metadata: { hash: string; status: string } }[] }
    expect(onramp.data.map((t) => [t.metadata.hash, t.metadata.status])).toEqual([[hash, 'confirmed']])

    // Done: back to Account, where Activity shows the purchase's transfer once the api indexed it
    await page.getByTestId('onramp-done').click()
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
    await until(async () => {
      const r = await fetch(`${stack.urls.api}/v1/account/${address}/history?${DEV_QUERY}&chainId=eip155:31337`)
      return ((await r.json()) as { data: { metadata: { hash: string } }[] }).data.some((t) => t.metadata.hash === hash)
    }, true)
    await page.getByTestId('tab-activity').click()
    const row = page.getByTestId(`transaction-eip155:31337:${hash}`)
    await row.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await row.getByTestId('transaction-description').textContent()).toContain(`${floor3(parseEther(quoted))} ETH`)
    await shot(page, 'onramp-activity-light')
  })

  it('error: a declined card shows the provider error in the checkout and in the modal, and nothing moves', async () => {
    const { page, address } = await openBuy('dark')
    await quoteFor(page, '75', 'PTD')
    await shot(page, 'onramp-buy-dark')
    const eth = await chain.getBalance({ address })
    const ptd = stack.token!.addresses['31337']! as Address
    const ptdBalance = () => chain.readContract({ address: ptd, abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }] as const, functionName: 'balanceOf', args: [address] })
    const ptdBefore = await ptdBalance()

    const checkout = await openCheckout(page)
    await shot(page, 'onramp-progress-waiting-dark')
    await payWith(checkout, '4000 0000 0000 0002')
    await checkout.getByTestId('checkout-error').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await checkout.getByTestId('checkout-error').textContent()).toBe('Your card was declined.')
    await shot(checkout, 'onramp-checkout-declined-dark', { fullPage: true })

    await page.locator('[data-testid=onramp-status][data-status=declined]').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await page.getByTestId('onramp-error').textContent()).toBe('Your card was declined.')
    expect(await page.getByTestId('onramp-reopen').isVisible()).toBe(true)
    await shot(page, 'onramp-progress-declined-dark')
    // nothing was delivered: no purchase reached the chain, the balances are the same
    const res = await fetch(`${stack.urls.api}/v1/account/${address}/history?${DEV_QUERY}&onramp=true`)
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([])
    expect(await chain.getBalance({ address })).toBe(eth)
    expect(await ptdBalance()).toBe(ptdBefore)

    // the success card afterwards, in the same checkout, delivers the PTD (a token transfer)
    await payWith(checkout, '4242424242424242')
    await page.locator('[data-testid=onramp-status][data-status=completed]').waitFor({ state: 'visible', timeout: 60_000 })
    await shot(page, 'onramp-progress-completed-dark')
    const bought = (await kernelState<string>(page, 's => s.onramp.purchase.purchaseAmount.amount'))!
    expect(await until(ptdBalance, ptdBefore + parseUnits(bought, 6))).toBe(ptdBefore + parseUnits(bought, 6))
  })

  for (const [theme, code, outcome] of [['light', '123456', 'completed'], ['dark', '000000', 'declined']] as const) {
    it(`behavior: the 3-D Secure card goes through the bank step; code ${code} ends ${outcome} (${theme})`, async () => {
      const { page, address } = await openBuy(theme)
      const quoted = await quoteFor(page, '20', 'ETH')
      const before = await chain.getBalance({ address })
      const checkout = await openCheckout(page)
      await checkout.getByTestId('checkout-amount').fill('20')
      await payWith(checkout, '4000 0000 0000 3220')
      await checkout.waitForURL(/\/onramp\/purchases\/[A-Za-z0-9_-]+\/verify$/, { timeout: 30_000 })
      expect(new URL(checkout.url()).origin).toBe(stack.urls.onramp)
      await checkout.getByTestId('checkout-3ds-code').waitFor({ state: 'visible', timeout: 30_000 })
      expect(await checkout.locator('main').textContent()).toContain('20.00 USD')
      await shot(checkout, `onramp-checkout-3ds-${theme}`, { fullPage: true })
      // the modal waits on the bank step
      await page.locator('[data-testid=onramp-status][data-status=authenticating]').waitFor({ state: 'visible', timeout: 30_000 })
      await checkout.getByTestId('checkout-3ds-code').fill(code)
      await checkout.getByTestId('checkout-3ds-submit').click()
      await page.locator(`[data-testid=onramp-status][data-status=${outcome}]`).waitFor({ state: 'visible', timeout: 60_000 })
      if (outcome === 'completed') {
        expect(await until(() => chain.getBalance({ address }), before + parseEther(quoted))).toBe(before + parseEther(quoted))
      } else {
        expect(await page.getByTestId('onramp-error').textContent()).toBe('The verification code was wrong, so your card was not charged.')
        expect(await checkout.getByTestId('checkout-error').textContent()).toBe('The verification code was wrong, so your card was not charged.')
        expect(await chain.getBalance({ address })).toBe(before)
      }
    })
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`error: the options endpoint down shows the built-in defaults, the quote endpoint down the placeholder quote (${theme})`, async () => {
      const { page } = await openBuy(theme, async (p) => {
        await p.route('**/v1/onramp/options**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":"FAILED"}' }))
        await p.route('**/v1/onramp/quote**', (route) => route.abort('connectionrefused'))
      })
      await page.getByTestId('onramp-options-fallback').waitFor({ state: 'visible', timeout: 30_000 })
      const fiats = await page.locator('[data-testid^=onramp-fiat-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
      expect(fiats).toEqual(['onramp-fiat-USD', 'onramp-fiat-EUR'])
      // the network's own currency is offered when the options name none
      expect(await page.getByTestId('onramp-token-ETH').getAttribute('aria-checked')).toBe('true')
      expect(await page.getByTestId('onramp-limits').textContent()).toBe('Card payments from 10.00 to 7,500.00 USD')
      await page.getByTestId('onramp-amount').fill('7500.01')
      await page.waitForFunction(() => document.querySelector('[data-testid=onramp-limits]')?.textContent === 'Enter an amount between 10.00 and 7,500.00 USD.')
      expect(await page.getByTestId('onramp-submit').isDisabled()).toBe(true)
      await page.getByTestId('onramp-fiat-EUR').click()
      await page.getByTestId('onramp-amount').fill('10')
      await page.locator('[data-testid=onramp-quote][data-status=placeholder]').waitFor({ state: 'visible', timeout: 30_000 })
      expect(await page.getByTestId('onramp-quote-placeholder').isVisible()).toBe(true)
      expect(await page.getByTestId('onramp-quote-receive').textContent()).toBe('—')
      expect(await page.getByTestId('onramp-submit').isDisabled()).toBe(false)
      await shot(page, `onramp-buy-fallback-${theme}`)
    })
  }
})
