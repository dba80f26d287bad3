/**
 * Email login in the e2e tests: mail is read from the frame service's dev SMTP sink (`/inbox.json`), as a visitor
 * would read their mailbox; the frame's approval UI is driven inside its own (cross-origin) document.
 */
import { randomUUID } from 'node:crypto'
import type { FrameLocator, Page } from 'playwright-core'

export type InboxMessage = { from: string; to: string[]; subject: string; text: string; code: string | null; receivedAt: string }

/** A fresh address per test, so tests never read each other's mail. */
export const freshEmail = (label = 'visitor') => `${label}-${randomUUID().slice(0, 8)}@portico.test`

export async function inbox(frameUrl: string): Promise<InboxMessage[]> {
  const res = await fetch(`${frameUrl}/inbox.json`)
  if (!res.ok) throw new Error(`inbox: HTTP ${res.status}`)
  return (await res.json()) as InboxMessage[]
}

/** Waits for a mail to `to` received after `since` that matches `pick`, and returns it. */
export async function waitForMail(
  frameUrl: string,
  to: string,
  pick: (m: InboxMessage) => boolean,
  since = 0,
  timeout = 20_000,
): Promise<InboxMessage> {
  const end = Date.now() + timeout
  for (;;) {
    const found = (await inbox(frameUrl)).find(
      (m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()) && Date.parse(m.receivedAt) >= since && pick(m),
    )
    if (found) return found
    if (Date.now() > end) throw new Error(`no mail to ${to} within ${timeout} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The newest login code mailed to `to` after `since`. */
export async function waitForCode(frameUrl: string, to: string, since = 0): Promise<string> {
  const mail = await waitForMail(frameUrl, to, (m) => m.code !== null, since)
  return mail.code!
}

/** The device-approval link mailed to `to` after `since`. */
export async function waitForDeviceLink(frameUrl: string, to: string, since = 0): Promise<string> {
  const mail = await waitForMail(frameUrl, to, (m) => m.code === null && /https?:\/\/\S+device\/verify\S*/.test(m.text), since)
  return mail.text.match(/https?:\/\/\S+device\/verify\S*/)![0]
}

/** Types a code into the six digit inputs (as a paste, the way most visitors enter it). */
export async function typeCode(page: Page, code: string): Promise<void> {
  const group = page.getByTestId('otp-input')
  await group.waitFor({ state: 'visible', timeout: 20_000 })
  const first = group.locator('input').first()
  await first.click()
  await page.keyboard.type(code, { delay: 20 })
}

/**
 * Submits the email form; when the 30 s per-address cooldown answers "Please try again after {n} seconds" (another
 * mail went to the address a moment ago), waits as the visitor would and submits again. Resolves once the form
 * has moved on (`next` shows).
 */
export async function submitEmail(page: Page, next: string[], attempts = 3): Promise<void> {
  const moved = page.locator(next.map((id) => `[data-testid="${id}"]`).join(', '))
  for (let i = 0; i < attempts; i++) {
    await page.getByTestId('email-submit').click()
    const error = page.getByTestId('email-error')
    await Promise.race([moved.first().waitFor({ state: 'visible', timeout: 30_000 }), error.waitFor({ state: 'visible', timeout: 30_000 })])
    if (await moved.first().isVisible()) return
    const wait = /after (\d+) seconds?/.exec((await error.textContent()) ?? '')
    if (!wait) throw new Error(`email form error: ${await error.textContent()}`)
    await page.waitForTimeout((Number(wait[1]) + 1) * 1000)
  }
  throw new Error('the email form never moved on')
}

/** Opens the modal and asks for a code (or a device link) for `email`; resolves once the next view shows. */
export async function startEmailLogin(page: Page, email: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('view-Connect').waitFor({ state: 'visible' })
  await page.getByTestId('email-input').fill(email)
  await submitEmail(page, ['view-EmailVerifyOtp', 'view-EmailVerifyDevice'])
}

/** The whole email login of a known device (or a first login): code from the inbox, then the account. */
export async function loginWithEmail(page: Page, frameUrl: string, email: string): Promise<string> {
  const since = Date.now() - 1000
  await startEmailLogin(page, email)
  await page.getByTestId('view-EmailVerifyOtp').waitFor({ state: 'visible', timeout: 30_000 })
  await typeCode(page, await waitForCode(frameUrl, email, since))
  return waitForEmbeddedAddress(page)
}

/** Waits until the kernel reports an eip155 account through the auth connector, and returns its address. */
export async function waitForEmbeddedAddress(page: Page, timeout = 30_000): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const a = (window as any).__portico?.getState().chains.accounts.eip155
      return a?.status === 'connected' && a.connectorId === 'auth' ? a.address : false
    },
    undefined,
    { timeout },
  )
  return (await handle.jsonValue()) as string
}

/** The login frame's document (cross-origin: the test drives it the way the visitor's clicks do). */
export const loginFrame = (page: Page): FrameLocator => page.frameLocator('#w3m-iframe')

/** Approves the pending request in the frame's approval UI; `before` runs once the approval shows (a screenshot). */
export async function approveInFrame(page: Page, before?: () => Promise<unknown>): Promise<void> {
  await page.getByTestId('view-ApproveTransaction').waitFor({ state: 'visible', timeout: 20_000 })
  const approve = loginFrame(page).getByTestId('frame-approve')
  await approve.waitFor({ state: 'visible', timeout: 20_000 })
  // the button is enabled once the approval has been visible for a moment (clickjacking guard)
  await expectEnabled(approve)
  await before?.()
  await approve.click({ timeout: 10_000 })
}

async function expectEnabled(locator: ReturnType<FrameLocator['getByTestId']>, timeout = 10_000) {
  const end = Date.now() + timeout
  while (!(await locator.isEnabled())) {
    if (Date.now() > end) throw new Error('the approve button stayed disabled')
    await new Promise((r) => setTimeout(r, 100))
  }
}
