import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FAKE_ADDRESS, GOOD_CODE } from '../testing/fakeEmbeddedWallet.js'
import { destroyKernels, digitInputs, renderEmail } from '../testing/renderEmail.js'

afterEach(() => {
  destroyKernels()
  vi.useRealTimers()
})

const paste = (input: HTMLInputElement, text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } })
const typeDigit = (input: HTMLInputElement, digit: string) => fireEvent.change(input, { target: { value: digit } })

/** The code view for `visitor@example.com`, reached from the Connect view like a visitor does. */
async function otpView() {
  const rendered = await renderEmail()
  await rendered.wallet.connectEmail('visitor@example.com')
  rendered.wallet.calls.length = 0
  await act(async () => rendered.kernel.router.push('EmailVerifyOtp', { email: 'visitor@example.com' }))
  await screen.findByTestId('view-EmailVerifyOtp')
  return { ...rendered, inputs: await digitInputs() }
}

describe('EmailVerifyOtp', () => {
  it('a11y: six numeric digit inputs in a labelled group, one-time-code autofill on the first, the first focused', async () => {
    const { inputs } = await otpView()
    const group = screen.getByTestId('otp-input')
    expect(group.getAttribute('role')).toBe('group')
    expect(group.getAttribute('aria-label')).toBe('Verification code')
    expect(inputs).toHaveLength(6)
    expect(inputs.map((i) => i.inputMode)).toEqual(Array(6).fill('numeric'))
    expect(inputs[0]!.getAttribute('autocomplete')).toBe('one-time-code')
    expect(inputs[1]!.getAttribute('autocomplete')).toBe('off')
    expect(inputs[2]!.getAttribute('aria-label')).toBe('Digit 3 of 6')
    await waitFor(() => expect(document.activeElement).toBe(inputs[0]))
    expect(screen.getByTestId('view-EmailVerifyOtp').textContent).toContain('visitor@example.com')
  })

  it('behavior: typing advances, Backspace goes back, arrow keys move, letters are ignored', async () => {
    const { inputs, wallet } = await otpView()
    typeDigit(inputs[0]!, '4')
    expect(document.activeElement).toBe(inputs[1])
    typeDigit(inputs[1]!, 'x')
    expect(inputs[1]!.value).toBe('')
    typeDigit(inputs[1]!, '2')
    expect(document.activeElement).toBe(inputs[2])
    fireEvent.keyDown(inputs[2]!, { key: 'Backspace' })
    expect(document.activeElement).toBe(inputs[1])
    expect(inputs[1]!.value).toBe('')
    expect(inputs[0]!.value).toBe('4')
    fireEvent.keyDown(inputs[1]!, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(inputs[0])
    fireEvent.keyDown(inputs[0]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(inputs[1])
    fireEvent.keyDown(inputs[1]!, { key: 'End' })
    expect(document.activeElement).toBe(inputs[5])
    expect(wallet.calls).toEqual([])
  })

  it('behavior: a digit typed over another replaces it; an autofilled code in the first input fills them all', async () => {
    const { inputs, wallet } = await otpView()
    typeDigit(inputs[0]!, '7')
    // the caret was after the 7, not on it: the field reads "79" for a moment
    typeDigit(inputs[0]!, '79')
    expect(inputs[0]!.value).toBe('9')
    expect(document.activeElement).toBe(inputs[1])
    typeDigit(inputs[0]!, GOOD_CODE)
    expect(inputs.map((i) => i.value).join('')).toBe(GOOD_CODE)
    await waitFor(() => expect(wallet.calls[0]).toBe(`connectOtp:${GOOD_CODE}`))
  })

  it('behavior: pasting a 6-digit code fills every digit and submits, then the auth connector connects', async () => {
    const { inputs, wallet, kernel } = await otpView()
    paste(inputs[2]!, ` ${GOOD_CODE.slice(0, 3)}-${GOOD_CODE.slice(3)} `)
    expect(inputs.map((i) => i.value).join('')).toBe(GOOD_CODE)
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155).toMatchObject({ status: 'connected', connectorId: 'auth', address: FAKE_ADDRESS }))
    expect(wallet.calls).toEqual([`connectOtp:${GOOD_CODE}`, 'connect'])
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('behavior: typing the last digit submits', async () => {
    const { inputs, wallet } = await otpView()
    GOOD_CODE.split('').forEach((d, i) => typeDigit(inputs[i]!, d))
    await waitFor(() => expect(wallet.calls).toEqual([`connectOtp:${GOOD_CODE}`, 'connect']))
  })

  it("error: a wrong code shows the frame's error, clears and focuses the digits, and shakes the modal", async () => {
    const { inputs, wallet, kernel } = await otpView()
    let release!: () => void
    const original = wallet.connectOtp
    wallet.connectOtp = vi.fn(async (otp: string) => {
      await new Promise<void>((r) => (release = r))
      return original(otp)
    })
    paste(inputs[0]!, '999999')
    // a spinner while the code is checked; the digits keep focus but take no input
    expect((await screen.findByTestId('otp-verifying')).textContent).toContain('Checking the code')
    expect(inputs[0]!.readOnly).toBe(true)
    await act(async () => release())
    const error = await screen.findByTestId('otp-error')
    expect(error.textContent).toBe('Invalid code. 4 attempts left.')
    expect(error.getAttribute('role')).toBe('alert')
    expect(inputs.map((i) => i.value).join('')).toBe('')
    expect(inputs[0]!.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('otp-input').getAttribute('aria-describedby')).toBe(error.id)
    await waitFor(() => expect(document.activeElement).toBe(inputs[0]))
    expect(kernel.getState().modal.shake).toBe(true)
    expect(kernel.getState().chains.accounts.eip155?.status).not.toBe('connected')
    // the next digit typed clears the message
    typeDigit(inputs[0]!, '1')
    expect(screen.queryByTestId('otp-error')).toBeNull()
  })

  it('error: the sign-in service unreachable keeps the typed code, and Try again checks the same code', async () => {
    const { inputs, wallet, kernel } = await otpView()
    const original = wallet.connectOtp.bind(wallet)
    let down = true
    wallet.connectOtp = async (otp: string) => {
      if (!down) return original(otp)
      wallet.calls.push(`connectOtp:${otp}`)
      throw new Error('The sign-in service is unreachable. Try again in a moment.')
    }
    await act(async () => paste(inputs[0]!, GOOD_CODE))
    expect((await screen.findByTestId('otp-error')).textContent).toBe('The sign-in service is unreachable. Try again in a moment.')
    expect((await digitInputs()).map((i) => i.value).join('')).toBe(GOOD_CODE)
    down = false
    await act(async () => fireEvent.click(screen.getByTestId('otp-retry')))
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.address).toBe(FAKE_ADDRESS))
    expect(wallet.calls.filter((c) => c.startsWith('connectOtp'))).toEqual([`connectOtp:${GOOD_CODE}`, `connectOtp:${GOOD_CODE}`])
  })

  it('error: when the code is taken but connecting fails, it says why and retries connecting only', async () => {
    const { inputs, wallet, kernel } = await otpView()
    wallet.failNextConnect = 'The sign-in service is unreachable. Try again in a moment.'
    paste(inputs[0]!, GOOD_CODE)
    expect((await screen.findByTestId('otp-connect-error')).textContent).toBe('The sign-in service is unreachable. Try again in a moment.')
    expect(screen.getByTestId('view-EmailVerifyOtp').textContent).toContain('Your code was accepted, but the wallet could not connect')
    fireEvent.click(screen.getByTestId('otp-connect-retry'))
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.status).toBe('connected'))
    expect(wallet.calls).toEqual([`connectOtp:${GOOD_CODE}`, 'connect', 'connect'])
  })

  it('behavior: resend is disabled with a live countdown until the cooldown ends, then asks for a new code', async () => {
    const { wallet, kernel } = await renderEmail()
    // the clock is faked once the kernel is up (its start-up waits on real timers); vi.waitFor keeps real ones
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    await wallet.connectEmail('visitor@example.com')
    wallet.calls.length = 0
    await act(async () => kernel.router.push('EmailVerifyOtp', { email: 'visitor@example.com' }))
    const resend = await vi.waitFor(() => screen.getByTestId('otp-resend') as HTMLButtonElement)
    expect(resend.disabled).toBe(true)
    expect(resend.textContent).toBe('Resend code in 30 s')
    await act(async () => void vi.advanceTimersByTime(10_000))
    expect(resend.textContent).toBe('Resend code in 20 s')
    expect(resend.disabled).toBe(true)
    await act(async () => void vi.advanceTimersByTime(20_000))
    expect(resend.textContent).toBe('Resend code')
    expect(resend.disabled).toBe(false)
    await act(async () => void fireEvent.click(resend))
    await vi.waitFor(() => expect(screen.getByTestId('otp-notice').textContent).toBe('A new code was sent to visitor@example.com.'))
    expect(wallet.calls).toEqual(['connectEmail:visitor@example.com'])
    // the new code starts a new cooldown
    expect(resend.disabled).toBe(true)
    expect(resend.textContent).toBe('Resend code in 30 s')
  })

  it('error: without an auth connector the view says email login is not available', async () => {
    await renderEmail({ withAuth: false, view: 'EmailVerifyOtp', data: { email: 'visitor@example.com' } })
    const view = await screen.findByTestId('view-EmailVerifyOtp')
    expect(view.getAttribute('data-state')).toBe('unavailable')
    expect(view.textContent).toContain('Email login is not available')
  })
})
