/**
 * Names end to end in Chromium against the stack's api (its name service verifies signatures on the anvil chain)
 * and the login frame: an email login opens "Choose a name" from the Account view; a name another account
 * registered (straight through the api, signed by a viem key) is shown as taken with free suggestions; a free one
 * registers through a signature approved inside the frame, the success view (no back button) says so, the api
 * then resolves the name to the account, the Account header shows it, and a reload still does. A Dev Wallet (not
 * the auth connector) has no entry and sees the SPEC's refusal. Screenshots of each view in both themes.
 */
import { randomUUID } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { callKernel, demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { connectDevWallet, openAccountView } from '../utils/devWallet.ts'
import { approveInFrame, freshEmail, loginWithEmail, waitForEmbeddedAddress } from '../utils/email.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const frameUrl = stack.urls.frame
const SUFFIX = '.portico.id'
const SDK_QUERY = 'projectId=portico-dev&st=appkit&sv=html-e2e-1.0.0'

const opened: DemoPage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()))
})

async function open(theme: 'light' | 'dark') {
  const d = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  opened.push(d)
  return d
}

/** Lets the modal's height and view transitions (150 ms) finish before a screenshot. */
const settled = (d: DemoPage) => d.page.waitForTimeout(400)

/** A label no other test or run uses. */
const freshLabel = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`

/** Registers `name` for a fresh key straight through the api, as another visitor's wallet would. */
async function registerElsewhere(name: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const res = await fetch(`${stack.urls.api}/v1/profile/account?${SDK_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(stack.urls.demo).origin },
    body: JSON.stringify({ coin_type: (31337 | 0x80000000) >>> 0, address: account.address, message, signature: await account.signMessage({ message }) }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/** What the api resolves `name` to (GET /v1/profile/account/{name}). */
async function resolve(name: string): Promise<{ name: string; addresses: Record<string, { address: string }> }> {
  const res = await fetch(`${stack.urls.api}/v1/profile/account/${name}?${SDK_QUERY}`, { headers: { origin: new URL(stack.urls.demo).origin } })
  expect(res.status).toBe(200)
  return (await res.json()) as never
}

const views = (d: DemoPage) => kernelState<string[]>(d.page, 's => s.router.history.map((h) => h.view)')

describe('names', () => {
  it.each(['light', 'dark'] as const)(
    'registers a name for an email login: a taken name shows suggestions, a free one registers, the Account header shows it, a reload still does (%s)',
    async (theme) => {
      const taken = freshLabel('taken')
      await registerElsewhere(`${taken}${SUFFIX}`)

      const d = await open(theme)
      const address = await loginWithEmail(d.page, frameUrl, freshEmail('names'))
      await openAccountView(d.page)
      const entry = d.page.getByTestId('account-register-name')
      await entry.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await entry.textContent()).toContain('Choose a name')
      await entry.scrollIntoViewIfNeeded()
      await settled(d)
      await screenshot(d.page, `names-account-entry-${theme}`)
      await entry.click()
      await d.page.getByTestId('view-RegisterAccountName').waitFor({ state: 'visible', timeout: 30_000 })
      expect(await d.page.getByTestId('header-title').textContent()).toBe('Choose a name')
      // the field has focus: typing goes straight in
      await d.page.keyboard.type('ab')
      await d.page.locator('[data-testid=register-name-status][data-state=invalid]').waitFor({ state: 'visible' })
      expect(await d.page.getByTestId('register-name-status').textContent()).toContain('Use at least 4 characters.')
      await settled(d)
      await screenshot(d.page, `names-register-invalid-${theme}`)

      // a taken name: refused, with free suggestions
      await d.page.getByTestId('register-name-input').fill(taken)
      await d.page.locator('[data-testid=register-name-status][data-state=taken]').waitFor({ state: 'visible', timeout: 20_000 })
      expect(await d.page.getByTestId('register-name-submit').isDisabled()).toBe(true)
      const suggestion = d.page.getByTestId(`register-name-suggestion-${taken}1${SUFFIX}`)
      await suggestion.waitFor({ state: 'visible', timeout: 20_000 })
      await settled(d)
      await screenshot(d.page, `names-register-taken-${theme}`)

      // the suggestion fills the field, by keyboard
      await suggestion.focus()
      await d.page.keyboard.press('Enter')
      expect(await d.page.getByTestId('register-name-input').inputValue()).toBe(`${taken}1`)
      await d.page.locator('[data-testid=register-name-status][data-state=available]').waitFor({ state: 'visible', timeout: 20_000 })
      await settled(d)
      await screenshot(d.page, `names-register-available-${theme}`)

      const name = `${taken}1${SUFFIX}`
      await d.page.getByTestId('register-name-submit').click()
      await approveInFrame(d.page, async () => {
        // under the approval: the pending success view, with no back button
        expect(await views(d)).toEqual(['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'ApproveTransaction'])
        await screenshot(d.page, `names-approve-${theme}`)
      })
      const registered = d.page.getByTestId('register-name-registered')
      await registered.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await registered.textContent()).toBe(`${name} is yours`)
      expect(await views(d)).toEqual(['RegisterAccountNameSuccess'])
      expect(await d.page.getByTestId('header-back').count()).toBe(0)
      await settled(d)
      await screenshot(d.page, `names-success-${theme}`)

      // checked independently: the api resolves the name to this account on the chain's coin type
      const lookup = await resolve(name)
      expect(lookup.name).toBe(name)
      expect(lookup.addresses[String((31337 | 0x80000000) >>> 0)]?.address.toLowerCase()).toBe(address.toLowerCase())

      await d.page.getByTestId('register-name-done').click()
      await d.page.getByTestId('view-Account').waitFor({ state: 'visible' })
      expect(await d.page.getByTestId('account-address').textContent()).toBe(name)
      // one name per address: the entry is gone
      expect(await d.page.getByTestId('account-register-name').count()).toBe(0)
      await settled(d)
      await screenshot(d.page, `names-account-${theme}`)

      // the identity the modal reads after a reload names the account too
      const identity = await fetch(`${stack.urls.api}/v1/identity/${address}?${SDK_QUERY}`, { headers: { origin: new URL(stack.urls.demo).origin } })
      expect(await identity.json()).toMatchObject({ name })

      await d.page.reload()
      expect(await waitForEmbeddedAddress(d.page)).toBe(address)
      await openAccountView(d.page)
      // the identity lookup after the restore names the account again
      await expect.poll(() => d.page.getByTestId('account-address').textContent(), { timeout: 20_000 }).toBe(name)
      await settled(d)
      await screenshot(d.page, `names-account-reloaded-${theme}`)
      expect(d.pageErrors).toEqual([])
    },
  )

  it.each(['light', 'dark'] as const)('refuses a Dev Wallet (not the auth connector) with the SPEC message (%s)', async (theme) => {
    const d = await open(theme)
    await connectDevWallet(d)
    await openAccountView(d.page)
    // the Account view offers no entry to this wallet: the row appears only for the auth connector
    await d.page.getByTestId('account-disconnect').waitFor({ state: 'visible' })
    expect(await d.page.getByTestId('account-register-name').count()).toBe(0)
    // a host can still open the view (kernel.open / router): it refuses
    await callKernel(d.page, 'k => k.router.push("RegisterAccountName")')
    const refused = d.page.getByTestId('register-name-refused')
    await refused.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await refused.textContent()).toContain('Address or auth connector not found')
    expect(await d.page.getByTestId('register-name-input').count()).toBe(0)
    await settled(d)
    await screenshot(d.page, `names-refused-${theme}`)
  })
})
