import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { account } from '@portico/plugin-account'
import type { Kernel } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { json, startServer, supportedChains } from '@portico/tests/servers'
import { portfolio } from '../plugin.js'

// views load lazily, and these files share two cores with PGlite and anvil: give slow renders room
configure({ asyncUtilTimeout: 5000 })

const ADDRESS = '0x2222222222222222222222222222222222222222'

let balance: (res: Parameters<Parameters<typeof startServer>[0]>[2]) => void
let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer((_req, url, res) => {
    if (url.pathname === '/v1/supported-chains') return json(res, 200, supportedChains('eip155:31337'))
    if (url.pathname.endsWith('/balance')) return balance(res)
    json(res, 404, {})
  })
})
afterAll(() => server?.close())

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
})

async function openTokens() {
  const { plugin } = scriptedWalletPlugin({ address: ADDRESS })
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: server.url }, plugins: [account(), portfolio(), plugin] })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.connect('test-wallet').then(() => {}))
  await act(() => kernel.open('Account'))
  return { kernel, tab: await screen.findByTestId('portfolio-tokens') }
}

describe('Tokens tab states', { timeout: 20_000 }, () => {
  it('behavior: a skeleton while loading, then the empty state that says why', async () => {
    let answer: () => void = () => {}
    balance = (res) => (answer = () => json(res, 200, { balances: [] }))
    const { tab } = await openTokens()
    expect(await within(tab).findByTestId('portfolio-skeleton')).toBeTruthy()
    await waitFor(() => expect(server.requests.some((u) => u.pathname.endsWith('/balance'))).toBe(true))
    answer()
    const empty = await within(tab).findByTestId('portfolio-empty')
    expect(empty.textContent).toContain('No tokens yet')
    expect(empty.textContent).toContain('Tokens you hold on Anvil will show here.')
  })

  it('error: the error state offers a retry, which says how long to wait within 30 s of the failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    balance = (res) => json(res, 503, { status: 'FAILED', code: 'CHAIN_UNAVAILABLE', message: 'chain down', reasons: [] })
    const { kernel, tab } = await openTokens()
    const error = await within(tab).findByTestId('portfolio-error')
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'Token Balance Unavailable', variant: 'error' })
    const asked = server.requests.length
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(kernel.getState().notifications.toast.message).toMatch(/^Please try again after (29|30) seconds$/))
    expect(server.requests.length).toBe(asked)
    expect(screen.getByTestId('toast').textContent).toMatch(/Please try again after/)
  })
})
