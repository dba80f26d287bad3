import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TokenBalance } from './schemas.js'
import type { Kernel } from '@portico/kernel'
import { createTestKernel } from '@portico/tests/react'
import { json, startServer, supportedChains } from '@portico/tests/servers'
import { assetWalletPlugin } from '../test/wallet.js'
import { refreshTokenBalances, retryWaitSeconds, type PortfolioDeps } from './balances.js'
import { portfolio, portfolioDeps } from './plugin.js'
import { selectPortfolio } from './slice.js'

const ADDRESS = '0x2222222222222222222222222222222222222222'
const TOKEN = '0x3333333333333333333333333333333333333333'

const apiBalance = (over: Partial<TokenBalance> = {}): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 30,
  price: 3000,
  quantity: { decimals: '18', numeric: '0.01' },
  iconUrl: '',
  ...over,
})

let balanceAnswer: { status: number; body: unknown } = { status: 200, body: { balances: [apiBalance()] } }
let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer((_req, url, res) => {
    if (url.pathname === '/v1/supported-chains') return json(res, 200, supportedChains('eip155:31337'))
    if (url.pathname === `/v1/account/${ADDRESS}/balance`) return json(res, balanceAnswer.status, balanceAnswer.body)
    json(res, 404, {})
  })
})
afterAll(() => server?.close())

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  balanceAnswer = { status: 200, body: { balances: [apiBalance()] } }
  server.requests.length = 0
})

async function connected(options: { connect?: boolean } = {}) {
  const { wallet, plugin } = assetWalletPlugin({ address: ADDRESS })
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: server.url }, plugins: [portfolio(), plugin] })
  kernels.push(kernel)
  await kernel.ready
  if (options.connect !== false) await kernel.connect('asset-wallet')
  let now = 1_000_000
  const deps: PortfolioDeps = { ...portfolioDeps({ ...kernel, t: kernel.t }), now: () => now }
  return { kernel, wallet, deps, advance: (ms: number) => (now += ms) }
}

const balanceRequests = () => server.requests.filter((u) => u.pathname.endsWith('/balance'))
const toast = (kernel: Kernel) => kernel.getState().notifications.toast

describe('token balances from the wallet (EIP-7811)', () => {
  it('behavior: moving from a listed account to a namespace without balances (polkadot) shows its "not available" state, not the last list', async () => {
    const { kernel, deps } = await connected()
    await refreshTokenBalances(deps)
    expect(selectPortfolio(kernel.getState()).balances).toHaveLength(1)
    const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
    const DOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    const onPolkadot: PortfolioDeps = {
      ...deps,
      getState: () => {
        const s = deps.getState()
        const polkadot = { ...s.chains.accounts.eip155!, address: DOT, caipAddress: `${POLKADOT}:${DOT}` }
        return { ...s, chains: { ...s.chains, activeNamespace: 'polkadot', activeCaipNetworkId: POLKADOT, accounts: { ...s.chains.accounts, polkadot } } }
      },
    }
    await refreshTokenBalances(onPolkadot)
    expect(selectPortfolio(kernel.getState())).toMatchObject({ key: `${POLKADOT}|${DOT}`, status: 'ready', balances: [], emptyReason: 'unsupported-network' })
  })

  it('behavior: a wallet that declares asset discovery is asked with wallet_getAssets; 0-decimal tokens are dropped', async () => {
    const { kernel, wallet, deps } = await connected()
    wallet.capabilities = { '0x7a69': { assetDiscovery: { supported: true } } }
    wallet.assets = {
      '0x7a69': [
        { address: 'native', balance: '0xde0b6b3a7640000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'https://x/eth.svg' } },
        { address: TOKEN, balance: '0x1e8480', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: '' } },
        { address: TOKEN.replace(/3/g, '4'), balance: '0x5', type: 'ERC20', metadata: { name: 'Whole', symbol: 'WHL', decimals: 0, price: 1, iconUrl: '' } },
      ],
    }
    await refreshTokenBalances(deps)
    const state = selectPortfolio(kernel.getState())
    expect(state.source).toBe('wallet')
    expect(state.balances).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: 'https://x/eth.svg' },
      { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: `eip155:31337:${TOKEN}`, value: 2, price: 1, quantity: { decimals: '6', numeric: '2' }, iconUrl: '' },
    ])
    expect(wallet.requests.at(-1)).toEqual({ method: 'wallet_getAssets', params: [{ account: ADDRESS, chainFilter: ['0x7a69'] }] })
    expect(balanceRequests()).toHaveLength(0)
  })

  it('behavior: without the capability the balance endpoint answers', async () => {
    const { kernel, wallet, deps } = await connected()
    wallet.capabilities = { '0x1': { assetDiscovery: { supported: true } } } // another chain only
    await refreshTokenBalances(deps)
    expect(selectPortfolio(kernel.getState()).source).toBe('api')
    expect(wallet.requests.map((r) => r.method)).toEqual(['wallet_getCapabilities'])
    expect(balanceRequests()).toHaveLength(1)
  })

  it('error: an answer that fails the wallet-asset validation is ignored, and the balance endpoint answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kernel, wallet, deps } = await connected()
    wallet.capabilities = { '0x7a69': { assetDiscovery: { supported: true } } }
    wallet.assets = { '0x7a69': [{ address: TOKEN, balance: '12', type: 'ERC20', metadata: { name: 'X', symbol: 'X', decimals: 6, price: 1, iconUrl: '' } }] }
    await refreshTokenBalances(deps)
    expect(selectPortfolio(kernel.getState())).toMatchObject({ source: 'api', status: 'ready', balances: [apiBalance()] })
    expect(warn.mock.calls.some((c) => c.some((a) => String(a).includes('wallet-asset validation')))).toBe(true)
  })

  it('error: a wallet_getAssets failure falls back silently to the balance endpoint', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kernel, wallet, deps } = await connected()
    wallet.capabilities = { '0x0': { assetDiscovery: { supported: true } } }
    wallet.failAssets = true
    await refreshTokenBalances(deps)
    expect(selectPortfolio(kernel.getState())).toMatchObject({ source: 'api', status: 'ready' })
    expect(toast(kernel).open).toBe(false)
  })
})

describe('token balance failures', () => {
  it('error: a failure says "Token Balance Unavailable" and blocks retries for 30 s with the seconds left', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kernel, deps, advance } = await connected()
    balanceAnswer = { status: 500, body: { status: 'FAILED', code: 'INTERNAL_ERROR', message: 'down', reasons: [] } }
    await refreshTokenBalances(deps)
    expect(selectPortfolio(kernel.getState()).status).toBe('failed')
    expect(toast(kernel)).toEqual({ open: true, message: 'Token Balance Unavailable', variant: 'error' })

    balanceAnswer = { status: 200, body: { balances: [apiBalance()] } }
    advance(12_400)
    await refreshTokenBalances(deps, { manual: true })
    await vi.waitFor(() => expect(toast(kernel)).toEqual({ open: true, message: 'Please try again after 18 seconds', variant: 'error' }))
    // automatic refreshes wait quietly
    await refreshTokenBalances(deps)
    expect(balanceRequests()).toHaveLength(1)

    advance(17_600)
    await refreshTokenBalances(deps, { manual: true })
    expect(balanceRequests()).toHaveLength(2)
    expect(selectPortfolio(kernel.getState())).toMatchObject({ status: 'ready', failedAt: undefined })
  })

  it('error: an answer that breaks the balance contract is a failure, not an empty wallet', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kernel, deps } = await connected()
    balanceAnswer = { status: 200, body: { balances: [{ name: 'x' }] } }
    await refreshTokenBalances(deps)
    expect(selectPortfolio(kernel.getState()).status).toBe('failed')
  })

  it('behavior: nothing is asked without a connected account', async () => {
    const { kernel, deps } = await connected({ connect: false })
    await refreshTokenBalances(deps)
    expect(server.requests).toHaveLength(0)
    expect(selectPortfolio(kernel.getState()).key).toBeUndefined()
  })

  it('behavior: retryWaitSeconds counts up to the next whole second', () => {
    expect(retryWaitSeconds(undefined, 5)).toBe(0)
    expect(retryWaitSeconds(0, 1)).toBe(30)
    expect(retryWaitSeconds(0, 29_001)).toBe(1)
    expect(retryWaitSeconds(0, 30_000)).toBe(0)
  })
})

describe('portfolio plugin triggers', () => {
  it('behavior: connecting with the modal open fetches; a change while closed only forgets', async () => {
    const { kernel } = await connected({ connect: false })
    await kernel.open('Connect')
    await kernel.connect('asset-wallet')
    await vi.waitFor(() => expect(selectPortfolio(kernel.getState()).status).toBe('ready'))
    expect(selectPortfolio(kernel.getState()).key).toBe(`eip155:31337|${ADDRESS}`)
    kernel.close()
    await kernel.switchNetwork('eip155:31338')
    expect(selectPortfolio(kernel.getState())).toMatchObject({ key: undefined, balances: [], status: 'idle' })
    expect(balanceRequests()).toHaveLength(1)
  })
})
