import { act, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { withKernel } from '@portico/tests/react'
import { FAKE_EMAIL, type FakeFrame } from '../testing/FakeFrame.js'
import { useEmbeddedWalletHarness } from '../testing/testKernel.js'
import { embeddedWalletOf } from '../api.js'

const harness = useEmbeddedWalletHarness()
let fake: FakeFrame
beforeEach(() => {
  fake = harness.fake()
})

async function setup() {
  const kernel = await harness.makeKernel({ isMobile: () => false })
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
    // the slot, the frame's placement and the focus follow the frame's READY in effects of their own
    await waitFor(() => {
      expect(slot.getAttribute('aria-busy')).toBe('false')
      expect(iframe.style.display).toBe('block')
      expect(document.activeElement).toBe(iframe)
    })
    // nothing in the host's DOM approves
    expect(within(view).queryAllByRole('button')).toHaveLength(0)
    expect(within(view).getByText(/approve or reject it in the secure window/)).toBeTruthy()

    act(() => kernel.close())
    await waitFor(() => {
      expect(screen.queryByTestId('view-ApproveTransaction')).toBeNull()
      expect(iframe.style.display).toBe('none')
    })
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
