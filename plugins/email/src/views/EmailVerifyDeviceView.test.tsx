import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { destroyKernels, renderEmail } from '../testing/renderEmail.js'

afterEach(() => {
  destroyKernels()
  vi.useRealTimers()
})

async function deviceView() {
  const rendered = await renderEmail()
  rendered.wallet.nextAction = 'VERIFY_DEVICE'
  fireEvent.change(await screen.findByTestId('email-input'), { target: { value: 'known@example.com' } })
  fireEvent.click(screen.getByTestId('email-submit'))
  const view = await screen.findByTestId('view-EmailVerifyDevice')
  return { ...rendered, view }
}

describe('EmailVerifyDevice', () => {
  it('behavior: explains the link, waits with a spinner, then replaces itself with the code view', async () => {
    const { view, wallet, kernel } = await deviceView()
    expect(view.textContent).toContain('Check your email')
    expect(view.textContent).toContain('We sent a link to known@example.com to approve this device')
    expect(screen.getByTestId('device-waiting').textContent).toContain('Waiting for you to approve this device')
    await waitFor(() => expect(wallet.calls).toContain('connectDevice'))
    await act(async () => wallet.device.resolve())
    await screen.findByTestId('view-EmailVerifyOtp')
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Connect', 'EmailVerifyOtp'])
    expect(screen.getByTestId('view-EmailVerifyOtp').textContent).toContain('known@example.com')
  })

  it('behavior: leaving the view aborts the wait', async () => {
    const { wallet, kernel } = await deviceView()
    await waitFor(() => expect(wallet.deviceSignal).toBeDefined())
    expect(wallet.deviceSignal!.aborted).toBe(false)
    act(() => kernel.router.goBack())
    await screen.findByTestId('view-Connect')
    expect(wallet.deviceSignal!.aborted).toBe(true)
  })

  it('error: a failed wait says so and offers a retry that waits again', async () => {
    const { wallet } = await deviceView()
    await waitFor(() => expect(wallet.calls).toContain('connectDevice'))
    const first = wallet.device
    wallet.device = { ...first, promise: new Promise(() => {}) }
    await act(async () => first.reject(new Error('The sign-in service is unreachable. Try again in a moment.')))
    expect((await screen.findByTestId('device-error')).textContent).toBe('The sign-in service is unreachable. Try again in a moment.')
    fireEvent.click(screen.getByTestId('device-retry'))
    await screen.findByTestId('device-waiting')
    expect(wallet.calls.filter((c) => c === 'connectDevice')).toHaveLength(2)
  })

  it('behavior: the resend link button counts down the cooldown, then sends a new link', async () => {
    const { wallet, kernel } = await renderEmail()
    // the clock is faked once the kernel is up (its start-up waits on real timers); vi.waitFor keeps real ones
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    await wallet.connectEmail('known@example.com')
    wallet.nextAction = 'VERIFY_DEVICE'
    await act(async () => kernel.router.push('EmailVerifyDevice', { email: 'known@example.com' }))
    const resend = await vi.waitFor(() => screen.getByTestId('device-resend') as HTMLButtonElement)
    expect(resend.disabled).toBe(true)
    expect(resend.textContent).toBe('Resend link in 30 s')
    await act(async () => void vi.advanceTimersByTime(30_000))
    expect(resend.disabled).toBe(false)
    expect(resend.textContent).toBe('Resend link')
    await act(async () => void fireEvent.click(resend))
    await vi.waitFor(() => expect(screen.getByTestId('device-notice').textContent).toBe('A new link was sent to known@example.com.'))
    expect(wallet.calls.filter((c) => c.startsWith('connectEmail'))).toHaveLength(2)
    expect(resend.textContent).toBe('Resend link in 30 s')
  })
})
