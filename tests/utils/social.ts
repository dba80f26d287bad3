/**
 * Social login in the e2e tests: the provider's sign-in page is the stack's dev identity provider
 * (services/frame/src/devIdp), driven in the popup (or the page itself, in the redirect flow) the way a person types
 * a test user there.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'

export type E2ESocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/** A fresh test user name per test, so accounts never collide between tests. */
export const freshSocialUser = (label = 'visitor') => `${label}-${randomUUID().slice(0, 8)}`

/** Opens the modal on the Connect view and shows every provider button (the icon row's "more" when there is one). */
export async function openSocialButtons(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('view-Connect').waitFor({ state: 'visible' })
  await page.getByTestId('social-method').waitFor({ state: 'visible', timeout: 20_000 })
  const more = page.getByTestId('social-more')
  if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) !== 'true') await more.click()
}

/** Clicks a provider and returns the popup it opens (synchronously, within the click). */
export async function clickProvider(page: Page, provider: E2ESocialProvider): Promise<Page> {
  const popup = page.waitForEvent('popup', { timeout: 10_000 })
  await page.getByTestId(`social-${provider}`).click()
  return popup
}

/** Signs in on the dev identity provider's page (in a popup, or the page itself in the redirect flow). */
export async function signInAtIdp(
  page: Page,
  as: { username: string; email?: string; emailVerified?: boolean; cancel?: boolean },
  before?: () => Promise<unknown>,
): Promise<void> {
  const name = page.getByTestId('idp-username')
  await name.waitFor({ state: 'visible', timeout: 20_000 })
  await before?.()
  if (as.cancel) return void (await page.getByTestId('idp-cancel').click())
  await name.fill(as.username)
  if (as.email) await page.getByTestId('idp-email').fill(as.email)
  if (as.emailVerified) await page.getByTestId('idp-email-verified').check()
  await page.getByTestId('idp-submit').click()
}

/** The whole popup login: Connect view → provider → sign in → the popup closes itself. */
export async function loginWithSocial(page: Page, provider: E2ESocialProvider, username: string): Promise<void> {
  await openSocialButtons(page)
  const popup = await clickProvider(page, provider)
  await signInAtIdp(popup, { username })
  await popup.waitForEvent('close', { timeout: 30_000 })
}

/** Makes a stand-in of the dev identity provider answer 503 on its token and user endpoints (an outage), or not. */
export async function setIdpDown(idpUrl: string, provider: E2ESocialProvider, down: boolean): Promise<void> {
  const res = await fetch(`${idpUrl}/__dev/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ provider, down: down ? '1' : '0' }),
  })
  if (!res.ok) throw new Error(`dev identity provider outage switch: HTTP ${res.status}`)
}

/** Waits for an error toast containing `text`. */
export async function waitForErrorToast(page: Page, text: string | RegExp, timeout = 20_000): Promise<void> {
  await page.locator('[data-testid=toast][data-variant=error]', { hasText: text }).waitFor({ state: 'visible', timeout })
}
