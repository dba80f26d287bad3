import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { createTestKernel, scriptedWalletPlugin, TEST_ADDRESS, withKernel } from '@portico/tests/react'
import { receive } from '../plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

async function setup() {
  const wallet = scriptedWalletPlugin()
  const kernel = createTestKernel({ plugins: [account(), receive(), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  await kernel.connect('test-wallet')
  render(withKernel(kernel))
  await act(() => kernel.open('Account'))
  await screen.findByTestId('view-Account')
  return kernel
}

describe('Receive', { timeout: 15_000 }, () => {
  it('behavior: the Account view offers Receive, which opens the view with the address as a QR code', async () => {
    await setup()
    const feature = await screen.findByTestId('account-feature-receive', {}, { timeout: 5000 })
    await act(async () => fireEvent.click(feature))
    const view = await screen.findByTestId('view-WalletReceive')
    expect(within(view).getByTestId('receive-qr').getAttribute('data-uri')).toBe(TEST_ADDRESS)
    expect(within(view).getByRole('img', { name: 'QR code of the address 0x12...345678' })).toBeTruthy()
    expect(within(view).getByTestId('receive-address').textContent).toBe(TEST_ADDRESS)
    expect(screen.getByTestId('header-title').textContent).toBe('Receive')
  })

  it('behavior: lists the networks of the namespace, the active one first', async () => {
    await setup()
    const feature = await screen.findByTestId('account-feature-receive', {}, { timeout: 5000 })
    await act(async () => fireEvent.click(feature))
    const list = await screen.findByTestId('receive-networks')
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('.portico-receive-chip__name')?.textContent)).toEqual(['Anvil', 'Anvil Two'])
  })

  it('behavior: copy puts the address on the clipboard and toasts', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const kernel = await setup()
    await act(() => kernel.router.push('WalletReceive'))
    await act(async () => fireEvent.click(await screen.findByTestId('receive-copy')))
    expect(writeText).toHaveBeenCalledWith(TEST_ADDRESS)
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Address copied'))
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('success')
  })

  it('error: without a clipboard the copy fails with an error toast', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    const kernel = await setup()
    await act(() => kernel.router.push('WalletReceive'))
    await act(async () => fireEvent.click(await screen.findByTestId('receive-copy')))
    await waitFor(() => expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('error'))
  })
})
