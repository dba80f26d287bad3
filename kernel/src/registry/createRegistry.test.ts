import { definePlugin, type KeyValueStorage, type PluginDefinition, type PluginManifest } from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createExtensions } from '../extensions/createExtensions.js'
import { createHooks } from '../hooks/createHooks.js'
import { createI18n } from '../i18n/createI18n.js'
import { createMemoryStorage, createStorage, type PorticoStorage } from '../storage/createStorage.js'
import { createPorticoStore } from '../store/index.js'
import { createRegistry } from './createRegistry.js'
import { sha384Integrity } from './integrity.js'
import { createRemoteLoader, type PluginFactory } from './loadRemote.js'
import { KERNEL_VERSION } from '../version.js'

declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    'test/items': { id: string }
  }
}

const plugin = (name: string, extra: Partial<PluginDefinition> = {}) =>
  definePlugin({ name, version: '1.0.0', contracts: '^1.0.0', ...extra })

function setup(
  opts: {
    remote?: ReturnType<typeof createRemoteLoader>
    features?: Record<string, boolean | Record<string, unknown>>
    storage?: KeyValueStorage | PorticoStorage
  } = {},
) {
  const { store, listener, rootReducer } = createPorticoStore()
  const hooks = createHooks()
  const log = vi.fn()
  const extensions = createExtensions({ getState: store.getState, log })
  const i18n = createI18n()
  const registry = createRegistry({
    store,
    rootReducer,
    listener,
    hooks,
    i18n,
    storage: opts.storage ?? createMemoryStorage(),
    remote: opts.remote,
    features: opts.features ?? {},
    kernelOptions: {},
    extensions,
    kernelApi: {
      router: { push: vi.fn(), replace: vi.fn(), reset: vi.fn(), goBack: vi.fn() },
      modal: { open: vi.fn(), close: vi.fn(), shake: vi.fn() },
      notify: { toast: vi.fn(), alert: vi.fn(), notification: vi.fn() },
      http: {} as never,
    },
    log,
    onAdaptersChanged: vi.fn(),
  })
  return { store, hooks, registry, log, extensions, i18n }
}

const ids = (items: readonly { id: string }[]) => items.map((i) => i.id)

describe('registry: bundled plugins', () => {
  it('behavior: setup runs in requires order whatever the registration order', async () => {
    const order: string[] = []
    const { registry, store } = setup()
    await registry.use(
      plugin('c', { requires: ['b'], setup: () => void order.push('c') }),
      plugin('a', { setup: async () => void order.push('a') }),
      plugin('b', { requires: ['a'], setup: () => void order.push('b') }),
    )
    expect(order).toEqual(['a', 'b', 'c'])
    expect(Object.values(store.getState().plugins.byName).map((p) => p.status)).toEqual(['ready', 'ready', 'ready'])
  })

  it('error: a plugin built for another contracts range is refused with both versions named', async () => {
    const { registry, store } = setup()
    await registry.use(plugin('old', { contracts: '^2.0.0' }))
    expect(store.getState().plugins.byName.old).toMatchObject({
      status: 'failed',
      errorCode: 'PLUGIN_CONTRACTS_MISMATCH',
      error: 'Plugin "old" was built for contracts ^2.0.0, but this kernel provides contracts 1.0.0.',
    })
  })

  it('error: a missing requirement fails only the plugin that needs it', async () => {
    const { registry, store } = setup()
    await registry.use(plugin('needy', { requires: ['ghost'] }), plugin('fine'))
    expect(store.getState().plugins.byName.needy?.status).toBe('failed')
    expect(store.getState().plugins.byName.needy?.error).toMatch(/requires "ghost"/)
    expect(store.getState().plugins.byName.fine?.status).toBe('ready')
  })

  it('error: a requirement cycle is reported, not hung on', async () => {
    const { registry, store } = setup()
    await registry.use(plugin('x', { requires: ['y'] }), plugin('y', { requires: ['x'] }))
    expect(store.getState().plugins.byName.x?.status).toBe('failed')
    expect(store.getState().plugins.byName.y?.status).toBe('failed')
  })

  it('error: a plugin that throws in setup is failed, its views, connectors, taps and contributions withdrawn; others keep working', async () => {
    const { registry, store, hooks, extensions } = setup()
    const seen: string[] = []
    await registry.use(
      plugin('broken', {
        views: { Broken: { load: async () => ({ default: () => null }) } },
        setup(ctx) {
          ctx.hooks.afterOpen.tap(() => void seen.push('broken'))
          ctx.hooks.beforeOpen.tap((request) => ({ ...request, view: 'Broken' }))
          ctx.extensions.contribute('test/items', { items: [{ id: 'broken' }] })
          ctx.extensions.contribute('test/items', { transform: (items) => items.filter((i) => i.id === 'broken') })
          ctx.registerConnector({ id: 'brk', name: 'Broken', type: 'INJECTED', chains: ['eip155'], getProvider: async () => ({}) })
          throw new Error('setup exploded')
        },
      }),
      plugin('good', {
        views: { Good: { load: async () => ({ default: () => null }) } },
        setup(ctx) {
          ctx.hooks.afterOpen.tap(() => void seen.push('good'))
          ctx.extensions.contribute('test/items', { items: [{ id: 'good' }] })
        },
      }),
    )
    expect(store.getState().plugins.byName.broken).toMatchObject({ status: 'failed', error: 'setup exploded' })
    expect(registry.getView('Broken')).toBeUndefined()
    expect(store.getState().connectors.list).toEqual([])
    hooks.afterOpen.call({ view: 'Connect' })
    expect(seen).toEqual(['good'])
    expect(hooks.beforeOpen.call({ view: 'Connect' })).toEqual({ view: 'Connect' })
    expect(ids(extensions.read('test/items'))).toEqual(['good'])
    await expect(registry.resolveView('Good')).resolves.toMatchObject({ plugin: 'good' })
  })

  it('behavior: a plugin reads its extension point through its context; a teardown withdraws its contributions', async () => {
    const { registry, extensions } = setup()
    let read: (() => readonly { id: string }[]) | undefined
    await registry.use(
      plugin('owner', { setup: (ctx) => void (read = () => ctx.extensions.read('test/items')) }),
      plugin('contributor', { setup: (ctx) => void ctx.extensions.contribute('test/items', { items: [{ id: 'one' }, { id: 'two' }] }) }),
    )
    expect(ids(read!())).toEqual(['one', 'two'])
    registry.destroy()
    expect(extensions.read('test/items')).toEqual([])
  })

  it('behavior: a slice injected by a plugin is in the state under its name', async () => {
    const { registry, store } = setup()
    await registry.use(
      plugin('counter', {
        setup: (ctx) => ctx.store.inject({ name: 'counter', reducer: (s = { n: 1 }) => s }),
      }),
    )
    expect((store.getState() as Record<string, unknown>).counter).toEqual({ n: 1 })
  })

  it('behavior: plugin storage is namespaced by plugin name', async () => {
    const storage = createMemoryStorage()
    const { registry } = setup({ storage })
    let seen: unknown = 'unread'
    await registry.use(
      plugin('a', { setup: async (ctx) => ctx.storage.setItem('k', 'from-a') }),
      plugin('b', { requires: ['a'], setup: async (ctx) => void (seen = await ctx.storage.getItem('k')) }),
    )
    expect(seen).toBeUndefined()
    expect(await storage.getItem('plugin:a:k')).toBe('from-a')
    expect(await storage.getItem('k')).toBeUndefined()
  })

  describe('legacy storage keys', () => {
    afterEach(() => localStorage.clear())

    it("behavior: a plugin's legacy localStorage key is moved into its own storage when it is set up, then removed", async () => {
      localStorage.setItem('@appkit/legacy_thing', JSON.stringify({ n: 1 }))
      localStorage.setItem('@appkit/legacy_text', 'plain')
      const storage = createStorage({ indexedDB: undefined, localStorage })
      const { registry } = setup({ storage })
      let seen: unknown[] = []
      await registry.use(
        plugin('legacy', {
          legacyStorageKeys: { '@appkit/legacy_thing': 'thing', '@appkit/legacy_text': 'text' },
          setup: async (ctx) => void (seen = [await ctx.storage.getItem('thing'), await ctx.storage.getItem('text')]),
        }),
      )
      expect(seen).toEqual([{ n: 1 }, 'plain'])
      expect(await storage.getItem('plugin:legacy:thing')).toEqual({ n: 1 })
      expect(localStorage.getItem('@appkit/legacy_thing')).toBeNull()
      expect(localStorage.getItem('@appkit/legacy_text')).toBeNull()
    })

    it('behavior: a legacy key does not overwrite a value the plugin already stored', async () => {
      localStorage.setItem('@appkit/legacy_thing', JSON.stringify('old'))
      const storage = createStorage({ indexedDB: undefined, localStorage })
      await storage.setItem('plugin:legacy:thing', 'current')
      const { registry } = setup({ storage })
      let seen: unknown
      await registry.use(
        plugin('legacy', {
          legacyStorageKeys: { '@appkit/legacy_thing': 'thing' },
          setup: async (ctx) => void (seen = await ctx.storage.getItem('thing')),
        }),
      )
      expect(seen).toBe('current')
      expect(localStorage.getItem('@appkit/legacy_thing')).toBeNull()
    })

    it("behavior: a plugin without legacy keys leaves another plugin's legacy keys in place", async () => {
      localStorage.setItem('@appkit/legacy_thing', JSON.stringify('old'))
      const storage = createStorage({ indexedDB: undefined, localStorage })
      const { registry } = setup({ storage })
      await registry.use(plugin('other'))
      expect(localStorage.getItem('@appkit/legacy_thing')).toBe('"old"')
    })
  })
})

describe('registry: remote plugins', () => {
  const entryCode = (name: string) => new TextEncoder().encode(`/* remote ${name} */`)

  async function remoteFixture(tamper: string[] = []) {
    const files = new Map<string, Uint8Array>()
    const manifest: PluginManifest = {}
    const factories = new Map<string, PluginFactory>()
    const addRemote = async (name: string, def: PluginDefinition | PluginFactory, extra: Partial<PluginManifest[string]> = {}) => {
      const bytes = entryCode(name)
      files.set(`https://cdn.test/${name}/remoteEntry.js`, tamper.includes(name) ? new TextEncoder().encode('evil()') : bytes)
      manifest[name] = {
        entry: `${name}/remoteEntry.js`, integrity: await sha384Integrity(bytes), version: '1.0.0', kind: 'feature', views: [], activation: 'view', requires: [], ...extra,
      }
      factories.set(name, typeof def === 'function' ? def : () => def)
    }
    const fetchMock = vi.fn(async (url: string | URL | Request) => {
      const u = String(url)
      if (u === 'https://cdn.test/manifest.json') return new Response(JSON.stringify(manifest))
      const body = files.get(u)
      return body ? new Response(body as BodyInit) : new Response('nope', { status: 404 })
    })
    // like a script tag with `integrity`: the browser refuses bytes that do not match, before any of them run
    const loadEntry = vi.fn(async ({ name, url, integrity }: { name: string; url: string; integrity: string }) => {
      const body = files.get(url)
      if (!body || (await sha384Integrity(body)) !== integrity) throw new Error(`Failed to load script ${url}`)
      return { default: factories.get(name) }
    })
    const remote = () =>
      createRemoteLoader({ manifestUrl: 'https://cdn.test/manifest.json', fetch: fetchMock as typeof fetch, sharedModules: async () => ({}), loadEntry })
    return { addRemote, fetchMock, loadEntry, remote }
  }

  it('behavior: pushing a view loads the plugin that provides it, on first use only', async () => {
    const f = await remoteFixture()
    const View = () => null
    await f.addRemote('account', plugin('account', { views: { Account: { load: async () => ({ default: View }) } } }), { views: ['Account'] })
    const { registry } = setup({ remote: f.remote() })
    expect(f.fetchMock).not.toHaveBeenCalled()
    const resolved = await registry.resolveView('Account')
    expect(resolved.component).toBe(View)
    await registry.resolveView('Account')
    expect(f.loadEntry).toHaveBeenCalledTimes(1)
  })

  it("behavior: pushing a remote view asks for the view's chunks at once, before its plugin's code has loaded", async () => {
    document.head.innerHTML = ''
    const f = await remoteFixture()
    const integrity = `sha384-${'E'.repeat(64)}`
    let hintedBeforeEntry: string[] = []
    await f.addRemote('account', () => {
      hintedBeforeEntry = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((l) => l.href)
      return plugin('account', { views: { Account: { load: async () => ({ default: () => null }) } } })
    }, { views: ['Account'], viewPreload: { Account: [{ file: 'account/view.js', integrity }] } })
    const { registry } = setup({ remote: f.remote() })
    await registry.resolveView('Account')
    expect(hintedBeforeEntry).toEqual(['https://cdn.test/account/view.js'])
  })

  it('behavior: localePack finds the language pack for a tag or its language; loading it adds its messages', async () => {
    const f = await remoteFixture()
    await f.addRemote('locale-es', plugin('locale-es', { locales: ['es'], messages: { es: { 'modal.close': 'Cerrar' } } }), { locales: ['es'] })
    await f.addRemote('locale-pt-br', plugin('locale-pt-br', { locales: ['pt-BR'] }), { locales: ['pt-BR'] })
    await f.addRemote('locale-pt', plugin('locale-pt', { locales: ['pt'] }), { locales: ['pt'] })
    await f.addRemote('other', plugin('other'))
    const { registry, i18n } = setup({ remote: f.remote() })
    expect(await registry.localePack('es')).toBe('locale-es')
    expect(await registry.localePack('es-AR')).toBe('locale-es')
    expect(await registry.localePack('pt-BR')).toBe('locale-pt-br')
    // the bare language's pack before another region's
    expect(await registry.localePack('pt-PT')).toBe('locale-pt')
    expect(await registry.localePack('fr')).toBeUndefined()
    expect(f.loadEntry).not.toHaveBeenCalled()
    await registry.load('locale-es')
    i18n.setLocale('es')
    expect(i18n.t('modal.close')).toBe('Cerrar')
  })

  it('behavior: a pack switched off by the feature flags is not offered', async () => {
    const f = await remoteFixture()
    await f.addRemote('locale-es', plugin('locale-es', { locales: ['es'] }), { locales: ['es'] })
    const { registry } = setup({ remote: f.remote(), features: { 'locale-es': false } })
    expect(await registry.localePack('es')).toBeUndefined()
  })

  it('error: an entry whose bytes do not match the manifest hash is refused before its code runs', async () => {
    const f = await remoteFixture(['evil'])
    const evilFactory = vi.fn(() => plugin('evil', { views: { Evil: { load: async () => ({ default: () => null }) } } }))
    await f.addRemote('evil', evilFactory, { views: ['Evil'], activation: 'open' })
    await f.addRemote('connect', plugin('connect', { views: { Connect: { load: async () => ({ default: () => null }) } } }), { views: ['Connect'], activation: 'open' })
    const { registry, store } = setup({ remote: f.remote() })
    await registry.loadActivated()
    expect(store.getState().plugins.byName.evil).toMatchObject({ status: 'failed', errorCode: 'PLUGIN_INTEGRITY_MISMATCH' })
    expect(store.getState().plugins.byName.evil?.error).toBe(
      'Plugin "evil" was refused: its code does not match the integrity hash in the manifest.',
    )
    expect(evilFactory).not.toHaveBeenCalled()
    expect(store.getState().plugins.byName.connect?.status).toBe('ready')
    // one download per remote when it loads; the entry is fetched again only to explain a refusal
    const fetched = f.fetchMock.mock.calls.map((c) => String(c[0]))
    expect(fetched.filter((u) => u.includes('/connect/'))).toEqual([])
    expect(fetched.filter((u) => u.includes('/evil/'))).toEqual(['https://cdn.test/evil/remoteEntry.js'])
  })

  it("behavior: `open` plugins load before the first view, `idle` ones only when asked for after it", async () => {
    const f = await remoteFixture()
    await f.addRemote('connect', plugin('connect'), { activation: 'open' })
    await f.addRemote('tabs', plugin('tabs'), { activation: 'idle' })
    await f.addRemote('later', plugin('later'), { activation: 'view' })
    const { registry, store } = setup({ remote: f.remote() })
    await registry.loadActivated()
    expect(f.loadEntry.mock.calls.map((c) => c[0].name)).toEqual(['connect'])
    await registry.loadActivated('idle')
    expect(f.loadEntry.mock.calls.map((c) => c[0].name)).toEqual(['connect', 'tabs'])
    expect(store.getState().plugins.byName.tabs?.status).toBe('ready')
    expect(store.getState().plugins.byName.later).toBeUndefined()
  })

  it('behavior: requirements listed in the manifest load first; switched-off plugins never load', async () => {
    const f = await remoteFixture()
    const order: string[] = []
    await f.addRemote('base', plugin('base', { setup: () => void order.push('base') }))
    await f.addRemote('top', plugin('top', { requires: ['base'], setup: () => void order.push('top') }), { activation: 'open', requires: ['base'] })
    await f.addRemote('off', plugin('off'), { activation: 'open' })
    const { registry, store } = setup({ remote: f.remote(), features: { off: false } })
    await registry.loadActivated()
    expect(order).toEqual(['base', 'top'])
    expect(store.getState().plugins.byName.off).toBeUndefined()
  })

  it('error: a remote built for another kernel is refused, naming both versions, before its requirements or its code load', async () => {
    const f = await remoteFixture()
    await f.addRemote('base', plugin('base'))
    await f.addRemote('future', plugin('future', { requires: ['base'] }), { activation: 'open', requires: ['base'], kernel: '^9.0.0' })
    await f.addRemote('today', plugin('today'), { activation: 'open', kernel: `^${KERNEL_VERSION}` })
    const { registry, store } = setup({ remote: f.remote() })
    await registry.loadActivated()
    expect(store.getState().plugins.byName.future).toMatchObject({
      status: 'failed',
      errorCode: 'PLUGIN_KERNEL_MISMATCH',
      error: `Plugin "future" was built for kernel ^9.0.0, but this host runs kernel ${KERNEL_VERSION}.`,
    })
    expect(store.getState().plugins.byName.base).toBeUndefined()
    expect(store.getState().plugins.byName.today?.status).toBe('ready')
    expect(f.loadEntry.mock.calls.map((c) => c[0].name)).toEqual(['today'])
    expect(f.fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('future'))).toEqual([])
  })

  it('behavior: hasView answers for set-up plugins and, once the manifest is loaded, for enabled remote ones', async () => {
    const f = await remoteFixture()
    await f.addRemote('wallets', plugin('wallets'), { views: ['AllWallets'] })
    await f.addRemote('swaps', plugin('swaps'), { views: ['Swap'] })
    const { registry } = setup({ remote: f.remote(), features: { swaps: false } })
    await registry.use(plugin('local', { views: { Local: { load: async () => ({ default: () => null }) } } }))
    expect(registry.hasView('Local')).toBe(true)
    expect(registry.hasView('AllWallets')).toBe(false) // manifest not fetched yet: no network before it is needed
    await registry.loadActivated()
    expect(registry.hasView('AllWallets')).toBe(true)
    expect(registry.hasView('Swap')).toBe(false)
    expect(registry.hasView('Nowhere')).toBe(false)
    expect(f.loadEntry).not.toHaveBeenCalled()
  })

  it('error: an invalid manifest gives a clear error and can be retried', async () => {
    let body = '{"x": {"entry": 1}}'
    const remote = createRemoteLoader({
      manifestUrl: 'https://cdn.test/manifest.json',
      fetch: (async () => new Response(body)) as typeof fetch,
      sharedModules: async () => ({}),
    })
    await expect(remote.manifest()).rejects.toThrow(/The plugin manifest https:\/\/cdn.test\/manifest.json could not be used: x.entry/)
    body = '{}'
    await expect(remote.manifest()).resolves.toEqual({})
  })

  it("behavior: a remote plugin's factory gets the host's feature options; its context has no options of its own", async () => {
    const f = await remoteFixture()
    const factory = vi.fn((_options?: Record<string, unknown>) =>
      plugin('search', {
        setup(ctx) {
          expect('options' in ctx).toBe(false)
          expect(typeof ctx.extensions.contribute).toBe('function')
        },
      }),
    )
    await f.addRemote('search', factory, { activation: 'open' })
    const plainFactory = vi.fn(() => plugin('plain'))
    await f.addRemote('plain', plainFactory, { activation: 'open' })
    const { registry, store } = setup({ remote: f.remote(), features: { search: { limit: 3 } } })
    await registry.loadActivated()
    expect(factory).toHaveBeenCalledWith({ limit: 3 })
    expect(plainFactory).toHaveBeenCalledWith({})
    expect(store.getState().plugins.byName.search?.status).toBe('ready')
  })

  it('error: a factory that returns a plugin of another name is refused', async () => {
    const f = await remoteFixture()
    await f.addRemote('named', plugin('impostor'), { activation: 'open' })
    const { registry, store } = setup({ remote: f.remote() })
    await registry.loadActivated()
    expect(store.getState().plugins.byName.named?.error).toMatch(/returned a plugin named "impostor"/)
  })
})
