import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { Kernel } from '@portico/kernel'
import { connect } from '@portico/plugin-connect'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { socials } from '../plugin.js'

const kernels: Kernel[] = []
afterEach(() => {
  kernels.splice(0).forEach((k) => k.destroy())
  vi.restoreAllMocks()
})

async function renderConnect(providers?: string[]) {
  const kernel = createTestKernel({ plugins: [connect(), socials(providers ? { providers } : {}), scriptedWalletPlugin().plugin], isMobile: () => false })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.open('Connect'))
  return kernel
}

const ids = (root: HTMLElement) => Array.from(root.querySelectorAll('[data-testid^=social-]')).map((el) => el.getAttribute('data-testid'))

describe('social connect method', () => {
  it('behavior: the first provider full width, three icons and "more"; more shows the rest (SPEC §9 order)', async () => {
    await renderConnect()
    const method = await screen.findByTestId('social-method')
    expect(ids(method)).toEqual(['social-google', 'social-x', 'social-discord', 'social-farcaster', 'social-more'])
    expect(screen.getByTestId('social-google').textContent).toBe('Continue with Google')
    expect(screen.getByTestId('social-x').getAttribute('aria-label')).toBe('Sign in with X')
    fireEvent.click(screen.getByTestId('social-more'))
    expect(ids(method)).toEqual(['social-google', 'social-x', 'social-discord', 'social-farcaster', 'social-github', 'social-apple', 'social-facebook', 'social-more'])
    expect(screen.getByTestId('social-more').getAttribute('aria-expanded')).toBe('true')
  })

  it('behavior: the host order, and no "more" when every icon fits', async () => {
    await renderConnect(['github', 'apple', 'google'])
    const method = await screen.findByTestId('social-method')
    expect(ids(method)).toEqual(['social-github', 'social-apple', 'social-google'])
    // between email and wallets by default: here, before the wallets
    const view = screen.getByTestId('view-Connect')
    expect(Array.from(view.querySelectorAll('[data-method]')).map((el) => el.getAttribute('data-method'))).toEqual(['social', 'wallet'])
  })

  it('behavior: a click opens the popup synchronously at the frame loading page, then shows ConnectingSocial; without an embedded wallet it fails with a retry', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: '' } }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    await renderConnect()
    fireEvent.click(await screen.findByTestId('social-google'))
    // within the click: a popup blocker allows only that
    expect(open).toHaveBeenCalledTimes(1)
    expect(open.mock.calls[0]![1]).toBe('portico-social')
    const view = await screen.findByTestId('view-ConnectingSocial')
    expect(view.getAttribute('data-provider')).toBe('google')
    // this kernel has no embedded wallet: the view says so, offers a retry, and the popup is closed
    await within(view).findByTestId('social-retry')
    expect(screen.getByTestId('social-error').textContent).toBe('Social login is not available. Choose another way to connect.')
    expect(popup.close).toHaveBeenCalled()
  })

  it('behavior: Farcaster opens no popup but the ConnectingFarcaster view; without an embedded wallet it fails with a retry and a toast', async () => {
    const open = vi.spyOn(window, 'open')
    await renderConnect(['farcaster', 'google'])
    fireEvent.click(await screen.findByTestId('social-farcaster'))
    expect(open).not.toHaveBeenCalled()
    const view = await screen.findByTestId('view-ConnectingFarcaster')
    await within(view).findByTestId('farcaster-retry')
    expect(view.getAttribute('data-status')).toBe('error')
    expect(screen.getByTestId('farcaster-error').textContent).toBe('Farcaster sign-in is not available. Choose another way to connect.')
  })
})
