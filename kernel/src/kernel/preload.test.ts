import { definePlugin, type PluginManifest } from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/createStorage.js'
import { createKernel } from './createKernel.js'
import type { Kernel } from './types.js'

// the federation runtime, replaced by one that "runs" an entry by handing back a plugin named after its remote
const loaded: string[] = []
vi.mock('../registry/federation.js', () => ({
  injectExternalRuntimeCore: () => ({ name: 'core' }),
  createInstance: () => ({
    registerRemotes: () => {},
    loadRemote: async (id: string) => {
      const name = id.replace(/^portico_/, '').replace(/\/plugin$/, '')
      loaded.push(name)
      return {
        default: () =>
          definePlugin({
            name,
            version: '1.0.0',
            contracts: '^1.0.0',
            views: name === 'connect' ? { Connect: { load: async () => ({ default: () => null }) } } : {},
          }),
      }
    },
  }),
}))

const SRI = `sha384-${'A'.repeat(64)}`
const manifest: PluginManifest = {
  connect: { entry: 'connect/remoteEntry.js', integrity: SRI, version: '1.0.0', kind: 'feature', views: ['Connect'], activation: 'open', requires: [] },
  tabs: { entry: 'tabs/remoteEntry.js', integrity: SRI, version: '1.0.0', kind: 'feature', views: [], activation: 'idle', requires: [] },
  later: { entry: 'later/remoteEntry.js', integrity: SRI, version: '1.0.0', kind: 'feature', views: ['Later'], activation: 'view', requires: [] },
}

let kernels: Kernel[] = []
const fetchMock = vi.fn(async (url: string | URL | Request) =>
  String(url).endsWith('/manifest.json') ? new Response(JSON.stringify(manifest)) : new Response('nope', { status: 404 }),
)
function make(options: Parameters<typeof createKernel>[0] = {}) {
  const k = createKernel({
    projectId: 'p',
    storage: createMemoryStorage(),
    remotes: { manifestUrl: 'https://cdn.test/manifest.json' },
    ...options,
  })
  kernels.push(k)
  return k
}
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  loaded.length = 0
  fetchMock.mockClear()
  vi.unstubAllGlobals()
})
const stubFetch = () => vi.stubGlobal('fetch', fetchMock)

describe('first open: what loads when', () => {
  it('behavior: opening loads the `open` plugins before the first view and the `idle` ones only after it', async () => {
    stubFetch()
    const kernel = make()
    let atFirstView: string[] = []
    kernel.hooks.afterOpen.tap({ name: 'test' }, () => void (atFirstView = [...loaded]))
    await kernel.open()
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(atFirstView).toEqual(['connect'])
    expect(loaded).toEqual(['connect'])
    await vi.waitFor(() => expect(loaded).toEqual(['connect', 'tabs']))
    expect(kernel.getState().plugins.byName.tabs?.status).toBe('ready')
    expect(kernel.getState().plugins.byName.later).toBeUndefined()
  })

  it('behavior: an inline manifest (`remotes.manifest`) is used without fetching one', async () => {
    stubFetch()
    const kernel = make({ remotes: { manifest, manifestUrl: 'https://cdn.test/manifest.json' } })
    await kernel.open()
    expect(loaded).toEqual(['connect'])
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('preload option', () => {
  it("behavior: the default is 'intent', and neither it nor 'none' requests anything before the visitor shows intent", async () => {
    stubFetch()
    const intent = make()
    const none = make({ preload: 'none' })
    expect(intent.options.preload).toBe('intent')
    expect(none.options.preload).toBe('none')
    await intent.ready
    await none.ready
    await new Promise((r) => setTimeout(r, 20))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(loaded).toEqual([])
  })

  it("behavior: kernel.preload() loads the manifest, the first view's plugins and the UI's chunks (onPreload), not the idle ones; once", async () => {
    stubFetch()
    const kernel = make()
    const shell = vi.fn()
    kernel.onPreload(shell)
    await Promise.all([kernel.preload(), kernel.preload()])
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['https://cdn.test/manifest.json'])
    expect(loaded).toEqual(['connect'])
    expect(shell).toHaveBeenCalledTimes(1)
    const late = vi.fn()
    kernel.onPreload(late) // registered after preloading started: runs at once
    expect(late).toHaveBeenCalledTimes(1)
    expect(kernel.getState().modal.open).toBe(false)
    await kernel.open()
    expect(loaded.filter((n) => n === 'connect')).toHaveLength(1)
  })

  it("behavior: 'idle' preloads once the page has loaded and the browser is idle", async () => {
    stubFetch()
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn))
    vi.stubGlobal('cancelIdleCallback', () => {})
    const kernel = make({ preload: 'idle' })
    await kernel.ready
    expect(fetchMock).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1) // jsdom's document has loaded already
    idle[0]!()
    await vi.waitFor(() => expect(loaded).toEqual(['connect']))
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['https://cdn.test/manifest.json'])
  })

  it('error: an invalid preload value is refused', () => {
    expect(() => make({ preload: 'always' as never })).toThrow(/preload/)
  })
})
