import { describe, expect, it, vi } from 'vitest'
import * as real from './index.js'
import { createLazyEvmAdapter } from './lazy.js'

vi.mock('./index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./index.js')>()
  return { ...original, createEvmAdapter: vi.fn(original.createEvmAdapter) }
})

const parameters = { rpcUrls: { 31337: ['http://127.0.0.1:1'] } }

describe('createLazyEvmAdapter', () => {
  it("behavior: networks and capabilities at once, the same as the real adapter's; nothing of viem until a call", async () => {
    vi.mocked(real.createEvmAdapter).mockClear()
    const lazy = createLazyEvmAdapter(parameters)
    expect(real.createEvmAdapter).not.toHaveBeenCalled()
    const eager = real.createEvmAdapter(parameters)
    expect(lazy.networks).toEqual(eager.networks)
    expect(lazy.capabilities).toEqual(eager.capabilities)
    expect(lazy.namespace).toBe('eip155')
    eager.destroy()
  })

  it('behavior: the first call loads the real adapter once, whatever calls come after', async () => {
    vi.mocked(real.createEvmAdapter).mockClear()
    const lazy = createLazyEvmAdapter(parameters)
    const connector = { id: 'x', name: 'X', type: 'INJECTED' as const, chains: ['eip155' as const], getProvider: async () => undefined }
    // no provider: the real adapter's own error comes through unchanged
    await expect(lazy.disconnect({ connector })).rejects.toMatchObject({ code: 'PROVIDER_NOT_FOUND' })
    await lazy.load()
    await lazy.load()
    expect(real.createEvmAdapter).toHaveBeenCalledTimes(1)
    lazy.destroy()
  })

  it('behavior: destroyed before its code arrives, the real adapter is destroyed as soon as it is made', async () => {
    vi.mocked(real.createEvmAdapter).mockClear()
    const lazy = createLazyEvmAdapter(parameters)
    const loading = lazy.load()
    lazy.destroy()
    const adapter = await loading
    const destroy = vi.spyOn(adapter, 'destroy')
    await Promise.resolve()
    // made after destroy(): destroyed on creation (its stop signal is aborted)
    expect(destroy).not.toHaveBeenCalled()
    expect(real.createEvmAdapter).toHaveBeenCalledTimes(1)
    expect(() => adapter.getClient(adapter.networks.find((n) => n.id === 31337)!)).toThrow()
  })
})
