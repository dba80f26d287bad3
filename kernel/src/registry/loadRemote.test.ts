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
    f.remote.preloadView(entry, 'Hello')
    f.remote.preloadView(entry, 'Nope')
    f.remote.preloadView(await f.entry(), 'Hello')
    expect(links().map((l) => l.href)).toEqual(['https://cdn.test/hello/view.js'])
  })
})
