import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defineConnector, definePlugin, type PluginDefinition, type RecentWallet } from '@portico/contracts/plugin'
import { createMemoryStorage, type Kernel, type KernelOptions } from '@portico/kernel'
import { createTestKernel, testView, viewsPlugin } from '@portico/tests/react'
import { json, startApi, startServer } from '@portico/tests/servers'
import { resolveWalletsConfig, wallets, type WalletsParameters } from './plugin.js'
import { selectWallets } from './slice.js'

let api: Awaited<ReturnType<typeof startApi>>
beforeAll(async () => {
  api = await startApi()
}, 60_000)
afterAll(() => api?.close())

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
})

async function start(options: KernelOptions & { wallets?: WalletsParameters; recent?: RecentWallet[] } = {}) {
  const { wallets: parameters, recent, plugins = [], ...rest } = options
  const storage = createMemoryStorage()
  // wallets used on an earlier visit, which the kernel reads when the modal opens
  if (recent) await storage.setItem('recentWallets', recent)
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: api.url }, storage, ...rest, plugins: [wallets(parameters), ...(plugins as PluginDefinition[])] })
  kernels.push(kernel)
  await kernel.ready
  return kernel
}

/** The Connect view's wallet list as the wallets plugin contributes to it (the connect plugin is not set up here). */
const listItems = (kernel: Kernel) => kernel.extensions.read('connect/walletItems')

describe('wallets plugin', { timeout: 20_000 }, () => {
  it('behavior: nothing is fetched before the modal opens; opening fetches featured and recommended', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const kernel = await start({ wallets: { featuredWalletIds: ['rainbow', 'zerion'] } })
    await new Promise((r) => setTimeout(r, 50))
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(listItems(kernel)).toEqual([])

    await kernel.open('Connect')
    await vi.waitFor(() => expect(selectWallets(kernel.getState()).topStatus).toBe('ready'))
    const calls = fetchSpy.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.pathname === '/getWallets')
    expect(calls).toHaveLength(2)
    expect(calls[0]!.searchParams.get('include')).toBe('rainbow,zerion')
    expect(calls[1]!.searchParams.get('entries')).toBe('4')
    expect(calls[1]!.searchParams.get('exclude')).toBe('rainbow,zerion')
    for (const u of calls) {
      expect(u.searchParams.get('projectId')).toBe('portico-dev')
      expect(u.searchParams.get('chains')).toBe('eip155:31337,eip155:31338')
    }
  })

  it('behavior: the Connect list gets featured and recommended items that open WalletConnect for the wallet', async () => {
    const kernel = await start({ wallets: { featuredWalletIds: ['rainbow'] } })
    const byName = kernel.getState().plugins.byName
    // what a reader subscribed to the point hears
    const heard: number[] = []
    const unsubscribe = kernel.subscribe(() => heard.push(listItems(kernel).length))
    await kernel.open('Connect')
    await vi.waitFor(() => expect(selectWallets(kernel.getState()).topStatus).toBe('ready'))
    const items = listItems(kernel)
    expect(items.filter((i) => i.group === 'featured').map((i) => i.id)).toEqual(['rainbow'])
    const recommended = items.filter((i) => i.group === 'recommended')
    expect(recommended).toHaveLength(4)
    expect(recommended[0]).toMatchObject({ view: 'ConnectingWalletConnect', viewData: { wallet: { id: recommended[0]!.id } } })
    // the items came from the slice the answers landed in: nothing restated the plugin's status to announce them
    expect(kernel.getState().plugins.byName).toBe(byName)
    expect(heard).toContain(5)
    unsubscribe()
    // and the "All wallets" entry reads the registry count
    expect(selectWallets(kernel.getState()).count).toBeGreaterThan(40)
    // images follow
    await vi.waitFor(() => expect(listItems(kernel).every((i) => i.imageUrl?.startsWith('blob:'))).toBe(true))
    // the same state gives the same list, so the Connect view does not render again for nothing
    const settled = listItems(kernel)
    kernel.setThemeMode('dark')
    expect(listItems(kernel)).toBe(settled)
  })

  it('behavior: wallets already on the list (installed or recent) are not offered twice', async () => {
    const installed = definePlugin({
      name: 'test-injected',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup(ctx) {
        ctx.registerConnector(defineConnector({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chains: ['eip155'], info: { rdns: 'io.metamask' }, getProvider: async () => ({}) }))
      },
    })
    const kernel = await start({ plugins: [installed], recent: [{ id: 'trust', name: 'Trust Wallet' }] })
    await kernel.open('Connect')
    await vi.waitFor(() => expect(selectWallets(kernel.getState()).topStatus).toBe('ready'))
    const top = selectWallets(kernel.getState()).recommended.map((w) => w.id)
    expect(top).toContain('metamask')
    expect(top).toContain('trust')
    const ids = listItems(kernel).map((i) => i.id)
    expect(ids).not.toContain('metamask')
    expect(ids).not.toContain('trust')
  })

  it('error: a failed registry call is swallowed and tried again on the next open', async () => {
    let up = false
    const server = await startServer(async (_req, url, res) => {
      if (!up) return json(res, 500, { status: 'FAILED', code: 'INTERNAL_ERROR', message: 'down', reasons: [] })
      const answer = await fetch(`${api.url}${url.pathname}${url.search}`)
      json(res, answer.status, await answer.json())
    })
    try {
      const kernel = await start({ endpoints: { api: server.url } })
      await kernel.open('Connect')
      await vi.waitFor(() => expect(selectWallets(kernel.getState()).topStatus).toBe('failed'))
      expect(listItems(kernel)).toEqual([])
      expect(kernel.getState().notifications.toast.open).toBe(false)
      up = true
      kernel.close()
      await new Promise((r) => setTimeout(r, 1000)) // at most one retry a second
      await kernel.open('Connect')
      await vi.waitFor(() => expect(selectWallets(kernel.getState()).topStatus).toBe('ready'))
      expect(listItems(kernel).length).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })
})

describe('wallets plugin: opening without chain adapters', { timeout: 20_000 }, () => {
  it('behavior: a mobile visitor of a host without adapters starts on AllWallets; a desktop one does not', async () => {
    const connectView = viewsPlugin({ Connect: testView('Connect') })
    const mobile = await start({ adapters: [], isMobile: () => true, plugins: [connectView] })
    await mobile.open()
    expect(mobile.router.current()?.view).toBe('AllWallets')
    const desktop = await start({ adapters: [], isMobile: () => false, plugins: [connectView] })
    await desktop.open()
    expect(desktop.router.current()?.view).toBe('Connect')
  })
})

describe('resolveWalletsConfig', () => {
  it('behavior: ids that the registry query cannot carry are dropped, and so are duplicates', () => {
    // a remote copy gets the host's features.wallets as its parameters, unchecked
    const fromHost = { featuredWalletIds: ['a', 'b', 'a', 'x,y', ' ', 3], excludeWalletIds: ['c'], includeWalletIds: 'd' } as unknown as WalletsParameters
    expect(resolveWalletsConfig(fromHost)).toEqual({ featuredWalletIds: ['a', 'b'], includeWalletIds: [], excludeWalletIds: ['c'] })
    expect(resolveWalletsConfig({})).toEqual({ featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [] })
  })
})
