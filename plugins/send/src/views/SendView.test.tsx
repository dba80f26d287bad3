import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { send } from '../plugin.js'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

/** A connected kernel on the Send form; the network's RPC answers eth_gasPrice with 1 gwei. */
async function setup(balance = '1.5') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x3b9aca00' }))),
  )
  const wallet = scriptedWalletPlugin({ balance })
  const kernel = createTestKernel({ plugins: [account(), send(), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  await kernel.connect('test-wallet')
  await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.balance).toBe(balance))
  render(withKernel(kernel))
  await act(() => kernel.open('Account'))
  const feature = await screen.findByTestId('account-feature-send', {}, { timeout: 5000 })
  await act(async () => fireEvent.click(feature))
  await screen.findByTestId('view-WalletSend', {}, { timeout: 5000 })
  return { kernel, wallet: wallet.wallet }
}

const type = (testId: string, value: string) => act(async () => fireEvent.change(screen.getByTestId(testId), { target: { value } }))

describe('Send', { timeout: 15_000 }, () => {
  it('behavior: the native balance is offered; an invalid address and a too large amount are refused with clear messages', async () => {
    await setup()
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    expect(screen.getByTestId('send-balance').textContent).toBe('Balance: 1.500 ETH')
    await type('send-amount', '2')
    await type('send-address', '0x1234')
    await act(async () => fireEvent.click(screen.getByTestId('send-submit')))
    expect(screen.getByTestId('send-amount-error').textContent).toBe('The amount is above your ETH balance.')
    expect(screen.getByTestId('send-address-error').textContent).toBe('This is not a valid EVM address. Check it and try again.')
    expect(screen.getByTestId('send-address').getAttribute('aria-describedby')).toBe(screen.getByTestId('send-address-error').id)
    expect(screen.queryByTestId('view-WalletSendPreview')).toBeNull()
    // fixing a field clears its message
    await type('send-address', RECEIVER)
    expect(screen.queryByTestId('send-address-error')).toBeNull()
  })

  it('error: nothing chosen says to choose a token', async () => {
    await setup()
    await act(async () => fireEvent.click(screen.getByTestId('send-submit')))
    expect(screen.getByTestId('send-token-error').textContent).toBe('Choose a token to send.')
  })

  it('behavior: Max on the native currency leaves twice a plain transfer fee', async () => {
    await setup()
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await act(async () => fireEvent.click(screen.getByTestId('send-max')))
    await waitFor(() => expect((screen.getByTestId('send-amount') as HTMLInputElement).value).toBe('1.499958'))
  })

  it('behavior: the preview shows the fee; Send sends through the kernel, toasts, returns to Account and resets', async () => {
    const { kernel } = await setup()
    const sent = vi.spyOn(kernel, 'sendTransaction')
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await type('send-amount', '0.5')
    await type('send-address', RECEIVER)
    await act(async () => fireEvent.click(screen.getByTestId('send-submit')))
    const preview = await screen.findByTestId('view-WalletSendPreview')
    expect(within(preview).getByTestId('send-preview-amount').textContent).toBe('0.5 ETH')
    await waitFor(() => expect(within(preview).getByTestId('send-preview-fee-native').textContent).toBe('0.000021 ETH'))
    expect(within(preview).queryByTestId('send-insufficient-gas')).toBeNull()
    await act(async () => fireEvent.click(within(preview).getByTestId('send-confirm')))
    await screen.findByTestId('view-Account')
    expect(sent).toHaveBeenCalledWith({ to: RECEIVER, value: 500_000_000_000_000_000n })
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Transaction started'))
    expect(kernel.getState().send).toMatchObject({ token: undefined, sendTokenAmount: undefined, receiverAddress: undefined, loading: false })
  })

  it('error: a failed send toasts "Something went wrong" and keeps the form', async () => {
    const { kernel, wallet } = await setup()
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await type('send-amount', '0.5')
    await type('send-address', RECEIVER)
    await act(async () => fireEvent.click(screen.getByTestId('send-submit')))
    const preview = await screen.findByTestId('view-WalletSendPreview')
    await waitFor(() => expect((within(preview).getByTestId('send-confirm') as HTMLButtonElement).disabled).toBe(false))
    wallet.mode = 'fail'
    await act(async () => fireEvent.click(within(preview).getByTestId('send-confirm')))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Something went wrong'))
    expect(screen.getByTestId('view-WalletSendPreview')).toBeTruthy()
    expect(kernel.getState().send).toMatchObject({ sendTokenAmount: '0.5', receiverAddress: RECEIVER, loading: false })
  })

  it('behavior: a network switch resets the form', async () => {
    const { kernel } = await setup()
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await type('send-amount', '0.5')
    await act(() => kernel.switchNetwork('eip155:31338'))
    expect(kernel.getState().send.sendTokenAmount).toBeUndefined()
  })

  it('behavior: "Insufficient gas" when the native balance cannot pay the fee, and Send stays off', async () => {
    await setup('0.00001')
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await type('send-amount', '0.000001')
    await type('send-address', RECEIVER)
    await act(async () => fireEvent.click(screen.getByTestId('send-submit')))
    const warning = await screen.findByTestId('send-insufficient-gas')
    expect(warning.textContent).toContain('Insufficient gas')
    expect(warning.textContent).toContain('Add ETH on Anvil to pay the network fee.')
    expect((screen.getByTestId('send-confirm') as HTMLButtonElement).disabled).toBe(true)
  })
})
