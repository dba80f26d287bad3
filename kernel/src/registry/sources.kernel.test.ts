import { definePlugin } from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../kernel/createKernel.js'
import type { Kernel } from '../kernel/types.js'
import { createMemoryStorage } from '../storage/createStorage.js'

// the federation runtime, replaced by one that "runs" an entry by handing back a plugin named after its remote
/** Plugins whose remote "downloads" until the test lets it through (see `slowRemote`). */
const held = vi.hoisted(() => new Map<string, Promise<void>>())
vi.mock('./federation.js', () => ({
  injectExternalRuntimeCore: () => ({ name: 'core' }),
  createInstance: () => ({
    registerRemotes: () => {},
    loadRemote: async (id: string) => {
      const name = id.replace(/^portico_/, '').replace(/\/plugin$/, '').replace(/_/g, '-')
      await held.get(name)
      return { default: () => definePlugin({ name, version: '1.0.0', contracts: '^1.0.0', views: name === 'connect' ? { Connect: { load: async () => ({ default: () => null }) } } : {} }) }
    },
  }),
}))

const SRI = `sha384-${'A'.repeat(64)}`
const entry = (name: string) => ({ entry: `${name}/remoteEntry.js`, integrity: SRI, version: '1.0.0', views: name === 'connect' ? ['Connect'] : [], activation: 'open' })
const OWN = 'https://cdn.own.test/manifest.json'
const THIRD = 'https://plugins.acme.test/manifest.json'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  held.clear()
  vi.unstubAllGlobals()
})

/** Holds the remote of plugin `name` until the returned function is called. */
function slowRemote(name: string): () => void {
  let release!: () => void
  held.set(name, new Promise<void>((resolve) => (release = resolve)))
  return release
}

function kernelWith(locale = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request) => {
      if (String(url) === OWN) return new Response(JSON.stringify({ connect: entry('connect') }))
      // the third party's manifest, unsigned, while the host pins its key
      if (String(url) === THIRD) return new Response(JSON.stringify({ 'watch-address': entry('watch-address') }))
      return new Response('nope', { status: 404 })
    }),
  )
  const kernel = createKernel({
    projectId: 'p',
    storage: createMemoryStorage(),
    locale,
    messages: { es: { 'plugin.sourceRefused': 'Se rechazaron los plugins de {source}.' } },
    remotes: { manifestUrl: OWN, sources: [{ url: THIRD, publicKey: 'A'.repeat(43) }] },
  })
  kernels.push(kernel)
  return kernel
}

describe('kernel: a refused plugin source', () => {
  it("behavior: the modal opens with the other sources' plugins and a toast names the refused source's host", async () => {
    const kernel = kernelWith()
    await kernel.open()
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(kernel.getState().plugins.byName.connect?.status).toBe('ready')
    expect(kernel.getState().plugins.byName['watch-address']).toBeUndefined()
    expect(kernel.getState().notifications.toast).toMatchObject({ open: true, variant: 'error', message: 'Plugins from plugins.acme.test were refused.' })
  })

  it("behavior: the toast speaks the modal's language", async () => {
    const kernel = kernelWith('es')
    await kernel.open()
    expect(kernel.getState().notifications.toast.message).toBe('Se rechazaron los plugins de plugins.acme.test.')
  })
})

describe('kernel: a manifest behind a URL on the first open', () => {
  it('behavior: it is fetched once, at the open, and its first-open files are hinted as soon as it arrives', async () => {
    const url = 'https://cdn.early.test/manifest.json'
    const fetchMock = vi.fn(async (u: string | URL | Request) =>
      String(u) === url ? new Response(JSON.stringify({ connect: entry('connect') })) : new Response('nope', { status: 404 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const kernel = createKernel({ projectId: 'p', storage: createMemoryStorage(), remotes: { manifestUrl: url } })
    kernels.push(kernel)
    const opened = kernel.open()
    // asked for at the open itself, before the loader's chunk has run
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual([url])
    await opened
    expect(kernel.router.current()?.view).toBe('Connect')
    // the loader took that response instead of asking again
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === url)).toHaveLength(1)
    const hinted = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href)
    expect(hinted).toContain('https://cdn.early.test/connect/remoteEntry.js')
  })

  it("behavior: a pinned source's manifest is fetched at the open too, but none of its files before its signature is verified", async () => {
    const url = 'https://cdn.pinned-early.test/manifest.json'
    const fetchMock = vi.fn(async (u: string | URL | Request) =>
      String(u) === url ? new Response(JSON.stringify({ connect: entry('connect') })) : new Response('nope', { status: 404 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const kernel = createKernel({ projectId: 'p', storage: createMemoryStorage(), remotes: { sources: [{ url, publicKey: 'A'.repeat(43) }] } })
    kernels.push(kernel)
    const opened = kernel.open()
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual([url])
    await opened
    // not signed: refused (asked for again by the next step of the open, as a failed manifest always is), and
    // nothing else of it was asked for
    expect(fetchMock.mock.calls.every(([u]) => String(u) === url)).toBe(true)
    expect([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((l) => l.href.includes('pinned-early.test'))).toBe(false)
  })
})

describe("kernel: another publisher's plugins on the first open", () => {
  it("behavior: the first view waits for the first source's open plugins, not for a later source's, which joins when set up", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) => {
        if (String(url) === OWN) return new Response(JSON.stringify({ connect: entry('connect'), injected: entry('injected') }))
        if (String(url) === THIRD) return new Response(JSON.stringify({ 'watch-address': entry('watch-address') }))
        return new Response('nope', { status: 404 })
      }),
    )
    const kernel = createKernel({ projectId: 'p', storage: createMemoryStorage(), remotes: { manifestUrl: OWN, sources: [{ url: THIRD }] } })
    kernels.push(kernel)
    const releaseThird = slowRemote('watch-address')
    const releaseOwn = slowRemote('injected')
    let opened = false
    const open = kernel.open().then(() => (opened = true))
    await vi.waitFor(() => expect(kernel.getState().plugins.byName['watch-address']?.status).toBe('loading'))
    // the first source's plugins are still loading: the open waits for them
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(opened).toBe(false)
    releaseOwn()
    await vi.waitFor(() => expect(opened).toBe(true))
    await open
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(kernel.getState().plugins.byName.injected?.status).toBe('ready')
    expect(kernel.getState().plugins.byName['watch-address']?.status).toBe('loading')
    releaseThird()
    await vi.waitFor(() => expect(kernel.getState().plugins.byName['watch-address']?.status).toBe('ready'))
  })
})
