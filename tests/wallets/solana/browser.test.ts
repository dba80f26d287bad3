// @vitest-environment node
// node with a stubbed window: WebCrypto refuses jsdom's byte arrays, which @solana/kit makes under jsdom
import { afterAll, expect, it, vi } from 'vitest'

afterAll(() => vi.unstubAllGlobals())

it('behavior: the browser entry creates the wallet on the configured RPC, registers it with the Wallet Standard and exposes it', async () => {
  const stored = new Map<string, string>()
  const win = Object.assign(new EventTarget(), {
    localStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
  })
  const meta = { getAttribute: () => JSON.stringify({ solana: { rpcUrl: 'http://127.0.0.1:18899' } }) }
  vi.stubGlobal('window', win)
  vi.stubGlobal('document', { querySelector: (selector: string) => (selector === 'meta[name="portico-config"]' ? meta : null) })

  const { getWallets } = await import('@wallet-standard/core')
  const registry = getWallets()
  await import('./browser.js')
  const wallet = await (win as unknown as Window).__porticoSolanaDevWalletReady!
  expect((win as unknown as Window).__porticoSolanaDevWallet).toBe(wallet)
  expect(registry.get()).toContain(wallet)
  expect(wallet.chains).toEqual(['solana:localnet'])

  // authorisation persists in localStorage, as an extension keeps it per origin
  await wallet.features['standard:connect'].connect()
  expect(JSON.parse(stored.get('portico-dev-wallet-solana')!)).toEqual({ authorized: true })
})

it('behavior: the RPC URL falls back to the dev stack default when the config has none', async () => {
  vi.stubGlobal('document', { querySelector: () => null })
  const { configuredSolanaRpcUrl } = await import('./browser.js')
  expect(configuredSolanaRpcUrl()).toBe('http://127.0.0.1:8899')
})
