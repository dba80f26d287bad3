import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { GOOD_CODE } from '../testing/fakeEmbeddedWallet.js'
import { destroyKernels, digitInputs, renderEmail } from '../testing/renderEmail.js'

afterEach(() => destroyKernels())

const paste = (input: HTMLInputElement, text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } })

/** Signed in by email (the fake's connectEmail remembers the address), then the Account view. */
async function signedIn() {
  const rendered = await renderEmail()
  await rendered.wallet.connectEmail('old@example.com')
  await act(async () => void (await rendered.kernel.connect('auth')))
  await act(() => rendered.kernel.open('Account'))
  await screen.findByTestId('view-Account')
  rendered.wallet.calls.length = 0
  return rendered
}

describe('update email', () => {
  it('behavior: the Account view offers "Update email" only for the embedded wallet with a known email', async () => {
    const { kernel, wallet } = await signedIn()
    const entry = await screen.findByTestId('account-update-email')
    expect(entry.textContent).toContain('Update email')
    // signed out of the frame: no email, no entry
    act(() => wallet.setEmail(undefined))
    await waitFor(() => expect(screen.queryByTestId('account-update-email')).toBeNull())
    act(() => wallet.setEmail('old@example.com'))
    await screen.findByTestId('account-update-email')
    // another wallet connected: no entry
    await act(async () => void (await kernel.connect('test-wallet')))
    await act(() => kernel.open('Account'))
    await waitFor(() => expect(screen.queryByTestId('account-update-email')).toBeNull())
  })

  it('behavior: new address → code to the current one → code to the new one → success toast and Account', async () => {
    const { kernel, wallet } = await signedIn()
    fireEvent.click(await screen.findByTestId('account-update-email'))
    const form = await screen.findByTestId('view-UpdateEmailWallet')
    expect(form.textContent).toContain('old@example.com')
    expect(screen.getByTestId('header-title').textContent).toBe('Edit Email')

    const input = screen.getByTestId('email-input') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'nope' } })
    fireEvent.click(screen.getByTestId('email-submit'))
    expect((await screen.findByTestId('email-error')).textContent).toBe('Invalid email')
    fireEvent.change(input, { target: { value: 'OLD@example.com' } })
    fireEvent.click(screen.getByTestId('email-submit'))
    expect((await screen.findByTestId('email-error')).textContent).toBe('This is already your email.')
    fireEvent.change(input, { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByTestId('email-submit'))

    const primary = await screen.findByTestId('view-UpdateEmailPrimaryOtp')
    expect(primary.textContent).toContain('old@example.com')
    expect(screen.getByTestId('header-title').textContent).toBe('Confirm Current Email')
    // a wrong code first: said, cleared, still here
    paste((await digitInputs())[0]!, '000000')
    expect((await screen.findByTestId('otp-error')).textContent).toBe('Invalid code. 4 attempts left.')
    paste((await digitInputs())[0]!, GOOD_CODE)

    const secondary = await screen.findByTestId('view-UpdateEmailSecondaryOtp')
    expect(secondary.textContent).toContain('new@example.com')
    expect(screen.getByTestId('header-title').textContent).toBe('Confirm New Email')
    // the secondary view took the primary one's place: back leads to the address form
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account', 'UpdateEmailWallet', 'UpdateEmailSecondaryOtp'])
    paste((await digitInputs())[0]!, GOOD_CODE)

    await waitFor(() => expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account']))
    expect(kernel.getState().notifications.toast).toMatchObject({ open: true, variant: 'success', message: 'Email updated to new@example.com' })
    expect(wallet.calls).toEqual([
      'updateEmail:new@example.com',
      'updateEmailPrimaryOtp:000000',
      `updateEmailPrimaryOtp:${GOOD_CODE}`,
      `updateEmailSecondaryOtp:${GOOD_CODE}`,
    ])
    expect(kernel.getState().email?.accountEmail).toBe('new@example.com')
  })

  it('behavior: when the frame asks for the new address only, the secondary code view comes next', async () => {
    const { wallet } = await signedIn()
    wallet.nextUpdateAction = 'VERIFY_SECONDARY_OTP'
    fireEvent.click(await screen.findByTestId('account-update-email'))
    fireEvent.change(await screen.findByTestId('email-input'), { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByTestId('email-submit'))
    await screen.findByTestId('view-UpdateEmailSecondaryOtp')
  })

  it('error: without an auth connector the update view says email login is not available', async () => {
    await renderEmail({ withAuth: false, view: 'UpdateEmailWallet' })
    expect((await screen.findByTestId('view-UpdateEmailWallet')).textContent).toContain('Email login is not available')
  })
})
