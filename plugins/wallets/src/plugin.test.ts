import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defineConnector, definePlugin, type PluginDefinition, type WalletListItem } from '@portico/contracts/plugin'
import { connectionSlice, type Kernel, type KernelOptions } from '@portico/kernel'
import { createTestKernel } from '../../../kernel/src/react/testing.js'
import { json, startApi, startServer } from '../test/servers.js'
import { resolveWalletsConfig, wallets } from './plugin.js'
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

async function start(options: KernelOptions = {}) {
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: api.url }, ...options, plugins: [wallets(), ...((options.plugins ?? []) as PluginDefinition[])] })
  kernels.push(kernel)
  await kernel.ready
  return kernel
}

const listItems = (kernel: Kernel) => kernel.hooks.resolveWalletListItems.call([]) as WalletListItem[]

describe('wallets plugin', { timeout: 20_000 }, () => {
  it('behavior: nothing is fetched before the modal opens; opening fetches featured and recommended', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const kernel = await start({ features: { wallets: { featuredWalletIds: ['rainbow', 'zerion'] } } })
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
    const kernel = await start({ features: { wallets: { featuredWalletIds: ['rainbow'] } } })
    const byName = kernel.getState().plugins.byName
    await kernel.open('Connect')
    await vi.waitFor(() => expect(selectWallets(kernel.getState()).topStatus).toBe('ready'))
    const items = listItems(kernel)
    expect(items.filter((i) => i.group === 'featured').map((i) => i.id)).toEqual(['rainbow'])
    const recommended = items.filter((i) => i.group === 'recommended')
    expect(recommended).toHaveLength(4)
    expect(recommended[0]).toMatchObject({ view: 'ConnectingWalletConnect', viewData: { wallet: { id: recommended[0]!.id } } })
    // the Connect view rebuilds its list when the plugins' state changes: it did
    expect(kernel.getState().plugins.byName).not.toBe(byName)
    // and the "All wallets" entry reads the registry count
    expect(selectWallets(kernel.getState()).count).toBeGreaterThan(40)
    // images follow
    await vi.waitFor(() => expect(listItems(kernel).every((i) => i.imageUrl?.startsWith('blob:'))).toBe(true))
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
    const kernel = await start({ plugins: [installed] })
    kernel.store.dispatch(connectionSlice.actions.recentWalletAdded({ id: 'trust', name: 'Trust Wallet' }))
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

describe('resolveWalletsConfig', () => {
  it('behavior: parameters win over feature options; ids that the registry query cannot carry are dropped', () => {
    expect(resolveWalletsConfig({ featuredWalletIds: ['a', 'b', 'a', 'x,y', ' ', 3] }, { excludeWalletIds: ['c'] })).toEqual({
      featuredWalletIds: ['a', 'b'],
      includeWalletIds: [],
      excludeWalletIds: ['c'],
    })
    expect(resolveWalletsConfig({ featuredWalletIds: ['a'] }, { featuredWalletIds: ['b'] }).featuredWalletIds).toEqual(['b'])
  })
})
