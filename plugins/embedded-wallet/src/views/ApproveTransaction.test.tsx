import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import { withKernel } from '@portico/tests/react'
import { evm } from '@portico/plugin-evm'
import { embeddedWallet } from '../plugin.js'
import { FAKE_EMAIL, FAKE_FRAME_URL, FakeFrame } from '../testing/FakeFrame.js'
import { embeddedWalletOf } from '../api.js'

// the chain RPC is unreachable on purpose (only the wallet matters here): the balance reads log, quietly
vi.spyOn(console, 'warn').mockImplementation(() => {})
vi.spyOn(console, 'error').mockImplementation(() => {})

let fake: FakeFrame
let kernels: Kernel[] = []
beforeEach(() => {
  fake = new FakeFrame()
})
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  fake.destroy()
})

async function setup() {
  const kernel = createKernel({
    projectId: 'test-project',
    networks: ['eip155:31337'],
    endpoints: { frame: FAKE_FRAME_URL },
    storage: createMemoryStorage(),
    isMobile: () => false,
    plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:1'] } }), embeddedWallet()],
  })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  return kernel
}

describe('ApproveTransaction', () => {
  it('behavior: a spinner until the frame is ready, then the frame over the slot with focus in it; hidden again on leaving', async () => {
    fake.autoReady = false
    const kernel = await setup()
    await act(() => kernel.open('ApproveTransaction'))
    const view = await screen.findByTestId('view-ApproveTransaction')
    const slot = within(view).getByTestId('approve-frame-slot')
    expect(slot.getAttribute('aria-busy')).toBe('true')
    expect(within(slot).getByRole('status', { name: 'Loading the secure wallet…' })).toBeTruthy()
    expect(screen.getByTestId('header-title').textContent).toBe('Approve Transaction')
    const iframe = await vi.waitFor(() => {
      const el = document.getElementById('w3m-iframe') as HTMLIFrameElement | null
      if (!el) throw new Error('no frame yet')
      return el
    })
    expect(iframe.style.display).toBe('none')

    await act(async () => fake.ready())
    await waitFor(() => expect(slot.getAttribute('aria-busy')).toBe('false'))
    expect(iframe.style.display).toBe('block')
    expect(document.activeElement).toBe(iframe)
    // nothing in the host's DOM approves
    expect(within(view).queryAllByRole('button')).toHaveLength(0)
    expect(within(view).getByText(/approve or reject it in the secure window/)).toBeTruthy()

    act(() => kernel.close())
    await waitFor(() => expect(screen.queryByTestId('view-ApproveTransaction')).toBeNull())
    expect(iframe.style.display).toBe('none')
    // the frame stays, with its session
    expect(document.getElementById('w3m-iframe')).toBe(iframe)
  })

  it('behavior: a signature shows the view while the frame asks, and the modal closes once answered', async () => {
    const kernel = await setup()
    const api = embeddedWalletOf(kernel.getConnector('auth'))!
    await act(async () => {
      await api.connectEmail(FAKE_EMAIL)
      await api.connectOtp('123456')
      await kernel.connect('auth')
    })
    let signing!: Promise<string>
    act(() => void (signing = kernel.signMessage('hello')))
    await screen.findByTestId('view-ApproveTransaction')
    const request = await vi.waitFor(() => fake.take('RPC_REQUEST'))
    await waitFor(() => expect((document.getElementById('w3m-iframe') as HTMLIFrameElement).style.display).toBe('block'))
    await act(async () => {
      fake.succeed(request, `0x${'ab'.repeat(65)}`)
      await signing
    })
    await waitFor(() => expect(screen.queryByTestId('view-ApproveTransaction')).toBeNull())
    expect((document.getElementById('w3m-iframe') as HTMLIFrameElement).style.display).toBe('none')
  })
})
