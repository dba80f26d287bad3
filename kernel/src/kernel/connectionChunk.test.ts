import { definePlugin } from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../connection/storageKeys.js'
import { createMemoryStorage } from '../storage/createStorage.js'
import { createKernel } from './createKernel.js'
import type { Kernel } from './types.js'

// counts each kernel's use of the connection chunk (the real module, through importOriginal)
const chunk = vi.hoisted(() => ({ loads: 0 }))
vi.mock('../connection/createConnection.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../connection/createConnection.js')>()
  return {
    ...real,
    createConnection: (...args: Parameters<typeof real.createConnection>) => {
      chunk.loads++
      return real.createConnection(...args)
    },
  }
})

const connect = definePlugin({ name: 'connect', version: '1.0.0', contracts: '^1.0.0', views: { Connect: { load: async () => ({ default: () => null }) } } })
const recent = [{ id: 'io.metamask', name: 'MetaMask' }]

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

async function make(stored: Record<string, unknown>) {
  const storage = createMemoryStorage()
  for (const [key, value] of Object.entries(stored)) await storage.setItem(key, value)
  // the browser's idle callback, held until the test lets it run
  const idle: (() => void)[] = []
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn))
  vi.stubGlobal('cancelIdleCallback', () => {})
  const kernel = createKernel({ projectId: 'p', storage, plugins: [connect] })
  kernels.push(kernel)
  await kernel.ready
  return { kernel, runIdle: () => idle.splice(0).forEach((fn) => fn()) }
}

describe('first open: the connection chunk', () => {
  it('behavior: without a stored session the first view shows the stored recent wallets and last connector before the connection chunk loads; it loads once the page is idle', async () => {
    const { kernel, runIdle } = await make({ [STORAGE_KEYS.recentWallets]: [...recent, { broken: true }], [STORAGE_KEYS.lastConnectorId]: 'io.metamask' })
    const before = chunk.loads
    await kernel.open()
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(kernel.getState().connection.recentWallets).toEqual(recent) // the malformed entry is dropped
    expect(kernel.getState().connection.lastConnectorId).toBe('io.metamask')
    expect(chunk.loads).toBe(before) // not on the open's path
    await vi.waitFor(() => {
      runIdle()
      expect(chunk.loads).toBe(before + 1)
    })
  })

  it('behavior: a stored session is restored through the connection chunk (the start loads it, the open waits for it)', async () => {
    const before = chunk.loads
    const { kernel } = await make({ [STORAGE_KEYS.status]: 'connected', [STORAGE_KEYS.connections]: [], [STORAGE_KEYS.recentWallets]: recent })
    expect(chunk.loads).toBe(before + 1)
    await kernel.open()
    expect(kernel.getState().connection.recentWallets).toEqual(recent)
  })
})
