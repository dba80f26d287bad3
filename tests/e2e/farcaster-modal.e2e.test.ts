/**
 * Sign In With Farcaster in the modal, in Chromium against the real stack: the Farcaster button of the social row
 * opens the ConnectingFarcaster view, whose QR code carries the frame's `farcaster://connect` link (`data-uri`); the
 * command-line Farcaster test client approves that link with its custody key (an fid on the stack's IdRegistry) and
 * the modal connects the embedded wallet: Account view, a reload restores it, a message signed in the frame verifies
 * with viem. A key that is not the fid's custody address is refused (to the client, in a clear sentence) and nothing
 * connects; going back resets the sign-in; the code expires after 5 minutes (the page's clock is fast-forwarded)
 * with a new code on retry; the sign-in service unreachable is a clear error toast with a retry.
 */
import { randomBytes } from 'node:crypto'
import { keccak256, stringToHex, type Address, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { FRAME_ERROR_MESSAGES } from '../../contracts/src/spec/constants.ts'
import { DEV_ID_REGISTRY_ADDRESS } from '../../services/frame/src/farcaster/idRegistry.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, truncated, waitForText } from '../utils/devWallet.ts'
import { approveInFrame, waitForEmbeddedAddress } from '../utils/email.ts'
import { openSocialButtons, waitForErrorToast } from '../utils/social.ts'
import { approveChannel } from '../wallets/farcaster/client.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
/** Verifies on chain 31337: ECDSA for an eoa, ERC-6492 / ERC-1271 for the smart account the login starts with. */
const chain = chainClients(stack)[31337]
const CHAIN_ID = 31337
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'

const opened: DemoPage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()))
})

async function open(theme: 'light' | 'dark' = 'light') {
  const d = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  opened.push(d)
  return d
}

/** Lets the modal's height and view transitions (150 ms) finish before a screenshot. */
const settled = (d: DemoPage) => d.page.waitForTimeout(400)
const freshCustodyKey = () => keccak256(stringToHex(`portico farcaster modal e2e ${randomBytes(8).toString('hex')}`))
const status = (d: DemoPage) => d.page.getByTestId('view-ConnectingFarcaster').getAttribute('data-status')
const approve = (url: string, custodyKey: Hex, extra: { signWith?: Hex; username?: string } = {}) =>
  approveChannel({ url, frameUrl: stack.urls.frame, chainId: CHAIN_ID, rpcUrl: stack.urls.anvil, registry: DEV_ID_REGISTRY_ADDRESS, custodyKey, ...extra })
const connectedStatus = (d: DemoPage) => kernelState<string>(d.page, 's => s.chains.accounts.eip155?.status ?? "disconnected"')

/** Opens the modal, chooses Farcaster, and waits for the code; returns the link the QR code carries. */
async function chooseFarcaster(d: DemoPage): Promise<string> {
  await openSocialButtons(d.page)
  await d.page.getByTestId('social-farcaster').click()
  await d.page.locator('[data-testid=view-ConnectingFarcaster][data-status=waiting]').waitFor({ state: 'visible', timeout: 20_000 })
  const url = await d.page.getByTestId('farcaster-qr').getAttribute('data-uri')
  expect(url).toMatch(/^farcaster:\/\/connect\?channelToken=.+&nonce=.+&siweUri=.+&domain=/)
  return url!
}

describe('Sign In With Farcaster in the modal', () => {
  it('Farcaster in the row → its code; the test client approves it → Account view; a reload restores; a signature verifies', async () => {
    const d = await open('light')
    const url = await chooseFarcaster(d)
    expect(await d.page.getByTestId('header-title').textContent()).toBe('Farcaster')
    await settled(d)
    await screenshot(d.page, 'farcaster-waiting-light')

    const username = `fc-${randomBytes(3).toString('hex')}`
    const approved = await approve(url, freshCustodyKey(), { username })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    const address = (await waitForEmbeddedAddress(d.page)) as Address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialProvider')).toBe('farcaster')
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialUsername')).toBe(username)
    await waitForText(d.page, 'demo-address', truncated(address))
    if (!(await d.page.getByTestId('view-Account').isVisible())) await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('view-Account').waitFor({ state: 'visible' })
    expect(await d.page.getByTestId('account-address').textContent()).toBe(truncated(address))
    await d.page.keyboard.press('Escape')

    await d.page.reload()
    expect(await waitForEmbeddedAddress(d.page)).toBe(address)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.socialProvider')).toBe('farcaster')

    await d.page.getByTestId('demo-sign').click()
    await approveInFrame(d.page)
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 30_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    expect(await chain.verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
    expect(await chain.verifyMessage({ address, message: 'another message', signature })).toBe(false)
    expect(d.pageErrors).toEqual([])
  })

  it('a key that is not the custody address is refused in a clear sentence and nothing connects; back resets the sign-in', async () => {
    const d = await open('dark')
    const url = await chooseFarcaster(d)
    await settled(d)
    await screenshot(d.page, 'farcaster-waiting-dark')
    const custodyKey = freshCustodyKey()
    const refused = await approve(url, custodyKey, { signWith: keccak256(stringToHex('not the custody key')) })
    expect(refused.status).toBe(400)
    const why = `The message was not signed by the custody address of Farcaster account ${refused.fid}.`
    expect(refused.body).toMatchObject({ code: 'FARCASTER_CUSTODY_MISMATCH', message: why })
    // the modal says why at once (the channel ended), with a retry; nothing is connected
    await d.page.locator('[data-testid=view-ConnectingFarcaster][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await d.page.getByTestId('farcaster-error').textContent()).toBe(why)
    expect(await connectedStatus(d)).not.toBe('connected')
    await settled(d)
    await screenshot(d.page, 'farcaster-refused-dark')
    // the refused code cannot be approved afterwards, even by the right key
    expect((await approve(url, custodyKey)).status).toBe(400)

    // back (once the error toast over the header has gone: it stays while hovered): the view is left and the
    // embedded wallet forgets the channel
    await d.page.mouse.move(0, 0)
    await d.page.getByTestId('toast').waitFor({ state: 'hidden', timeout: 15_000 })
    await d.page.getByTestId('header-back').click()
    await d.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    expect(await kernelState(d.page, 's => s.socialsFarcaster.status')).toBe('idle')
    expect(await kernelState(d.page, 's => s.socialsFarcaster.url ?? null')).toBe(null)
    const attempt = await d.page.evaluate(() => (window as any).__portico.connect('auth').then(() => 'connected', (e: Error) => e.message))
    expect(attempt).not.toBe('connected')
    expect(await connectedStatus(d)).not.toBe('connected')

    // a new try gets a new code, and that one works
    await d.page.getByTestId('social-farcaster').click()
    await d.page.locator('[data-testid=view-ConnectingFarcaster][data-status=waiting]').waitFor({ state: 'visible', timeout: 20_000 })
    const next = (await d.page.getByTestId('farcaster-qr').getAttribute('data-uri'))!
    expect(next).not.toBe(url)
    expect((await approve(next, custodyKey)).status).toBe(200)
    expect(await waitForEmbeddedAddress(d.page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it.each(['light', 'dark'] as const)('%s: the code expires after 5 minutes; "Get a new code" opens a new channel', async (theme) => {
    const d = await open(theme)
    // the page's clock runs on, and can be moved forward 5 minutes (the frame's channel itself lives on the server)
    await d.page.clock.install()
    await d.page.reload()
    await d.page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
    const url = await chooseFarcaster(d)
    await d.page.clock.fastForward('05:01')
    await d.page.locator('[data-testid=view-ConnectingFarcaster][data-status=expired]').waitFor({ state: 'visible', timeout: 10_000 })
    expect(await d.page.getByTestId('farcaster-copy').isDisabled()).toBe(true)
    await settled(d)
    await screenshot(d.page, `farcaster-expired-${theme}`)
    await d.page.getByTestId('farcaster-retry').click()
    await d.page.locator('[data-testid=view-ConnectingFarcaster][data-status=waiting]').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await d.page.getByTestId('farcaster-qr').getAttribute('data-uri')).not.toBe(url)
  })

  it.each(['light', 'dark'] as const)('%s: the sign-in service unreachable is an error toast and a retry; the retry works once it is back', async (theme) => {
    const d = await open(theme)
    // the frame's request for a channel cannot reach its server
    await d.page.route('**/v1/farcaster/channel', (route) => route.abort('connectionrefused'))
    await openSocialButtons(d.page)
    await d.page.getByTestId('social-farcaster').click()
    await waitForErrorToast(d.page, FRAME_ERROR_MESSAGES.unreachable)
    expect(await status(d)).toBe('error')
    expect(await d.page.getByTestId('farcaster-error').textContent()).toBe(FRAME_ERROR_MESSAGES.unreachable)
    await settled(d)
    await screenshot(d.page, `farcaster-error-${theme}`)
    await d.page.unroute('**/v1/farcaster/channel')
    await d.page.getByTestId('farcaster-retry').click()
    await d.page.locator('[data-testid=view-ConnectingFarcaster][data-status=waiting]').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await d.page.getByTestId('farcaster-qr').getAttribute('data-uri')).toMatch(/^farcaster:\/\/connect\?/)
  })
})
