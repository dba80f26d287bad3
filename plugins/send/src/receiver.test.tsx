import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { formTransaction } from './flow.js'
import { send } from './plugin.js'
import { isReceiverName } from './receiver.js'
import { checkReceiver } from './validate.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** anvil's chain 31337 as a coin type (chain id OR 0x80000000) */
const COIN_TYPE = String((31337 | 0x80000000) >>> 0)

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

const lookup = (name: string, address: string) => ({
  name,
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: { [COIN_TYPE]: { address, created: '2026-01-01T00:00:00.000Z' } },
  attributes: { avatar: 'https://example.com/bob.png' },
})

/** The chain RPC (1 gwei gas price) and the api: `bobby.portico.id` is registered for BOB, nothing else; `down.portico.id` fails. */
function stubNetwork() {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/v1/profile/account/bobby.portico.id')) return json(lookup('bobby.portico.id', BOB))
      if (url.includes('/v1/profile/account/down.portico.id')) return json({ status: 'FAILED', code: 'INTERNAL_ERROR', message: 'x', reasons: [] }, 500)
      if (url.includes('/v1/profile/account/')) return json([])
      if (url.includes(`/v1/identity/${BOB}`)) return json({ name: 'bobby.portico.id', avatar: null })
      if (url.includes('/v1/identity/')) return json({ name: null, avatar: null })
      if (url.includes('/v1/')) return json({}, 404)
      return json({ jsonrpc: '2.0', id: 1, result: '0x3b9aca00' })
    }),
  )
}

async function setup() {
  stubNetwork()
  const wallet = scriptedWalletPlugin({ balance: '1.5' })
  const kernel = createTestKernel({ endpoints: { api: 'http://api.test' }, plugins: [account(), send(), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  await kernel.connect('test-wallet')
  render(withKernel(kernel))
  await act(() => kernel.open('WalletSend'))
  await screen.findByTestId('view-WalletSend', {}, { timeout: 5000 })
  return kernel
}

const type = (testId: string, value: string) => act(async () => fireEvent.change(screen.getByTestId(testId), { target: { value } }))
const submit = () => act(async () => fireEvent.click(screen.getByTestId('send-submit')))

describe('send to a name', { timeout: 15_000 }, () => {
  it('behavior: a typed name resolves to its address, shown with the avatar; the transaction goes to that address', async () => {
    const kernel = await setup()
    await type('send-address', 'bobby.portico.id')
    expect((await screen.findByTestId('send-receiver-resolved')).textContent).toBe('Sends to 0x70...dc79C8')
    expect(kernel.getState().send?.receiverProfileName).toBe('bobby.portico.id')
    expect(kernel.getState().send?.receiverProfileImageUrl).toBe('https://example.com/bob.png')
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await type('send-amount', '0.1')
    await submit()
    expect(screen.queryByTestId('send-address-error')).toBeNull()
    await screen.findByTestId('view-WalletSendPreview')
    expect(screen.getByTestId('send-preview-receiver').textContent).toBe('bobby.portico.id')
    expect(screen.getByTestId('send-preview-receiver-address').textContent).toBe('0x70...dc79C8')
    expect(formTransaction(kernel)?.transaction.to).toBe(BOB)
  })

  it('error: a name nobody registered, or a name service that fails, cannot be sent to', async () => {
    const kernel = await setup()
    await act(async () => fireEvent.click(await screen.findByTestId('send-token-ETH')))
    await type('send-amount', '0.1')
    await type('send-address', 'nobody.portico.id')
    await submit()
    await waitFor(() => expect(screen.getByTestId('send-address-error').textContent).toBe('No address is registered for nobody.portico.id.'))
    expect(formTransaction(kernel)).toBeUndefined()
    await type('send-address', 'down.portico.id')
    await waitFor(() => expect(screen.getByTestId('send-address-error').textContent).toBe('Error resolving name'))
    expect(screen.queryByTestId('view-WalletSendPreview')).toBeNull()
  })

  it('behavior: a typed address shows its owner’s registered name', async () => {
    await setup()
    await type('send-address', BOB)
    expect((await screen.findByTestId('send-receiver-name')).textContent).toBe('bobby.portico.id')
  })
})

describe('receiver names', () => {
  it('behavior: names carry a suffix; addresses and bare words are not names', () => {
    expect(isReceiverName('bobby.portico.id')).toBe(true)
    expect(isReceiverName(' Bob-1.wcn.id ')).toBe(true)
    expect(isReceiverName('bobby')).toBe(false)
    expect(isReceiverName('bob.portico.id')).toBe(false)
    expect(isReceiverName('bo.portico.id')).toBe(false)
    expect(isReceiverName(BOB)).toBe(false)
  })

  it('behavior: a name is checked by its lookup on eip155, and is no address elsewhere', () => {
    expect(checkReceiver('bobby.portico.id', 'eip155', 'resolved')).toBeUndefined()
    expect(checkReceiver('bobby.portico.id', 'eip155', 'resolving')).toEqual({ key: 'send.error.resolving', params: { name: 'bobby.portico.id' } })
    expect(checkReceiver('bobby.portico.id', 'eip155')).toEqual({ key: 'send.error.resolving', params: { name: 'bobby.portico.id' } })
    expect(checkReceiver('bobby.portico.id', 'eip155', 'unknown')).toEqual({ key: 'send.error.name', params: { name: 'bobby.portico.id' } })
    expect(checkReceiver('bobby.portico.id', 'eip155', 'failed')).toEqual({ key: 'send.error.nameFailed' })
    expect(checkReceiver('bobby.portico.id', 'solana', 'resolved')).toEqual({ key: 'send.error.address', params: { chain: 'Solana' } })
  })
})
