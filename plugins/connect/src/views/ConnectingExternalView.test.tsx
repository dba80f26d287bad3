import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { anvil, createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { connect } from '../plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

async function setup(mode: 'approve' | 'reject' | 'fail', connectorId = 'test-wallet') {
  const wallet = scriptedWalletPlugin()
  wallet.wallet.mode = mode
  const kernel = createTestKernel({ networks: [anvil], plugins: [connect(), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.open('Connect'))
  await act(async () => kernel.router.push('ConnectingExternal', { connectorId }))
  return { kernel, wallet: wallet.wallet }
}

describe('ConnectingExternal view', () => {
  it('behavior: asks the wallet once, titled with its name, and the modal closes when it connects', async () => {
    const { kernel, wallet } = await setup('approve')
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    expect(wallet.calls).toEqual(['connect'])
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('connected')
  })

  it('behavior: a declined request says so and Try again asks the wallet again', async () => {
    const { kernel, wallet } = await setup('reject')
    const view = await screen.findByTestId('view-ConnectingExternal')
    await waitFor(() => expect(view.getAttribute('data-phase')).toBe('declined'))
    expect(screen.getByTestId('connecting-heading').textContent).toBe('Connection declined')
    expect(screen.getByTestId('header-title').textContent).toBe('Test Wallet')
    wallet.mode = 'approve'
    fireEvent.click(screen.getByTestId('connecting-retry'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    expect(wallet.calls).toEqual(['connect', 'connect'])
  })

  it('error: a failing wallet shows the reason and a retry, not a blank screen', async () => {
    await setup('fail')
    const view = await screen.findByTestId('view-ConnectingExternal')
    await waitFor(() => expect(view.getAttribute('data-phase')).toBe('error'))
    expect(screen.getByRole('alert').textContent).toBe('Internal error')
    expect(screen.getByTestId('connecting-retry')).toBeTruthy()
  })

  it('error: a connector that is gone offers to go back', async () => {
    const { kernel } = await setup('approve', 'vanished')
    expect((await screen.findByTestId('view-ConnectingExternal')).textContent).toContain('Wallet not available')
    fireEvent.click(screen.getByRole('button', { name: 'Choose another wallet' }))
    await waitFor(() => expect(kernel.router.current()?.view).toBe('Connect'))
  })
})
