import { createKernel } from '@portico/kernel'
import { describe, expect, it } from 'vitest'
import evm from './plugin.js'

describe('evm plugin', () => {
  it('behavior: registers the eip155 adapter, whose networks resolve the kernel\'s CAIP ids', async () => {
    const kernel = createKernel({ projectId: 'test', networks: ['eip155:31337', 'eip155:31338'], plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:18545'] } })] })
    await kernel.ready
    const adapter = kernel.getAdapter('eip155')
    expect(adapter?.namespace).toBe('eip155')
    expect(kernel.getState().plugins.byName.evm).toMatchObject({ status: 'ready', version: '0.1.0' })
    const networks = kernel.getState().chains.networks
    expect(networks.map((n) => [n.caipNetworkId, n.rpcUrls.default.http[0]])).toEqual([
      ['eip155:31337', 'http://127.0.0.1:18545'],
      ['eip155:31338', 'http://127.0.0.1:8546'],
    ])
    kernel.destroy()
    expect(kernel.getAdapter('eip155')).toBeUndefined()
  })

  it('behavior: options are the factory\'s parameters only; a bundled plugin does not read features.evm', async () => {
    const kernel = createKernel({
      projectId: 'test',
      features: { evm: { rpcUrls: { 31338: ['http://127.0.0.1:18546'] } } },
      plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:18545'] } })],
    })
    await kernel.ready
    const urls = (id: number) => kernel.getAdapter('eip155')?.networks.find((n) => n.id === id)?.rpcUrls.default.http
    expect(urls(31337)).toEqual(['http://127.0.0.1:18545'])
    expect(urls(31338)).toEqual(['http://127.0.0.1:8546'])
    kernel.destroy()
  })

  it('error: invalid options fail the plugin with INVALID_EVM_OPTIONS and register nothing', async () => {
    const kernel = createKernel({ projectId: 'test', plugins: [evm({ rpcUrls: { 31337: ['ftp://nope'] } })] })
    await kernel.ready
    expect(kernel.getState().plugins.byName.evm).toMatchObject({ status: 'failed', errorCode: 'INVALID_EVM_OPTIONS' })
    expect(kernel.getState().plugins.byName.evm?.error).toMatch(/^Invalid evm option `rpcUrls.31337.0`/)
    expect(kernel.getAdapter('eip155')).toBeUndefined()
    kernel.destroy()
  })

  it('behavior: a custom network list replaces the defaults', async () => {
    const network = { id: 777, caipNetworkId: 'eip155:777' as const, chainNamespace: 'eip155' as const, name: 'Seven', nativeCurrency: { name: 'S', symbol: 'S', decimals: 18 }, rpcUrls: { default: { http: ['https://seven.example'] } } }
    const kernel = createKernel({ projectId: 'test', plugins: [evm({ networks: [network] })] })
    await kernel.ready
    expect(kernel.getAdapter('eip155')?.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:777'])
    kernel.destroy()
  })
})
