import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import { anvil, anvil2, createTestKernel, withKernel } from '@portico/tests/react'
import { verifyMessage, type Hex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getSiwx, isSiwxEnabled } from './api.js'
import { localSiwx } from './local.js'
import type { LegacySiweConfig } from './legacy.js'
import { siwx } from './plugin.js'
import { selectSiwx } from './slice.js'
import { keyWalletPlugin } from './testing/keyWallet.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

async function setup(options: Record<string, unknown> = { siwx: localSiwx() }, storage = createMemoryStorage()) {
  const key = keyWalletPlugin()
  const kernel = createTestKernel({ networks: [anvil, anvil2], plugins: [key.plugin, siwx()], storage, metadata: { name: 'Portico Demo', description: '', url: 'http://localhost:3000', icons: [] }, ...options })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  return { kernel, wallet: key.wallet, accounts: key.accounts, storage }
}

const state = (kernel: Kernel) => selectSiwx(kernel.getState())
const view = (kernel: Kernel) => kernel.getState().router.history.at(-1)?.view

/** Connects and waits for the prompt. */
async function connectAndPrompt(kernel: Kernel) {
  await act(async () => void (await kernel.connect('key-wallet')))
  await screen.findByTestId('view-SIWXSignMessage')
  expect(kernel.getState().modal.open).toBe(true)
}

describe('sign-in prompt', () => {
  it('behavior: after a connect the prompt shows the app and account; signing stores a verified session and closes', async () => {
    const { kernel, wallet } = await setup()
    await connectAndPrompt(kernel)
    expect(screen.getByText('Portico Demo wants you to sign in')).toBeTruthy()
    expect(screen.getByTestId('view-SIWXSignMessage').textContent).toContain('0xf3...b92266')
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    const session = state(kernel).session!
    expect(session.data).toMatchObject({ chainId: 'eip155:31337', accountAddress: wallet.account.address, domain: location.host })
    expect(session.message).toBe(wallet.signed[0])
    expect(await verifyMessage({ address: wallet.account.address, message: session.message, signature: session.signature as Hex })).toBe(true)
    expect(await getSiwx(kernel).getSessions()).toEqual([session])
  })

  it('behavior: a reload with a session asks nothing; signing out asks again', async () => {
    const storage = createMemoryStorage()
    const first = await setup({ siwx: localSiwx() }, storage)
    await connectAndPrompt(first.kernel)
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(state(first.kernel).session).toBeDefined())
    first.kernel.destroy()

    const second = await setup({ siwx: localSiwx() }, storage)
    await waitFor(() => expect(second.kernel.getState().chains.accounts.eip155?.status).toBe('connected'))
    await waitFor(() => expect(state(second.kernel).session).toBeDefined())
    expect(second.kernel.getState().modal.open).toBe(false)
    await act(() => getSiwx(second.kernel).signOut())
    await waitFor(() => expect(view(second.kernel)).toBe('SIWXSignMessage'))
    expect(state(second.kernel).session).toBeUndefined()
  })

  it('behavior: a declined signature keeps the prompt with the reason, and signing again succeeds', async () => {
    const { kernel, wallet } = await setup()
    await connectAndPrompt(kernel)
    wallet.mode = 'reject'
    fireEvent.click(screen.getByTestId('siwx-sign'))
    expect((await screen.findByTestId('siwx-error')).textContent).toBe('You declined the signature. Sign in to continue.')
    expect(kernel.getState().modal.open).toBe(true)
    expect(state(kernel).phase).toBe('declined')
    expect(screen.getByTestId('siwx-sign').textContent).toBe('Try again')
    wallet.mode = 'approve'
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    expect(state(kernel).session).toBeDefined()
  })

  it('behavior: optional sign-in: cancel closes and stays connected; closing is allowed', async () => {
    const { kernel } = await setup()
    await connectAndPrompt(kernel)
    expect(screen.getByTestId('siwx-cancel').textContent).toBe('Cancel')
    fireEvent.click(screen.getByTestId('siwx-cancel'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('connected')
    expect(state(kernel).session).toBeUndefined()
  })

  it('behavior: required sign-in refuses every way of closing, with the shake (the local verifier named as data)', async () => {
    const { kernel } = await setup({ siwx: { verifier: 'local', required: true } })
    await connectAndPrompt(kernel)
    const refuses = async (close: () => void) => {
      act(close)
      expect(kernel.getState().modal.open).toBe(true)
      expect(kernel.getState().modal.shake).toBe(true)
      await waitFor(() => expect(kernel.getState().modal.shake).toBe(false), { timeout: 2000 })
    }
    await refuses(() => kernel.close())
    await refuses(() => void fireEvent.keyDown(screen.getByTestId('portico-modal'), { key: 'Escape' }))
    await refuses(() => void fireEvent.click(screen.getByTestId('modal-backdrop')))
    await refuses(() => void fireEvent.click(screen.getByTestId('modal-close')))
    await refuses(() => kernel.router.goBack())
    expect(view(kernel)).toBe('SIWXSignMessage')
    // opening the modal on another view comes back to the prompt
    await act(() => kernel.open('Account'))
    expect(view(kernel)).toBe('SIWXSignMessage')
  })

  it('behavior: required sign-in: cancel disconnects and then the modal closes', async () => {
    const { kernel } = await setup({ siwx: localSiwx({ required: true }) })
    await connectAndPrompt(kernel)
    expect(screen.getByTestId('siwx-cancel').textContent).toBe('Disconnect')
    fireEvent.click(screen.getByTestId('siwx-cancel'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    expect(kernel.getState().chains.accounts.eip155?.status).not.toBe('connected')
    expect(state(kernel).pending).toBeUndefined()
  })

  it('behavior: switching chain asks again when no session covers it; back on the signed chain asks nothing', async () => {
    const { kernel } = await setup()
    await connectAndPrompt(kernel)
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    await act(() => kernel.switchNetwork('eip155:31338'))
    await waitFor(() => expect(view(kernel)).toBe('SIWXSignMessage'))
    expect(state(kernel).pending).toMatchObject({ chainId: 'eip155:31338' })
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    await act(() => kernel.switchNetwork('eip155:31337'))
    await waitFor(() => expect(state(kernel).session?.data.chainId).toBe('eip155:31337'))
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('behavior: the wallet switching account asks again for the new account', async () => {
    const { kernel, wallet, accounts } = await setup()
    await connectAndPrompt(kernel)
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    act(() => wallet.switchAccount(1))
    await waitFor(() => expect(view(kernel)).toBe('SIWXSignMessage'))
    expect(state(kernel).pending?.accountAddress).toBe(accounts[1]!.address)
  })

  it('behavior: ConnectingSiwe is the same prompt under the spec’s other name', async () => {
    const { kernel } = await setup()
    await connectAndPrompt(kernel)
    await act(() => kernel.open('ConnectingSiwe'))
    expect((await screen.findByTestId('view-ConnectingSiwe')).querySelector('[data-testid="siwx-sign"]')).toBeTruthy()
  })

  it('behavior: without the option nothing is asked and the API says "SIWX is not enabled"', async () => {
    const { kernel } = await setup({})
    await act(async () => void (await kernel.connect('key-wallet')))
    await new Promise((r) => setTimeout(r, 20))
    expect(kernel.getState().modal.open).toBe(false)
    expect(isSiwxEnabled(kernel)).toBe(false)
    expect(() => getSiwx(kernel)).toThrow('SIWX is not enabled')
  })
})

describe('options', () => {
  it('error: both `siweConfig` and `siwx` are refused by createKernel', () => {
    expect(() => createKernel({ projectId: 'p', plugins: [siwx()], siwx: localSiwx(), siweConfig: legacy() })).toThrow('Cannot set both `siweConfig` and `siwx` options')
  })

  it('error: a `siwx` config without its functions is refused with what is missing', () => {
    expect(() => createKernel({ projectId: 'p', plugins: [siwx()], siwx: { getNonce: () => 'n' } })).toThrow(
      'The `siwx` option needs `addSession`, `getSessions`, `revokeSession`.',
    )
  })

  it('behavior: the legacy siweConfig signs the message it writes, verifies on its backend and reads its session', async () => {
    const config = legacy()
    const { kernel, wallet } = await setup({ siweConfig: config })
    await connectAndPrompt(kernel)
    // legacy sign-in was required by default
    expect(state(kernel).required).toBe(true)
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(kernel.getState().modal.open).toBe(false))
    expect(config.createMessage).toHaveBeenCalledWith(expect.objectContaining({ address: `eip155:31337:${wallet.account.address}`, chainId: 31337, nonce: 'legacynonce1' }))
    expect(wallet.signed[0]).toBe('legacy message')
    expect(config.verifyMessage).toHaveBeenCalledWith({ message: 'legacy message', signature: expect.stringMatching(/^0x/) })
    config.getSession.mockResolvedValue({ address: wallet.account.address, chainId: 31337 })
    expect(await getSiwx(kernel).getSessions()).toHaveLength(1)
    await act(() => getSiwx(kernel).signOut())
    expect(config.signOut).toHaveBeenCalled()
  })
})

function legacy() {
  return {
    getNonce: vi.fn(async () => 'legacynonce1'),
    createMessage: vi.fn(() => 'legacy message'),
    verifyMessage: vi.fn(async () => true),
    getSession: vi.fn<LegacySiweConfig['getSession']>(async () => null),
    signOut: vi.fn(async () => true),
  }
}
