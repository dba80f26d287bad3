/**
 * Social login end to end in Chromium, through the stack's frame service and its dev identity provider (a real
 * `oidc-provider` issuer per provider, authorization code with PKCE): for each of the six providers, a popup login
 * gives an account on the Account view, a reload restores it, and a message signed in the frame verifies with viem;
 * a blocked popup falls back to the redirect flow (the page comes back with `?result_uri=`, which is then removed);
 * a forged result message from another origin is ignored; a `result_uri` the frame did not start is refused; the
 * provider down, a closed popup and a cancel at the provider are told as error toasts with a retry. Every test
 * starts on its own fresh browser profile.
 */
import { type Address, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, truncated, waitForText } from '../utils/devWallet.ts'
import { approveInFrame, waitForEmbeddedAddress } from '../utils/email.ts'
import {
  clickProvider,
  freshSocialUser,
  loginWithSocial,
  openSocialButtons,
  setIdpDown,
  signInAtIdp,
  waitForErrorToast,
  type E2ESocialProvider,
} from '../utils/social.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
/** Verifies on chain 31337: ECDSA for an eoa, ERC-6492 / ERC-1271 for the smart account the login starts with. */
const chain = chainClients(stack)[31337]
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'
const PROVIDERS: E2ESocialProvider[] = ['google', 'x', 'discord', 'github', 'apple', 'facebook']

const opened: DemoPage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()))
})

async function open(theme: 'light' | 'dark' = 'light', query: Record<string, string> = {}) {
  const d = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, ...query }), { colorScheme: theme })
  opened.push(d)
  return d
}

/** Lets the modal's height and view transitions (150 ms) finish before a screenshot. */
const settled = (d: DemoPage) => d.page.waitForTimeout(400)

const socialStatus = (d: DemoPage) => d.page.getByTestId('view-ConnectingSocial').getAttribute('data-status')

describe('social login through the login frame', () => {
  it('shows the providers in the default order: the first full width, then icons with "more"', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const d = await open(theme)
      await d.page.getByTestId('connect-button').click()
      await d.page.getByTestId('social-method').waitFor({ state: 'visible', timeout: 20_000 })
      const order = () => d.page.locator('[data-testid=social-method] [data-testid^=social-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
      // SPEC §9: google, x, discord, farcaster, github, apple, facebook
      expect(await order()).toEqual(['social-google', 'social-x', 'social-discord', 'social-farcaster', 'social-more'])
      expect(await d.page.getByTestId('social-google').textContent()).toContain('Continue with Google')
      // SPEC §2 connect-method order: email, social, wallet
      const sections = await d.page.locator('[data-testid^=connect-method-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-method')))
      expect(sections.indexOf('social')).toBeGreaterThan(sections.indexOf('email'))
      expect(sections.indexOf('social')).toBeLessThan(sections.indexOf('wallet'))
      await settled(d)
      await screenshot(d.page, `socials-connect-${theme}`)
      await d.page.getByTestId('social-more').click()
      expect(await order()).toEqual(['social-google', 'social-x', 'social-discord', 'social-farcaster', 'social-github', 'social-apple', 'social-facebook', 'social-more'])
      await screenshot(d.page, `socials-connect-more-${theme}`)
      opened.splice(opened.indexOf(d), 1)
      await d.close()
    }
  })

  it.each(PROVIDERS)('%s: popup login → Account view; a reload restores it; a message signed in the frame verifies with viem', async (provider) => {
    const theme = provider === 'x' || provider === 'apple' ? 'dark' : 'light'
    const d = await open(theme)
    const username = freshSocialUser(provider)
    await openSocialButtons(d.page)
    const popup = await clickProvider(d.page, provider)
    await signInAtIdp(popup, { username }, async () => {
      if (provider !== 'google' && provider !== 'x') return
      // the app waits, saying where
      await d.page.getByTestId('view-ConnectingSocial').waitFor({ state: 'visible' })
      expect(await socialStatus(d)).toBe('waiting')
      await settled(d)
      await screenshot(d.page, `socials-waiting-${theme}`)
    })
    const address = (await waitForEmbeddedAddress(d.page)) as Address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialProvider')).toBe(provider)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialUsername')).toBe(provider === 'apple' ? `${username}@apple.portico.test` : username)
    await waitForText(d.page, 'demo-address', truncated(address))
    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('view-Account').waitFor({ state: 'visible' })
    expect(await d.page.getByTestId('account-address').textContent()).toBe(truncated(address))
    if (provider === 'google' || provider === 'x') {
      await settled(d)
      await screenshot(d.page, `socials-account-${theme}`)
    }
    await d.page.keyboard.press('Escape')

    await d.page.reload()
    expect(await waitForEmbeddedAddress(d.page)).toBe(address)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialProvider')).toBe(provider)

    await d.page.getByTestId('demo-sign').click()
    await approveInFrame(d.page)
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 30_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    expect(await chain.verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
    expect(await chain.verifyMessage({ address, message: 'another message', signature })).toBe(false)
    expect(d.pageErrors).toEqual([])
  })

  it('the same social account in another browser profile gets the same wallet', async () => {
    const username = freshSocialUser('again')
    const first = await open()
    await loginWithSocial(first.page, 'github', username)
    const address = await waitForEmbeddedAddress(first.page)
    const second = await open()
    await loginWithSocial(second.page, 'github', username)
    expect(await waitForEmbeddedAddress(second.page)).toBe(address)
  })

  it('popup blocked: the page goes to the provider itself and comes back with ?result_uri=, which completes the login and is removed', async () => {
    const d = await open('light', { keep: 'me' })
    // what a popup blocker does: window.open answers null
    await d.page.evaluate(() => {
      window.open = () => null
    })
    await openSocialButtons(d.page)
    await d.page.getByTestId('social-discord').click()
    await d.page.waitForURL((url) => url.pathname.startsWith('/discord/interaction/'), { timeout: 20_000 })
    const username = freshSocialUser('redirect')
    await signInAtIdp(d.page, { username })
    await d.page.waitForURL((url) => url.origin === new URL(stack.urls.demo).origin, { timeout: 30_000 })
    const address = await waitForEmbeddedAddress(d.page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // removed from the address bar; the rest of the query stays
    const url = new URL(d.page.url())
    expect(url.searchParams.has('result_uri')).toBe(false)
    expect(url.searchParams.get('keep')).toBe('me')
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialProvider')).toBe('discord')
    // a reload restores the session and has nothing to replay
    await d.page.reload()
    expect(await waitForEmbeddedAddress(d.page)).toBe(address)
  })

  it('a result_uri the frame did not start (a link from elsewhere) is refused with a clear error and removed', async () => {
    const forged = `${stack.urls.frame}/v1/social/result?provider=google&result=forged-result`
    const d = await open('light', { result_uri: forged })
    await waitForErrorToast(d.page, 'This sign-in was started in another window; start it again here.')
    expect(new URL(d.page.url()).searchParams.has('result_uri')).toBe(false)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155?.status ?? "disconnected"')).not.toBe('connected')
  })

  it('a forged result message from another origin (and from the page itself) is ignored; the real one then signs in', async () => {
    const d = await open()
    await openSocialButtons(d.page)
    const popup = await clickProvider(d.page, 'google')
    const forgedUri = `${stack.urls.frame}/v1/social/result?provider=google&result=forged`
    await signInAtIdp(popup, { username: freshSocialUser('forged') }, async () => {
      await d.page.getByTestId('view-ConnectingSocial').waitFor({ state: 'visible' })
      // the popup is now on the provider's origin: its message to the opener has that origin
      await popup.evaluate((uri) => window.opener.postMessage({ type: 'portico-social-result', resultUri: uri }, '*'), forgedUri)
      // and the host page's own scripts post one to the window (right origin? no: the demo's, and not from the popup)
      await d.page.evaluate((uri) => window.postMessage({ type: 'portico-social-result', resultUri: uri }, '*'), forgedUri)
      await d.page.waitForTimeout(500)
      expect(await socialStatus(d)).toBe('waiting')
    })
    expect(await waitForEmbeddedAddress(d.page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it('provider down: a clear error toast and a retry, nothing lost; the retry signs in once it is back', async () => {
    const d = await open('dark')
    const username = freshSocialUser('down')
    await setIdpDown(stack.urls.idp, 'github', true)
    try {
      await openSocialButtons(d.page)
      const popup = await clickProvider(d.page, 'github')
      await signInAtIdp(popup, { username })
      await waitForErrorToast(d.page, 'GitHub is not answering right now; try again in a moment.')
      await d.page.getByTestId('social-retry').waitFor({ state: 'visible' })
      expect(await d.page.getByTestId('social-error').textContent()).toBe('GitHub is not answering right now; try again in a moment.')
      await settled(d)
      await screenshot(d.page, 'socials-error-dark')
    } finally {
      await setIdpDown(stack.urls.idp, 'github', false)
    }
    const popup = d.page.waitForEvent('popup')
    await d.page.getByTestId('social-retry').click()
    // the provider remembers the person signed in a moment ago: its popup goes straight back, with no page to fill
    await (await popup).waitForEvent('close', { timeout: 30_000 })
    expect(await waitForEmbeddedAddress(d.page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialUsername')).toBe(username)
  })

  it('a closed popup and a cancel at the provider are told as error toasts, with a retry', async () => {
    const d = await open()
    await openSocialButtons(d.page)
    const popup = await clickProvider(d.page, 'x')
    await popup.getByTestId('idp-username').waitFor({ state: 'visible', timeout: 20_000 })
    await popup.close()
    await waitForErrorToast(d.page, 'The sign-in window was closed.')
    await d.page.getByTestId('social-retry').waitFor({ state: 'visible' })
    await settled(d)
    await screenshot(d.page, 'socials-error-light')

    const again = d.page.waitForEvent('popup')
    await d.page.getByTestId('social-retry').click()
    await signInAtIdp(await again, { username: 'nobody', cancel: true })
    await waitForErrorToast(d.page, 'The sign-in with X was cancelled.')
    expect(await socialStatus(d)).toBe('error')
    // cancel goes back to the providers
    await d.page.getByTestId('social-cancel').click()
    await d.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
  })
})
