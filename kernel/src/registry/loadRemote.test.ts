import { describe, expect, it, vi } from 'vitest'
import { isPorticoError, type PluginDefinition, type PluginManifestEntry } from '@portico/contracts/plugin'
import { KERNEL_VERSION } from '../version.js'
import { sha384Integrity } from './integrity.js'
import { createLazyRemoteLoader } from './lazyRemoteLoader.js'
import { createRemoteLoader, PluginKernelError } from './loadRemote.js'

const BYTES = new TextEncoder().encode('/* remote hello */')
const definition: PluginDefinition = { name: 'hello', version: '0.1.0', contracts: '^1.0.0' }

async function fixture() {
  const entry = async (extra: Partial<PluginManifestEntry> = {}): Promise<PluginManifestEntry> => ({
    entry: 'hello/remoteEntry.js',
    integrity: await sha384Integrity(BYTES),
    version: '0.1.0',
    kind: 'feature',
    views: [],
    activation: 'view',
    requires: [],
    ...extra,
  })
  const fetchMock = vi.fn(async (url: string | URL | Request) =>
    String(url) === 'https://cdn.test/hello/remoteEntry.js' ? new Response(BYTES as BodyInit) : new Response('nope', { status: 404 }),
  )
  const loadEntry = vi.fn(async () => ({ default: () => definition }))
  const options = { manifestUrl: 'https://cdn.test/manifest.json', fetch: fetchMock as typeof fetch, loadEntry }
  return { entry, fetchMock, loadEntry, remote: createRemoteLoader({ ...options, sharedModules: async () => ({}) }), lazy: createLazyRemoteLoader(options) }
}

describe('remote loader: the kernel range of a manifest entry', () => {
  it(`error: a remote built for kernel ^9.0.0 is refused before any of it is fetched, naming both versions`, async () => {
    const f = await fixture()
    const error = await f.remote.loadFactory('hello', await f.entry({ kernel: '^9.0.0' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PluginKernelError)
    expect(isPorticoError(error, 'PLUGIN_KERNEL_MISMATCH')).toBe(true)
    expect((error as Error).message).toBe(`Plugin "hello" was built for kernel ^9.0.0, but this host runs kernel ${KERNEL_VERSION}.`)
    expect(f.fetchMock).not.toHaveBeenCalled()
    expect(f.loadEntry).not.toHaveBeenCalled()
  })

  it('error: the lazy loader refuses it the same way, before fetching the entry', async () => {
    const f = await fixture()
    await expect(f.lazy.loadFactory('hello', await f.entry({ kernel: '^9.0.0' }))).rejects.toMatchObject({
      code: 'PLUGIN_KERNEL_MISMATCH',
      shortMessage: `Plugin "hello" was built for kernel ^9.0.0, but this host runs kernel ${KERNEL_VERSION}.`,
    })
    expect(f.fetchMock).not.toHaveBeenCalled()
  })

  it('error: a range this kernel is below is refused too (a remote built for an older kernel line)', async () => {
    const f = await fixture()
    await expect(f.remote.loadFactory('hello', await f.entry({ kernel: '<0.0.1' }))).rejects.toMatchObject({ code: 'PLUGIN_KERNEL_MISMATCH' })
    expect(f.fetchMock).not.toHaveBeenCalled()
  })

  it(`behavior: a remote built for kernel ^${KERNEL_VERSION} is loaded once, by its script with the manifest's integrity`, async () => {
    const f = await fixture()
    const entry = await f.entry({ kernel: `^${KERNEL_VERSION}` })
    const factory = await f.remote.loadFactory('hello', entry)
    expect(factory()).toBe(definition)
    expect(f.fetchMock).not.toHaveBeenCalled() // no second download to hash it: the browser checks the script (SRI)
    expect(f.loadEntry).toHaveBeenCalledWith({
      name: 'hello',
      remoteName: 'portico_hello',
      url: 'https://cdn.test/hello/remoteEntry.js',
      integrity: entry.integrity,
      module: 'plugin',
    })
  })

  it('behavior: an entry without a kernel range loads whatever the kernel (manifests built before the field)', async () => {
    const f = await fixture()
    const factory = await f.lazy.loadFactory('hello', await f.entry())
    expect(factory()).toBe(definition)
  })

  it('behavior: the kernel range survives the manifest schema', async () => {
    const f = await fixture()
    const remote = createRemoteLoader({ manifest: { hello: await f.entry({ kernel: '^0.1.0' }) }, sharedModules: async () => ({}) })
    expect((await remote.manifest()).hello?.kernel).toBe('^0.1.0')
  })
})

describe('remote loader: an inline manifest', () => {
  it('behavior: `manifest` is used without a request; relative entries resolve against `manifestUrl`', async () => {
    const f = await fixture()
    const remote = createRemoteLoader({
      manifest: { hello: await f.entry() },
      manifestUrl: 'https://cdn.test/manifest.json',
      fetch: f.fetchMock as typeof fetch,
      loadEntry: f.loadEntry,
      sharedModules: async () => ({}),
    })
    const entry = (await remote.manifest()).hello!
    expect((await remote.loadFactory('hello', entry))()).toBe(definition)
    expect(f.fetchMock).not.toHaveBeenCalled()
    expect(f.loadEntry).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://cdn.test/hello/remoteEntry.js' }))
  })
})

describe('remote loader: a manifest is checked in two steps', () => {
  const inline = async (f: Awaited<ReturnType<typeof fixture>>, manifest: Record<string, unknown>) =>
    createRemoteLoader({ manifest, manifestUrl: 'https://cdn.test/manifest.json', fetch: f.fetchMock as typeof fetch, loadEntry: f.loadEntry, sharedModules: async () => ({}) })

  it("error: an entry with a malformed file list fails its own plugin, naming the field, before any of it is fetched; the others load", async () => {
    const f = await fixture()
    const good = await f.entry()
    const remote = await inline(f, {
      hello: good,
      broken: { ...good, integrity: 'md5-abc', preload: [{ file: 'broken/1.js', integrity: 'sha384-short' }] },
    })
    const manifest = await remote.manifest()
    // the open plans with every entry: the malformed one is listed, with its planning fields defaulted
    expect(Object.keys(manifest)).toEqual(['hello', 'broken'])
    expect(manifest.broken).toMatchObject({ activation: 'view', views: [], requires: [], locales: [] })

    const error = await remote.loadFactory('broken', manifest.broken!).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_LOAD_FAILED')).toBe(true)
    expect((error as Error).message).toMatch(/^Plugin "broken" could not be loaded: its manifest entry is invalid \(.*integrity.*sha384/)
    await expect(remote.checkEntry('broken', manifest.broken!)).rejects.toMatchObject({ code: 'PLUGIN_LOAD_FAILED' })
    expect(document.head.querySelector('link[href="https://cdn.test/broken/1.js"]')).toBeNull()
    remote.preloadView('broken', manifest.broken!, 'Anything') // a hint: nothing to ask for, nothing thrown
    expect(f.loadEntry).not.toHaveBeenCalled()

    expect((await remote.loadFactory('hello', manifest.hello!))()).toBe(definition)
    expect(f.fetchMock).not.toHaveBeenCalled()
  })

  it('behavior: a whole entry is checked once and loads with its defaults (preload, viewPreload) filled in', async () => {
    const f = await fixture()
    const { kind: _kind, views: _views, activation: _activation, requires: _requires, ...bare } = await f.entry()
    const remote = await inline(f, { hello: bare })
    const entry = (await remote.manifest()).hello!
    expect(entry).toMatchObject({ kind: 'feature', activation: 'view' })
    expect((await remote.loadFactory('hello', entry))()).toBe(definition)
    expect((await remote.loadFactory('hello', entry))()).toBe(definition)
    expect(f.loadEntry).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['an activation the kernel does not know', { activation: 'sometimes' }, /activation/],
    ['no entry URL', { entry: '' }, /entry/],
    ['a plugin name that is not kebab-case', 'Not_Kebab', /Not_Kebab/],
  ])('error: a manifest with %s is refused as a whole (the kernel cannot plan with it)', async (_what, change, message) => {
    const f = await fixture()
    const good = await f.entry()
    const manifest = typeof change === 'string' ? { [change]: good } : { hello: { ...good, ...change } }
    const remote = await inline(f, manifest)
    await expect(remote.manifest()).rejects.toMatchObject({ code: 'PLUGIN_MANIFEST_INVALID', message: expect.stringMatching(message) })
  })
})

describe('remote loader: an entry whose script fails', () => {
  const scriptError = () => new Error('[ Federation Runtime ]: Failed to load script resources')

  it('error: bytes that do not match the manifest hash (the browser refused the script) give PLUGIN_INTEGRITY_MISMATCH', async () => {
    const f = await fixture()
    f.fetchMock.mockImplementation(async () => new Response(new TextEncoder().encode('evil()') as BodyInit))
    f.loadEntry.mockRejectedValue(scriptError())
    const error = await f.remote.loadFactory('hello', await f.entry()).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_INTEGRITY_MISMATCH')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Plugin "hello" was refused: its code does not match the integrity hash in the manifest.')
  })

  it('error: a script that fails with the right bytes is a load error naming the cause', async () => {
    const f = await fixture()
    f.loadEntry.mockRejectedValue(scriptError())
    await expect(f.remote.loadFactory('hello', await f.entry())).rejects.toMatchObject({
      code: 'PLUGIN_LOAD_FAILED',
      shortMessage: expect.stringContaining('Failed to load script resources'),
    })
  })

  it('error: an unreachable entry is a load error naming its URL', async () => {
    const f = await fixture()
    f.fetchMock.mockImplementation(async () => new Response('nope', { status: 404 }))
    f.loadEntry.mockRejectedValue(scriptError())
    await expect(f.remote.loadFactory('hello', await f.entry())).rejects.toMatchObject({
      code: 'PLUGIN_LOAD_FAILED',
      shortMessage: expect.stringContaining('https://cdn.test/hello/remoteEntry.js is unreachable (HTTP status code: 404)'),
    })
  })
})

describe('remote loader: chunk hints', () => {
  const SRI = (c: string) => `sha384-${c.repeat(64)}`
  const links = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => ({
      href: l.href,
      as: l.getAttribute('as'),
      integrity: l.integrity,
      crossOrigin: l.crossOrigin,
    }))

  it("behavior: loading an entry asks for its ./plugin chunks beside it, once, with the manifest's hash and CORS", async () => {
    document.head.innerHTML = ''
    const f = await fixture()
    const entry = await f.entry({ preload: [{ file: 'hello/1.js', integrity: SRI('A') }, { file: 'hello/2.js', integrity: SRI('B') }], viewPreload: {} })
    await f.remote.loadFactory('hello', entry)
    await f.remote.loadFactory('hello', entry)
    expect(links()).toEqual([
      { href: 'https://cdn.test/hello/1.js', as: 'script', integrity: SRI('A'), crossOrigin: 'anonymous' },
      { href: 'https://cdn.test/hello/2.js', as: 'script', integrity: SRI('B'), crossOrigin: 'anonymous' },
    ])
  })

  it('behavior: a hinted stylesheet is preloaded as a style, with its hash and CORS (the chunk loader inserts it later)', async () => {
    document.head.innerHTML = ''
    const f = await fixture()
    const entry = await f.entry({ preload: [{ file: 'hello/3.js', integrity: SRI('A') }, { file: 'hello/plugin.css', integrity: SRI('E') }], viewPreload: {} })
    await f.remote.loadFactory('hello', entry)
    expect(links()).toEqual([
      { href: 'https://cdn.test/hello/3.js', as: 'script', integrity: SRI('A'), crossOrigin: 'anonymous' },
      { href: 'https://cdn.test/hello/plugin.css', as: 'style', integrity: SRI('E'), crossOrigin: 'anonymous' },
    ])
  })

  it("behavior: preloadView asks for that view's chunks only; an unknown view or an entry without hints asks for nothing", async () => {
    document.head.innerHTML = ''
    const f = await fixture()
    const entry = await f.entry({ preload: [], viewPreload: { Hello: [{ file: 'hello/view.js', integrity: SRI('C') }], Other: [{ file: 'hello/o.js', integrity: SRI('D') }] } })
    f.remote.preloadView('hello', entry, 'Hello')
    f.remote.preloadView('hello', entry, 'Nope')
    f.remote.preloadView('hello', await f.entry(), 'Hello')
    expect(links().map((l) => l.href)).toEqual(['https://cdn.test/hello/view.js'])
  })
})

describe('remote loader: bundles', () => {
  const SRI = (c: string) => `sha384-${c.repeat(64)}`
  const BUNDLE_BYTES = new TextEncoder().encode('/* bundle */')
  const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href)

  async function bundled(options: { members?: Record<string, string>; useBundle?: (members: readonly string[]) => boolean; failBundle?: boolean } = {}) {
    const f = await fixture()
    const bundle = {
      container: 'portico_bundle_test',
      entry: 'bundles/b1/remoteEntry.js',
      integrity: await sha384Integrity(BUNDLE_BYTES),
      members: options.members ?? { hello: '0.1.0', other: '0.2.0' },
      preload: [{ file: 'bundles/b1/bundle.js', integrity: SRI('F') }],
      viewPreload: { Hello: [{ file: 'bundles/b1/hello-view.js', integrity: SRI('G') }] },
    }
    const entry = await f.entry({ bundle, preload: [{ file: 'hello/own.js', integrity: SRI('H') }], viewPreload: { Hello: [{ file: 'hello/own-view.js', integrity: SRI('I') }] } })
    const warn = vi.fn()
    const loadEntry = vi.fn(async ({ remoteName, module }: { remoteName: string; module: string }) => {
      if (remoteName === 'portico_bundle_test' && options.failBundle) throw new Error('script error')
      return { default: () => ({ ...definition, name: module === 'plugin' ? 'hello' : module }) }
    })
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url) === 'https://cdn.test/bundles/b1/remoteEntry.js' ? new Response(new TextEncoder().encode('/* altered */') as BodyInit) : f.fetchMock(url),
    )
    const remote = createRemoteLoader({
      manifestUrl: 'https://cdn.test/manifest.json',
      fetch: fetchMock as typeof fetch,
      loadEntry,
      warn,
      sharedModules: async () => ({}),
      ...(options.useBundle ? { useBundle: options.useBundle } : {}),
    })
    return { entry, remote, loadEntry, warn }
  }

  it("behavior: a plugin whose build the bundle holds is loaded from the bundle's container, as its ./<name> module", async () => {
    document.head.innerHTML = ''
    const b = await bundled()
    const factory = await b.remote.loadFactory('hello', b.entry)
    expect(factory().name).toBe('hello')
    expect(b.loadEntry).toHaveBeenCalledTimes(1)
    expect(b.loadEntry).toHaveBeenCalledWith(expect.objectContaining({ remoteName: 'portico_bundle_test', url: 'https://cdn.test/bundles/b1/remoteEntry.js', module: 'hello', integrity: b.entry.bundle!.integrity }))
    // the bundle's set-up chunk is hinted, not the plugin's own
    expect(links()).toEqual(['https://cdn.test/bundles/b1/bundle.js'])
    b.remote.preloadView('hello', b.entry, 'Hello')
    expect(links()).toContain('https://cdn.test/bundles/b1/hello-view.js')
    expect(links()).not.toContain('https://cdn.test/hello/own-view.js')
  })

  it('behavior: another build of the plugin than the one the bundle holds loads from its own remote', async () => {
    document.head.innerHTML = ''
    const b = await bundled({ members: { hello: '0.0.9', other: '0.2.0' } })
    await b.remote.loadFactory('hello', b.entry)
    expect(b.loadEntry).toHaveBeenCalledWith(expect.objectContaining({ remoteName: 'portico_hello', module: 'plugin' }))
    expect(b.loadEntry).toHaveBeenCalledTimes(1)
  })

  it('behavior: a page that does not prefer the bundle (most members off) loads the plugin from its own remote', async () => {
    const b = await bundled({ useBundle: () => false })
    await b.remote.loadFactory('hello', b.entry)
    expect(b.loadEntry).toHaveBeenCalledWith(expect.objectContaining({ remoteName: 'portico_hello', module: 'plugin' }))
  })

  it('error: a bundle that cannot be loaded (altered, unreachable) is reported once and its members load from their own remotes', async () => {
    const b = await bundled({ failBundle: true })
    const factory = await b.remote.loadFactory('hello', b.entry)
    expect(factory().name).toBe('hello')
    expect(b.loadEntry.mock.calls.map(([p]) => p.remoteName)).toEqual(['portico_bundle_test', 'portico_hello'])
    expect(b.warn).toHaveBeenCalledTimes(1)
    expect(b.warn.mock.calls[0]![0]).toMatch(/the bundle https:\/\/cdn\.test\/bundles\/b1\/remoteEntry\.js could not be loaded \(.*integrity.*\); its plugins load from their own remotes\./)
    // the next member does not try the failed bundle again
    await b.remote.loadFactory('hello', b.entry)
    expect(b.loadEntry.mock.calls.map(([p]) => p.remoteName)).toEqual(['portico_bundle_test', 'portico_hello', 'portico_hello'])
  })

  it('behavior: members loading together run the bundle once; when it fails, they all fall back without trying it again', async () => {
    const b = await bundled({ failBundle: true, members: { hello: '0.1.0', other: '0.1.0' } })
    const other = { ...b.entry, entry: 'other/remoteEntry.js' }
    await Promise.all([b.remote.loadFactory('hello', b.entry), b.remote.loadFactory('other', other)])
    expect(b.loadEntry.mock.calls.filter(([p]) => p.remoteName === 'portico_bundle_test')).toHaveLength(1)
    expect(b.loadEntry.mock.calls.map(([p]) => p.remoteName).sort()).toEqual(['portico_bundle_test', 'portico_hello', 'portico_other'])
    expect(b.warn).toHaveBeenCalledTimes(1)
  })
})
