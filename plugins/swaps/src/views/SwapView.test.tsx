import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { anvil, createTestKernel, scriptedWalletPlugin, TEST_ADDRESS, withKernel } from '@portico/tests/react'
import { swaps } from '../plugin.js'

const API = 'http://api.test'
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const PTD = 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const PTE = 'eip155:31337:0x00000000000000000000000000000000000000e1'
const LONELY = 'eip155:31337:0x00000000000000000000000000000000000000f1'
const ROUTER = 'eip155:31337:0x00000000000000000000000000000000000000a1'

/** A fake api: three tokens with pools (1 ETH = 3000 PTD, 1 PTE = 1.2 PTD), one without, and a spender allowance. */
function fakeApi() {
  // outPercent: how much of the normal output the pools give now (100); drained: no pool left
  const state = { allowance: 0n, calls: [] as string[], quoteStatus: 200, outPercent: 100n, drained: false }
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const q = url.searchParams
    state.calls.push(`${init?.method ?? 'GET'} ${url.pathname}`)
    switch (url.pathname) {
      case '/v1/convert/tokens':
        return json({
          tokens: [
            { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: '' },
            { name: 'Portico Test Dollar', symbol: 'PTD', address: PTD, decimals: 6, logoUri: '' },
            { name: 'Portico Test Euro', symbol: 'PTE', address: PTE, decimals: 18, logoUri: '' },
            { name: 'Lonely Token', symbol: 'LON', address: LONELY, decimals: 18, logoUri: '' },
          ],
          suggested: ['PTD'],
          popular: ['PTE', 'PTD'],
        })
      case '/v1/fungible/price': {
        const prices: Record<string, number> = { [ETH]: 3000, [PTD]: 1, [PTE]: 1.2 }
        const body = JSON.parse(String(init?.body)) as { addresses: string[] }
        return json({ fungibles: body.addresses.filter((a) => a in prices).map((a) => ({ address: a, name: a, symbol: 'X', iconUrl: '', price: prices[a] })) })
      }
      case '/v1/convert/gas-price':
        return json({ standard: '1000000000', fast: '1000000000', instant: '1000000000' })
      case '/v1/convert/quotes': {
        if (state.quoteStatus !== 200) return json({ message: 'upstream down' }, state.quoteStatus)
        const amount = BigInt(q.get('amount')!)
        const pair = `${q.get('from')}>${q.get('to')}`
        if (pair.includes(LONELY) || state.drained) return json({ quotes: [] })
        // PTD (6 decimals) → ETH (18) at 3000 PTD per ETH, less 0.3 %
        const normal = pair === `${PTD}>${ETH}` ? (amount * 10n ** 12n * 997n) / 3000n / 1000n : (amount * 3000n * 997n) / 10n ** 12n / 1000n
        const out = (normal * state.outPercent) / 100n
        return json({ quotes: [{ id: null, fromAmount: String(amount), fromAccount: q.get('from'), toAmount: String(out), toAccount: q.get('to'), priceImpact: 0.4 }] })
      }
      case '/v1/convert/allowance':
        return json({ allowance: String(state.allowance) })
      case '/v1/convert/build-approve':
        return json({ tx: { from: `eip155:31337:${TEST_ADDRESS}`, to: PTD, data: '0x095ea7b3', value: '0', eip155: { gas: '50000', gasPrice: '1000000000' } } })
      case '/v1/convert/build-transaction': {
        const body = JSON.parse(String(init?.body)) as { amount: string; eip155: { slippage: number }; from: string }
        expect(body.eip155.slippage).toBe(1)
        return json({ tx: { from: `eip155:31337:${TEST_ADDRESS}`, to: ROUTER, data: '0x18cbafe5', amount: body.from === ETH ? body.amount : '0', eip155: { gas: '180000', gasPrice: '1000000000' } } })
      }
      default:
        return json({ message: 'not found' }, 404)
    }
  })
  return { state, fetch }
}

/** The portfolio plugin's API, faked: the account holds 1.5 ETH and 100 PTD. */
const fakePortfolio = (balances: TokenBalance[]) =>
  definePlugin({
    name: 'fake-portfolio',
    version: '0.0.0',
    contracts: '^1.0.0',
    setup(ctx) {
      ctx.extensions.contribute('portfolio/api', { items: [{ balances: async () => balances, refresh: async () => {} }] })
    },
  })

const BALANCES: TokenBalance[] = [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 3000, value: 4500, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' },
  { name: 'Portico Test Dollar', symbol: 'PTD', chainId: 'eip155:31337', address: PTD, price: 1, value: 100, quantity: { decimals: '6', numeric: '100' }, iconUrl: '' },
]

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

async function setup() {
  const api = fakeApi()
  vi.stubGlobal('fetch', api.fetch)
  const wallet = scriptedWalletPlugin({ balance: '1.5' })
  const kernel = createTestKernel({ endpoints: { api: API }, plugins: [account(), swaps(), fakePortfolio(BALANCES), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  await kernel.connect('test-wallet')
  render(withKernel(kernel))
  await act(() => kernel.open('Account'))
  const feature = await screen.findByTestId('account-feature-swaps', {}, { timeout: 5000 })
  await act(async () => fireEvent.click(feature))
  await screen.findByTestId('view-Swap', {}, { timeout: 5000 })
  // ETH is the default source once the tokens are read
  await waitFor(() => expect(screen.getByTestId('swap-token-from').getAttribute('data-token')).toBe('ETH'))
  return { kernel, api, wallet: wallet.wallet }
}

const pick = async (side: 'from' | 'to', symbol: string, search?: string) => {
  await act(async () => fireEvent.click(screen.getByTestId(`swap-token-${side}`)))
  const picker = await screen.findByTestId(`swap-picker-${side}`)
  if (search !== undefined) await act(async () => fireEvent.change(within(picker).getByTestId('swap-token-search'), { target: { value: search } }))
  await act(async () => fireEvent.click(within(picker).getByTestId(`swap-token-option-${symbol}`)))
}
const type = (value: string) => act(async () => fireEvent.change(screen.getByTestId('swap-amount'), { target: { value } }))

describe('Swap', { timeout: 20_000 }, () => {
  it('behavior: the picker searches the balances and the api tokens; a quote shows its rate, impact, minimum and fee', async () => {
    await setup()
    await act(async () => fireEvent.click(screen.getByTestId('swap-token-to')))
    const picker = await screen.findByTestId('swap-picker-to')
    expect(within(picker).getByTestId('swap-token-chip-PTD')).toBeTruthy()
    await act(async () => fireEvent.change(within(picker).getByTestId('swap-token-search'), { target: { value: 'euro' } }))
    expect(within(picker).queryByTestId('swap-token-option-PTD')).toBeNull()
    await act(async () => fireEvent.change(within(picker).getByTestId('swap-token-search'), { target: { value: 'nothing like it' } }))
    expect(within(picker).getByTestId('swap-picker-empty').textContent).toContain('No token matches your search.')
    // Escape closes the picker without choosing
    await act(async () => fireEvent.keyDown(within(picker).getByTestId('swap-token-search'), { key: 'Escape' }))
    expect(screen.queryByTestId('swap-picker-to')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('swap-token-to')))

    await pick('to', 'PTD', 'ptd')
    await type('0.01')
    await waitFor(() => expect(screen.getByTestId('swap-output').textContent).toBe('29.91'), { timeout: 5000 })
    expect(screen.getByTestId('swap-rate').textContent).toBe('1 ETH = 2,991 PTD')
    expect(screen.getByTestId('swap-price-impact').textContent).toBe('0.4%')
    expect(screen.getByTestId('swap-minimum').textContent).toBe('29.6109 PTD')
    expect(screen.getByTestId('swap-slippage').textContent).toBe('1%')
    // 150,000 gas at 1 gwei = 0.00015 ETH = $0.45
    expect(screen.getByTestId('swap-network-fee').textContent).toBe('$0.45')
    expect(screen.getByTestId('swap-amount-usd').textContent).toBe('$30.00')
    expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(false)
  })

  it('error: an amount above the balance, a pair without a route, and a failed quote each say so and block review', async () => {
    const { api } = await setup()
    await pick('to', 'PTD')
    await type('2')
    expect(screen.getByTestId('swap-submit').textContent).toBe('Insufficient ETH balance')
    expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(true)

    await pick('to', 'LON', 'lon')
    await type('0.1')
    await waitFor(() => expect(screen.getByTestId('swap-no-route').textContent).toBe('No route for this pair. Try another token or amount.'), { timeout: 5000 })
    expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(true)

    api.state.quoteStatus = 503
    await pick('to', 'PTD')
    await waitFor(() => expect(screen.getByTestId('swap-quote-failed').textContent).toContain('The price could not be fetched. Try again.'), { timeout: 5000 })
    expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(true)
    // retry once the api is back
    api.state.quoteStatus = 200
    await act(async () => fireEvent.click(within(screen.getByTestId('swap-quote-failed')).getByRole('button')))
    await waitFor(() => expect(screen.getByTestId('swap-rate')).toBeTruthy())
  })

  it('behavior: a token short on allowance is approved first (its own prompt), then swapped; the sent state follows', async () => {
    const { kernel, api } = await setup()
    const sent = vi.spyOn(kernel, 'sendTransaction').mockImplementation(async (tx) => {
      if (tx.data === '0x095ea7b3') api.state.allowance = 10n ** 30n // the approval is mined
      return `0x${'cd'.repeat(32)}`
    })
    await pick('from', 'PTD')
    await pick('to', 'ETH')
    await type('25')
    await waitFor(() => expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 })
    await act(async () => fireEvent.click(screen.getByTestId('swap-submit')))
    const preview = await screen.findByTestId('view-SwapPreview')
    expect(within(preview).getByTestId('swap-preview-from').textContent).toBe('25 PTD')
    const approve = await within(preview).findByTestId('swap-approve')
    expect(approve.textContent).toBe('Approve PTD')
    expect(within(preview).getByTestId('swap-approve-needed').textContent).toContain('allow the exchange to spend your PTD')
    await act(async () => fireEvent.click(approve))
    await waitFor(() => expect(within(preview).getByTestId('swap-confirm')).toBeTruthy())
    expect(sent).toHaveBeenNthCalledWith(1, { to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x095ea7b3', value: 0n })
    await waitFor(() => expect((within(preview).getByTestId('swap-confirm') as HTMLButtonElement).disabled).toBe(false))
    await act(async () => fireEvent.click(within(preview).getByTestId('swap-confirm')))
    expect(sent).toHaveBeenNthCalledWith(2, { to: '0x00000000000000000000000000000000000000a1', data: '0x18cbafe5', value: 0n, gas: 180000n })
    const done = await screen.findByTestId('swap-sent')
    await waitFor(() => expect(done.getAttribute('data-status')).toBe('confirmed'))
    expect(done.textContent).toContain('Swap confirmed')
    await act(async () => fireEvent.click(screen.getByTestId('swap-done')))
    await screen.findByTestId('view-Account')
    expect(kernel.getState().swaps).toMatchObject({ sourceTokenAmount: '', step: 'form', txHash: undefined })
  })

  it('behavior: native ETH needs no approval and sends its amount as the value; a declined prompt keeps the preview', async () => {
    const { kernel, wallet } = await setup()
    const sent = vi.spyOn(kernel, 'sendTransaction')
    await pick('to', 'PTD')
    await type('0.01')
    await waitFor(() => expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 })
    await act(async () => fireEvent.click(screen.getByTestId('swap-submit')))
    const preview = await screen.findByTestId('view-SwapPreview')
    await waitFor(() => expect((within(preview).getByTestId('swap-confirm') as HTMLButtonElement).disabled).toBe(false))
    expect(within(preview).queryByTestId('swap-approve')).toBeNull()
    wallet.mode = 'reject'
    await act(async () => fireEvent.click(within(preview).getByTestId('swap-confirm')))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Signature declined'))
    expect(screen.getByTestId('view-SwapPreview')).toBeTruthy()
    expect(kernel.getState().swaps.step).toBe('form')
    wallet.mode = 'approve'
    await act(async () => fireEvent.click(within(preview).getByTestId('swap-confirm')))
    expect(sent).toHaveBeenLastCalledWith({ to: '0x00000000000000000000000000000000000000a1', data: '0x18cbafe5', value: 10_000_000_000_000_000n, gas: 180000n })
    await screen.findByTestId('swap-sent')
  })

  it('error: a price moved beyond the slippage since the quote stops before the wallet and shows the new price; Swap again goes on', async () => {
    const { kernel, api } = await setup()
    const sent = vi.spyOn(kernel, 'sendTransaction')
    await pick('to', 'PTD')
    await type('0.01')
    await waitFor(() => expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 })
    await act(async () => fireEvent.click(screen.getByTestId('swap-submit')))
    const preview = await screen.findByTestId('view-SwapPreview')
    await waitFor(() => expect((within(preview).getByTestId('swap-confirm') as HTMLButtonElement).disabled).toBe(false))
    expect(within(preview).getByTestId('swap-preview-to').textContent).toBe('29.91 PTD')
    api.state.outPercent = 98n // 2 % less: beyond the 1 % slippage
    await act(async () => fireEvent.click(within(preview).getByTestId('swap-confirm')))
    await waitFor(() => expect(screen.getByTestId('swap-error').textContent).toContain('you would now receive about 29.3118 PTD'))
    expect(screen.getByTestId('toast').textContent).toContain('The price moved beyond the slippage tolerance since the quote')
    expect(sent).not.toHaveBeenCalled()
    expect(within(preview).getByTestId('swap-preview-to').textContent).toBe('29.3118 PTD')
    // the visitor saw the new price: Swap again sends
    await act(async () => fireEvent.click(within(preview).getByTestId('swap-confirm')))
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1))
  })

  it('error: pools drained since the quote, or the api down: nothing is sent, the reason is toasted and shown, the amount kept', async () => {
    const { kernel, api } = await setup()
    const sent = vi.spyOn(kernel, 'sendTransaction')
    await pick('to', 'PTD')
    await type('0.01')
    await waitFor(() => expect((screen.getByTestId('swap-submit') as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 })
    await act(async () => fireEvent.click(screen.getByTestId('swap-submit')))
    const preview = await screen.findByTestId('view-SwapPreview')
    await waitFor(() => expect((within(preview).getByTestId('swap-confirm') as HTMLButtonElement).disabled).toBe(false))

    // the api does not answer at all (a refused connection is a TypeError from fetch)
    const answer = api.fetch.getMockImplementation()!
    api.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    await act(async () => fireEvent.click(within(preview).getByTestId('swap-confirm')))
    const unreachable = 'The swap could not be prepared: the swap service did not answer. Check your connection and try again.'
    await waitFor(() => expect(screen.getByTestId('swap-error').textContent).toBe(unreachable))
    expect(screen.getByTestId('toast').textContent).toBe(unreachable)
    api.fetch.mockImplementation(answer)

    api.state.drained = true
    await act(async () => fireEvent.click(screen.getByTestId('swap-confirm')))
    const empty = await screen.findByTestId('swap-preview-empty')
    expect(empty.textContent).toContain('No route for this pair. Try another token or amount.')
    expect(empty.textContent).toContain('The pools no longer have liquidity for ETH to PTD. Nothing was swapped.')
    expect(sent).not.toHaveBeenCalled()
    expect(kernel.getState().swaps.sourceTokenAmount).toBe('0.01')
  })

  it('behavior: the Swap button is there on both local chains; a network change starts the form over', async () => {
    const { kernel } = await setup()
    await pick('to', 'PTD')
    await type('0.01')
    expect(kernel.extensions.read('account/features').map((f) => f.id)).toContain('swaps')
    await act(() => kernel.switchNetwork('eip155:31338'))
    expect(kernel.extensions.read('account/features').map((f) => f.id)).toContain('swaps')
    expect(kernel.getState().swaps).toMatchObject({ sourceTokenAmount: '', toToken: undefined })
  })

  it('behavior: on a network that is not a swap network there is no Swap button', async () => {
    vi.stubGlobal('fetch', fakeApi().fetch)
    const sepolia = { ...anvil, id: 11155111, caipNetworkId: 'eip155:11155111' as const, name: 'Sepolia' }
    const kernel = createTestKernel({ endpoints: { api: API }, networks: [sepolia], plugins: [account(), swaps()] })
    kernels.push(kernel)
    await kernel.ready
    expect(kernel.extensions.read('account/features').map((f) => f.id)).not.toContain('swaps')
  })
})
