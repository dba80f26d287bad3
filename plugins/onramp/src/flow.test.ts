import type { HttpClient, PorticoState } from '@portico/contracts/plugin'
import { configureStore } from '@reduxjs/toolkit'
import { describe, expect, it } from 'vitest'
import { PLACEHOLDER_QUOTE_ID } from './defaults.js'
import { currentLimits, loadOnramp, purchaseCurrencies, refreshQuote, startCheckout, type OnrampKernel } from './flow.js'
import { onrampActions, onrampSlice, selectOnramp } from './slice.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A kernel with a connected eip155 account on the local chain and an HTTP client answering from `routes`. */
function fakeKernel(routes: Record<string, (body?: unknown) => unknown>) {
  const chains = {
    activeNamespace: 'eip155',
    activeCaipNetworkId: 'eip155:31337',
    networks: [{ caipNetworkId: 'eip155:31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    accounts: { eip155: { address: ADDRESS, status: 'connected' } },
  }
  const store = configureStore({ reducer: { onramp: onrampSlice.reducer, chains: (s = chains) => s } })
  const calls: string[] = []
  const answer = async (req: { path: string; body?: unknown; schema?: { safeParse: (v: unknown) => { success: boolean; data?: unknown } } }) => {
    calls.push(req.path)
    const route = routes[req.path]
    if (!route) throw new Error('HTTP status code: 503')
    const parsed = req.schema?.safeParse(route(req.body))
    return parsed?.success ? parsed.data : undefined
  }
  const http = { get: answer, post: answer, endpoint: () => 'http://api.test' } as unknown as HttpClient
  const pushed: string[] = []
  const kernel = {
    getState: () => store.getState() as unknown as PorticoState,
    store,
    http,
    extensions: { read: () => [] },
    router: { push: async (view: string) => void pushed.push(view) },
    refreshBalance: async () => {},
  } as unknown as OnrampKernel
  return { kernel, calls, pushed, state: () => selectOnramp(kernel.getState()) }
}

const OPTIONS = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] }],
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address: '' }] },
    { id: 'PTD', name: 'Portico Test Dollar', symbol: 'PTD', networks: [{ name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }] },
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x1' }] },
  ],
}
const PROVIDERS = { providers: [{ label: 'Portico Sandbox', name: 'sandbox', feeRange: '1-2%', url: 'http://api.test', supportedChains: ['eip155:31337'] }] }

describe('onramp flow', () => {
  it('behavior: the options give the network\'s tokens and the currency\'s card limits', async () => {
    const { kernel, state } = fakeKernel({ 'v1/onramp/options': () => OPTIONS, 'v1/onramp/providers': () => PROVIDERS })
    await loadOnramp(kernel)
    expect(state().optionsStatus).toBe('ready')
    expect(purchaseCurrencies(kernel.getState())).toEqual(['ETH', 'PTD'])
    expect(state().purchaseCurrency).toBe('ETH')
    expect(currentLimits(kernel.getState())).toEqual({ min: '20.00', max: '500.00' })
  })

  it('error: the options call failing leaves the SPEC defaults (USD, EUR, card 10.00 to 7500.00) and the native token', async () => {
    const { kernel, state } = fakeKernel({ 'v1/onramp/providers': () => PROVIDERS })
    await loadOnramp(kernel)
    expect(state().optionsStatus).toBe('fallback')
    expect(state().options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(currentLimits(kernel.getState())).toEqual({ min: '10.00', max: '7500.00' })
    expect(purchaseCurrencies(kernel.getState())).toEqual(['ETH'])
  })

  it('error: the providers call failing lists the built-in sandbox on the api', async () => {
    const { kernel, state } = fakeKernel({ 'v1/onramp/options': () => OPTIONS })
    await loadOnramp(kernel)
    expect(state().providers).toEqual([{ label: 'Portico Sandbox', name: 'sandbox', feeRange: '1-2%', url: 'http://api.test', supportedChains: ['eip155:31337'] }])
  })

  it('behavior: a quote is asked for a valid amount only; a failed quote gives the placeholder', async () => {
    const quote = { networkFee: { amount: '0.10', currency: 'USD' }, paymentSubtotal: { amount: '49.15', currency: 'USD' }, paymentTotal: { amount: '50.00', currency: 'USD' }, purchaseAmount: { amount: '0.01638333', currency: 'ETH' }, quoteId: 'q-1' }
    const ok = fakeKernel({ 'v1/onramp/options': () => OPTIONS, 'v1/onramp/providers': () => PROVIDERS, 'v1/onramp/quote': () => quote })
    await loadOnramp(ok.kernel)
    ok.kernel.store.dispatch(onrampActions.amountChanged('19.99'))
    await refreshQuote(ok.kernel)
    expect(ok.calls).not.toContain('v1/onramp/quote')
    expect(ok.state().quoteStatus).toBe('idle')
    ok.kernel.store.dispatch(onrampActions.amountChanged('50'))
    await refreshQuote(ok.kernel)
    expect(ok.state().quote?.quoteId).toBe('q-1')
    expect(ok.state().quoteStatus).toBe('ready')

    const down = fakeKernel({ 'v1/onramp/options': () => OPTIONS, 'v1/onramp/providers': () => PROVIDERS })
    await loadOnramp(down.kernel)
    await refreshQuote(down.kernel)
    expect(down.state().quoteStatus).toBe('placeholder')
    expect(down.state().quote?.quoteId).toBe(PLACEHOLDER_QUOTE_ID)
  })

  it('behavior: Continue asks for the checkout link, sends the window there and follows it on BuyInProgress', async () => {
    let body: any
    const { kernel, state, pushed } = fakeKernel({
      'v1/onramp/options': () => OPTIONS,
      'v1/onramp/providers': () => PROVIDERS,
      'v1/generators/onrampurl': (b) => ((body = b), { url: 'http://api.test/onramp/checkout/abcdefgh12', checkoutId: 'abcdefgh12' }),
    })
    await loadOnramp(kernel)
    const win = { closed: false, location: { href: '' }, close() {} } as unknown as Window
    expect(await startCheckout(kernel, win)).toBe(true)
    expect(win.location.href).toBe('http://api.test/onramp/checkout/abcdefgh12')
    expect(body).toMatchObject({ destinationWallets: [{ address: ADDRESS, blockchains: ['anvil'], assets: ['ETH'] }], defaultNetwork: 'anvil', presetFiatAmount: 50, fiatCurrency: 'USD', provider: 'sandbox' })
    expect(state().checkout).toEqual({ id: 'abcdefgh12', url: 'http://api.test/onramp/checkout/abcdefgh12', provider: 'Portico Sandbox', blocked: false })
    expect(pushed).toEqual(['BuyInProgress'])
  })
})
