import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineConnector, definePlugin } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import { createTestKernel } from '@portico/tests/react'
import { connect } from './plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

async function start(...plugins: Parameters<typeof createTestKernel>[0]['plugins'] & object) {
  const kernel = createTestKernel({ plugins })
  kernels.push(kernel)
  await kernel.ready
  return kernel
}

const metamask = definePlugin({
  name: 'fake-metamask',
  version: '0.0.0',
  contracts: '^1.0.0',
  setup(ctx) {
    ctx.registerConnector(defineConnector({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => ({}) }))
  },
})

describe('connect plugin: its extension points', () => {
  it('behavior: the wallet method is contributed to connect/methods, unless connect({ wallets: false })', async () => {
    expect((await start(connect())).extensions.read('connect/methods').map((m) => m.id)).toEqual(['wallet'])
    expect((await start(connect({ wallets: false }))).extensions.read('connect/methods')).toEqual([])
  })

  it("behavior: connect/walletItems starts with the view's own connector items, whichever plugin was set up first", async () => {
    const early = definePlugin({
      name: 'fake-early',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        extensions.contribute('connect/walletItems', { items: [{ id: 'custom-1', name: 'Custom', group: 'injected' }] })
      },
    })
    const kernel = await start(early, metamask, connect())
    expect(kernel.extensions.read('connect/walletItems').map((i) => [i.id, i.group, i.tag])).toEqual([
      ['io.metamask', 'injected', 'connect.tag.installed'],
      ['custom-1', 'injected', undefined],
    ])
  })

  it('behavior: an unrelated store change gives readers the same list, so the Connect view does not render again', async () => {
    const kernel = await start(metamask, connect())
    const first = kernel.extensions.read('connect/walletItems')
    kernel.setThemeMode('dark')
    expect(kernel.extensions.read('connect/walletItems')).toBe(first)
    kernel.notify.toast('hello', 'success')
    expect(kernel.extensions.read('connect/walletItems')).toBe(first)
  })
})

describe('connect plugin: the Connect view comes whole', () => {
  const methodPlugin = (load: () => Promise<{ default: () => null }>) =>
    definePlugin({
      name: 'fake-method',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ extensions }) {
        extensions.contribute('connect/methods', { items: [{ id: 'email', load }] })
      },
    })

  it('behavior: with nothing connected, a method starts loading as it is contributed, once, before the view renders', async () => {
    const load = vi.fn(async () => ({ default: () => null }))
    await start(connect(), methodPlugin(load))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('behavior: with a session connected or being restored (the Account view is next), methods wait for the Connect view', async () => {
    const load = vi.fn(async () => ({ default: () => null }))
    const session = definePlugin({
      name: 'fake-session',
      version: '0.0.0',
      contracts: '^1.0.0',
      setup({ store }) {
        store.dispatch({ type: 'chains/accountConnecting', payload: { namespace: 'eip155' } })
      },
    })
    await start(session, connect(), methodPlugin(load))
    expect(load).not.toHaveBeenCalled()
  })
})

