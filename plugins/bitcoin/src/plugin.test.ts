// The plugin in a real kernel with the Dev Wallet's Bitcoin wallet installed where sats-connect looks
// (`window.btc_providers`), reached through the real sats-connect.
import { createKernel, type Kernel } from '@portico/kernel'
import { BITCOIN_DEV_WALLET_CONNECTOR_ID, bitcoinDevAccounts, createBitcoinDevWallet, registerBitcoinDevWallet } from '@portico/tests/wallets/bitcoin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { discoverBitcoinWallets } from './discovery.js'
import { bitcoinRegtest } from './networks.js'
import bitcoin from './plugin.js'

let kernel: Kernel | undefined
const removes: (() => void)[] = []
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
  for (const remove of removes.splice(0)) remove()
})

function memoryStorage() {
  const map = new Map<string, unknown>()
  return {
    getItem: async (k: string) => structuredClone(map.get(k)) as never,
    setItem: async (k: string, v: unknown) => void map.set(k, structuredClone(v)),
    removeItem: async (k: string) => void map.delete(k),
  }
}

async function start(parameters: Parameters<typeof bitcoin>[0] = {}) {
  kernel = createKernel({ projectId: 'test', storage: memoryStorage(), adapters: ['bip122'], networks: [bitcoinRegtest.caipNetworkId], plugins: [bitcoin(parameters)] })
  await kernel.ready
  return kernel
}
const listed = () => kernel!.getState().connectors.list.map((c) => c.id)

describe('bitcoin plugin', () => {
  it('behavior: registers the bip122 adapter; the kernel resolves regtest from it', async () => {
    await start()
    expect(kernel!.getAdapter('bip122')?.namespace).toBe('bip122')
    expect(kernel!.getState().plugins.byName.bitcoin).toMatchObject({ status: 'ready', version: '0.1.0' })
    expect(kernel!.getState().chains.networks.map((n) => [n.caipNetworkId, n.name, n.nativeCurrency.symbol, n.nativeCurrency.decimals])).toEqual([
      [bitcoinRegtest.caipNetworkId, 'Bitcoin Regtest', 'BTC', 8],
    ])
  })

  it('behavior: lists the installed wallet with its name and icon; connecting records payment and ordinals accounts by type', async () => {
    const wallet = createBitcoinDevWallet()
    removes.push(registerBitcoinDevWallet(wallet))
    await start()
    await vi.waitFor(() => expect(listed()).toContain(BITCOIN_DEV_WALLET_CONNECTOR_ID), { timeout: 5000 })
    const info = kernel!.getState().connectors.list.find((c) => c.id === BITCOIN_DEV_WALLET_CONNECTOR_ID)!
    expect(info).toMatchObject({ name: 'Portico Dev Wallet', type: 'ANNOUNCED', chains: ['bip122'] })
    expect(info.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    await kernel!.connect(BITCOIN_DEV_WALLET_CONNECTOR_ID)
    const { payment, ordinals } = bitcoinDevAccounts('Regtest')
    const account = kernel!.getState().chains.accounts.bip122!
    expect(account).toMatchObject({ status: 'connected', address: payment.address, caipAddress: `${bitcoinRegtest.caipNetworkId}:${payment.address}` })
    expect(account.allAccounts).toEqual([
      { address: payment.address, type: 'payment' },
      { address: ordinals.address, type: 'ordinals' },
    ])
  })

  it('behavior: a wallet that leaves the page is unlisted at the next look; one with a remote icon is never listed', async () => {
    const remove = registerBitcoinDevWallet(createBitcoinDevWallet())
    const warn = vi.fn()
    const registered = new Map<string, number>()
    const discovery = discoverBitcoinWallets({
      registerConnector: (c) => (registered.set(c.id, (registered.get(c.id) ?? 0) + 1), () => void registered.delete(c.id)),
      warn,
    })
    await vi.waitFor(() => expect([...registered.keys()]).toEqual([BITCOIN_DEV_WALLET_CONNECTOR_ID]))
    ;(window as unknown as { btc_providers: unknown[] }).btc_providers.push({ id: 'Evil.Provider', name: 'Evil', icon: 'https://tracker.example/pixel.png' })
    ;(window as unknown as { Evil: unknown }).Evil = { Provider: {} }
    remove()
    await discovery.rescan()
    expect([...registered.keys()]).toEqual([])
    expect(warn).toHaveBeenCalledWith('ignoring a sats-connect wallet:', 'The icon must be a data:image URI.')
    discovery.stop()
    ;(window as unknown as { btc_providers: unknown[] }).btc_providers.length = 0
  })

  it('error: invalid options fail the plugin with a message naming the option', async () => {
    await start({ rpcUrls: { 'bip122:nothex': ['http://x'] } } as never)
    expect(kernel!.getState().plugins.byName.bitcoin?.status).toBe('failed')
    expect(String(kernel!.getState().plugins.byName.bitcoin?.error)).toContain('Invalid bitcoin option `rpcUrls')
  })
})
