import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FAKE_ADDRESS } from '../testing/fakeEmbeddedWallet.js'
import { destroyKernels, renderEmail } from '../testing/renderEmail.js'

afterEach(() => {
  destroyKernels()
  vi.useRealTimers()
})

async function field() {
  const input = (await screen.findByTestId('email-input')) as HTMLInputElement
  return { input, submit: screen.getByTestId('email-submit') as HTMLButtonElement }
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } })
/** Enter in the field: the form's implicit submission (jsdom does not synthesize it from the key). */
const pressEnter = (input: HTMLInputElement) => fireEvent.submit(input.form!)

describe('email connect method', () => {
  it('behavior: shows first on the Connect view, before the wallets (SPEC §2 order)', async () => {
    await renderEmail()
    const view = await screen.findByTestId('view-Connect')
    await within(view).findByTestId('email-input')
    const order = Array.from(view.querySelectorAll('[data-method]')).map((el) => el.getAttribute('data-method'))
    expect(order).toEqual(['email', 'wallet'])
    expect(screen.getByTestId('email-input').getAttribute('type')).toBe('email')
    expect(screen.getByTestId('email-submit').getAttribute('aria-label')).toBe('Continue')
  })

  it('error: an invalid address says "Invalid email" under the field, tied to it, and keeps what was typed', async () => {
    const { wallet } = await renderEmail()
    const { input, submit } = await field()
    type(input, 'not-an-email')
    fireEvent.click(submit)
    const error = await screen.findByTestId('email-error')
    expect(error.textContent).toBe('Invalid email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe(error.id)
    expect(input.value).toBe('not-an-email')
    expect(wallet.calls).toEqual([])
    // typing again clears the message
    type(input, 'not-an-email@')
    expect(screen.queryByTestId('email-error')).toBeNull()
  })

  it('behavior: Enter submits; VERIFY_OTP pushes EmailVerifyOtp with the address', async () => {
    const { kernel, wallet } = await renderEmail()
    const { input } = await field()
    type(input, '  visitor@example.com ')
    pressEnter(input)
    const view = await screen.findByTestId('view-EmailVerifyOtp')
    expect(wallet.calls).toEqual(['connectEmail:visitor@example.com'])
    expect(kernel.getState().router.history.at(-1)).toEqual({ view: 'EmailVerifyOtp', data: { email: 'visitor@example.com' } })
    expect(view.textContent).toContain('visitor@example.com')
    expect(screen.getByTestId('header-title').textContent).toBe('Confirm Email')
  })

  it('behavior: a spinner while the code is requested', async () => {
    const { wallet } = await renderEmail()
    let answer!: (v: { action: 'VERIFY_OTP' }) => void
    wallet.connectEmail = vi.fn(() => new Promise<{ action: 'VERIFY_OTP' }>((r) => (answer = r)))
    const { input, submit } = await field()
    type(input, 'visitor@example.com')
    fireEvent.click(submit)
    await waitFor(() => expect(submit.disabled).toBe(true))
    expect(within(submit).getByRole('status', { name: 'Sending a code' })).toBeTruthy()
    await act(async () => answer({ action: 'VERIFY_OTP' }))
    await screen.findByTestId('view-EmailVerifyOtp')
  })

  it('behavior: VERIFY_DEVICE pushes EmailVerifyDevice', async () => {
    const { wallet } = await renderEmail()
    wallet.nextAction = 'VERIFY_DEVICE'
    const { input, submit } = await field()
    type(input, 'known@example.com')
    fireEvent.click(submit)
    const view = await screen.findByTestId('view-EmailVerifyDevice')
    expect(view.textContent).toContain('known@example.com')
    expect(screen.getByTestId('header-title').textContent).toBe('Register Device')
  })

  it('behavior: CONNECT (the frame still has a session) connects the auth connector at once', async () => {
    const { kernel, wallet } = await renderEmail()
    wallet.nextAction = 'CONNECT'
    const { input, submit } = await field()
    type(input, 'back@example.com')
    fireEvent.click(submit)
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155).toMatchObject({ status: 'connected', connectorId: 'auth', address: FAKE_ADDRESS }))
    expect(wallet.calls).toEqual(['connectEmail:back@example.com', 'connect'])
    expect(kernel.getState().modal.open).toBe(false)
  })

  it("error: the frame's rejection is said inline and the address stays", async () => {
    const { wallet } = await renderEmail()
    wallet.connectEmail = vi.fn(async () => {
      throw new Error('The sign-in service is unreachable. Try again in a moment.')
    })
    const { input, submit } = await field()
    type(input, 'visitor@example.com')
    fireEvent.click(submit)
    expect((await screen.findByTestId('email-error')).textContent).toBe('The sign-in service is unreachable. Try again in a moment.')
    expect(input.value).toBe('visitor@example.com')
    expect(submit.disabled).toBe(false)
    expect(screen.getByTestId('view-Connect')).toBeTruthy()
  })

  it('behavior: inside the 30 s cooldown it says "Please try again after {n} seconds" and counts down', async () => {
    const { wallet } = await renderEmail()
    const { input, submit } = await field()
    // the clock is faked once the modal shows (the kernel's own start-up waits on real timers)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    wallet.cooldownUntil = Date.now() + 12_000
    type(input, 'visitor@example.com')
    fireEvent.click(submit)
    // the address is checked first (the validator loads on focus or submit)
    expect((await screen.findByTestId('email-error')).textContent).toBe('Please try again after 12 seconds')
    expect(wallet.calls).toEqual([])
    await act(async () => void vi.advanceTimersByTime(11_000))
    expect(screen.getByTestId('email-error').textContent).toBe('Please try again after 1 second')
    await act(async () => void vi.advanceTimersByTime(1_000))
    expect(screen.queryByTestId('email-error')).toBeNull()
  })

  it("behavior: the wallet's own cooldown refusal is counted down the same way", async () => {
    const { wallet } = await renderEmail()
    const { input, submit } = await field()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    // another tab of the same page asked a moment ago: the check before submitting passed, the wallet refuses
    wallet.connectEmail = vi.fn(async () => {
      wallet.cooldownUntil = Date.now() + 5_000
      throw new Error('Please try again after 5 seconds')
    })
    type(input, 'visitor@example.com')
    await act(async () => void fireEvent.click(submit))
    expect(screen.getByTestId('email-error').textContent).toBe('Please try again after 5 seconds')
    await act(async () => void vi.advanceTimersByTime(5_000))
    expect(screen.queryByTestId('email-error')).toBeNull()
  })

  it('error: without an auth connector it says email login is not available, and nothing crashes', async () => {
    await renderEmail({ withAuth: false })
    const { input, submit } = await field()
    type(input, 'visitor@example.com')
    fireEvent.click(submit)
    expect((await screen.findByTestId('email-error')).textContent).toBe('Email login is not available. Choose another way to connect.')
    expect(screen.getByTestId('view-Connect')).toBeTruthy()
  })
})
