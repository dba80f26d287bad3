import { definePlugin, isPorticoError, type PluginDefinition } from '@portico/contracts/plugin'
import { describe, expect, it, vi } from 'vitest'
import { createExtensions } from '../extensions/createExtensions.js'
import { createHooks } from '../hooks/createHooks.js'
import { createI18n } from '../i18n/createI18n.js'
import { KernelOptionsSchema } from '../options/kernelOptions.js'
import { createMemoryStorage } from '../storage/createStorage.js'
import { createPorticoStore } from '../store/index.js'
import { createRegistry } from './createRegistry.js'
import { sha384Integrity } from './integrity.js'
import { createRemoteLoader, type RemoteLoaderOptions } from './loadRemote.js'
import { canonicalManifestBytes } from './signature.js'

const OWN = 'https://cdn.own.test/plugins/manifest.json'
const THIRD = 'https://cdn.third.test/acme/v1/manifest.json'

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** Two plugin CDNs (each a manifest and entry files), served by one fetch, with a federation stand-in that checks SRI. */
function cdns() {
  const files = new Map<string, Uint8Array>()
  const manifests = new Map<string, unknown>()
  const factories = new Map<string, () => PluginDefinition>()
  async function publish(manifestUrl: string, name: string, entryPath: string, def: PluginDefinition = definePlugin({ name, version: '1.0.0', contracts: '^1.0.0' })) {
    const body = new TextEncoder().encode(`/* ${manifestUrl} ${name} */`)
    const url = new URL(entryPath, manifestUrl).href
    files.set(url, body)
    factories.set(url, () => def)
    const manifest = (manifests.get(manifestUrl) ?? {}) as Record<string, unknown>
    manifest[name] = { entry: entryPath, integrity: await sha384Integrity(body), version: def.version, activation: 'open' }
    manifests.set(manifestUrl, manifest)
  }
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = String(input)
    if (manifests.has(url)) return new Response(JSON.stringify(manifests.get(url)))
    const body = files.get(url)
    return body ? new Response(body as BodyInit) : new Response('nope', { status: 404 })
  })
  const loadEntry = vi.fn(async ({ url, integrity }: { url: string; integrity: string }) => {
    const body = files.get(url)
    if (!body || (await sha384Integrity(body)) !== integrity) throw new Error(`Failed to load script ${url}`)
    return { default: factories.get(url) }
  })
  const loader = (options: Partial<RemoteLoaderOptions>) =>
    createRemoteLoader({ fetch: fetchMock as typeof fetch, loadEntry, sharedModules: async () => ({}), ...options })
  return { publish, manifests, fetchMock, loadEntry, loader }
}

function registryWith(remote: ReturnType<typeof createRemoteLoader>) {
  const { store, listener, rootReducer } = createPorticoStore()
  const log = vi.fn()
  const registry = createRegistry({
    store,
    rootReducer,
    listener,
    hooks: createHooks(),
    i18n: createI18n(),
    storage: createMemoryStorage(),
    remote,
    features: {},
    kernelOptions: {},
    extensions: createExtensions({ getState: store.getState, log }),
    kernelApi: {
      router: { push: vi.fn(), replace: vi.fn(), reset: vi.fn(), goBack: vi.fn() },
      modal: { open: vi.fn(), close: vi.fn(), shake: vi.fn() },
      notify: { toast: vi.fn(), alert: vi.fn(), notification: vi.fn() },
      http: {} as never,
    },
    log,
    onAdaptersChanged: vi.fn(),
  })
  return { registry, store }
}

async function publisher() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
  const publicKey = toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey))
  const sign = async (manifest: unknown) => ({
    manifest,
    signature: { alg: 'ed25519', publicKey, sig: toBase64Url(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, canonicalManifestBytes(manifest))) },
  })
  return { publicKey, sign }
}

describe('plugin sources: several manifests', () => {
  it("behavior: the plugins of every source load, each entry resolved against its own manifest's URL", async () => {
    const c = cdns()
    await c.publish(OWN, 'connect', 'connect/remoteEntry.js')
    await c.publish(THIRD, 'watch-address', 'watch-address/remoteEntry.js')
    const { registry, store } = registryWith(c.loader({ manifestUrl: OWN, sources: [{ url: THIRD }] }))
    await registry.loadActivated()
    expect(store.getState().plugins.byName.connect?.status).toBe('ready')
    expect(store.getState().plugins.byName['watch-address']?.status).toBe('ready')
    expect(c.loadEntry.mock.calls.map(([p]) => p.url).sort()).toEqual([
      'https://cdn.own.test/plugins/connect/remoteEntry.js',
      'https://cdn.third.test/acme/v1/watch-address/remoteEntry.js',
    ])
  })

  it('behavior: a plugin two sources list comes from the first, with a warning naming both', async () => {
    const c = cdns()
    await c.publish(OWN, 'connect', 'connect/remoteEntry.js')
    await c.publish(THIRD, 'connect', 'evil/remoteEntry.js')
    const warn = vi.fn()
    const remote = c.loader({ sources: [{ url: OWN }, { url: THIRD }], warn })
    const manifest = await remote.manifest()
    expect(manifest.connect?.entry).toBe('connect/remoteEntry.js')
    expect(warn).toHaveBeenCalledWith(`[portico] plugin "connect" is in the plugin sources ${OWN} and ${THIRD}; the first one is kept.`)
    await remote.loadFactory('connect', manifest.connect!)
    expect(c.loadEntry).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://cdn.own.test/plugins/connect/remoteEntry.js' }))
  })

  it('error: an unreachable or invalid source is left out and reported by name; the others load', async () => {
    const c = cdns()
    await c.publish(OWN, 'connect', 'connect/remoteEntry.js')
    c.manifests.set(THIRD, { broken: { entry: 1 } })
    const onSourceError = vi.fn()
    const gone = 'https://gone.test/manifest.json'
    const { registry, store } = registryWith(c.loader({ manifestUrl: OWN, sources: [{ url: THIRD }, { url: gone }], onSourceError }))
    await registry.loadActivated()
    expect(store.getState().plugins.byName.connect?.status).toBe('ready')
    expect(onSourceError).toHaveBeenCalledTimes(2)
    const [[invalid, invalidSource], [unreachable, unreachableSource]] = onSourceError.mock.calls
    expect(invalidSource).toBe(THIRD)
    expect((invalid as Error).message).toMatch(new RegExp(`^The plugin manifest ${THIRD} could not be used: broken.entry`))
    expect(unreachableSource).toBe(gone)
    expect((unreachable as Error).message).toBe(`The plugin manifest ${gone} could not be used: it answered HTTP status code: 404.`)
  })

  it('error: when every source fails the manifest is refused with the first error, and a later call retries', async () => {
    const c = cdns()
    const onSourceError = vi.fn()
    const remote = c.loader({ sources: [{ url: OWN }, { url: THIRD }], onSourceError })
    await expect(remote.manifest()).rejects.toMatchObject({ code: 'PLUGIN_MANIFEST_INVALID', shortMessage: `The plugin manifest ${OWN} could not be used: it answered HTTP status code: 404.` })
    expect(onSourceError).not.toHaveBeenCalled()
    await c.publish(THIRD, 'watch-address', 'watch-address/remoteEntry.js')
    expect(Object.keys(await remote.manifest())).toEqual(['watch-address'])
    expect(onSourceError).toHaveBeenCalledWith(expect.objectContaining({ code: 'PLUGIN_MANIFEST_INVALID' }), OWN)
  })
})

describe('plugin sources: pinned publisher keys', () => {
  it('behavior: a pinned source signed by its key loads; an unpinned signed manifest is used as it is', async () => {
    const c = cdns()
    const acme = await publisher()
    await c.publish(THIRD, 'watch-address', 'watch-address/remoteEntry.js')
    c.manifests.set(THIRD, await acme.sign(c.manifests.get(THIRD)))
    await c.publish(OWN, 'connect', 'connect/remoteEntry.js')
    c.manifests.set(OWN, await acme.sign(c.manifests.get(OWN)))
    const { registry, store } = registryWith(c.loader({ manifestUrl: OWN, sources: [{ url: THIRD, publicKey: acme.publicKey }] }))
    await registry.loadActivated()
    expect(store.getState().plugins.byName['watch-address']?.status).toBe('ready')
    expect(store.getState().plugins.byName.connect?.status).toBe('ready')
  })

  it('error: unsigned, altered and wrongly signed pinned sources are refused with three codes; the own CDN keeps working', async () => {
    const acme = await publisher()
    const mallory = await publisher()
    const cases = {
      PLUGIN_MANIFEST_UNSIGNED: (m: unknown) => m,
      PLUGIN_MANIFEST_SIGNATURE_INVALID: async (m: unknown) => {
        const signed = await acme.sign(m)
        return { ...signed, manifest: { ...(signed.manifest as object), extra: { entry: 'x.js', integrity: `sha384-${'B'.repeat(64)}`, version: '1' } } }
      },
      PLUGIN_MANIFEST_WRONG_KEY: (m: unknown) => mallory.sign(m),
    }
    for (const [code, tamper] of Object.entries(cases)) {
      const c = cdns()
      await c.publish(OWN, 'connect', 'connect/remoteEntry.js')
      await c.publish(THIRD, 'watch-address', 'watch-address/remoteEntry.js')
      c.manifests.set(THIRD, await tamper(c.manifests.get(THIRD)))
      const onSourceError = vi.fn()
      const { registry, store } = registryWith(c.loader({ manifestUrl: OWN, sources: [{ url: THIRD, publicKey: acme.publicKey }], onSourceError }))
      await registry.loadActivated()
      expect(isPorticoError(onSourceError.mock.calls[0]?.[0], code), code).toBe(true)
      expect(onSourceError.mock.calls[0]?.[1]).toBe(THIRD)
      expect(store.getState().plugins.byName.connect?.status).toBe('ready')
      expect(store.getState().plugins.byName['watch-address']).toBeUndefined()
      // nothing of the refused source was fetched beyond its manifest
      expect(c.fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('https://cdn.third.test/'))).toEqual([THIRD])
    }
  })

  it('behavior: an inlined manifest can be pinned too (its signature is checked before use)', async () => {
    const c = cdns()
    const acme = await publisher()
    await c.publish(THIRD, 'watch-address', 'watch-address/remoteEntry.js')
    const signed = await acme.sign(c.manifests.get(THIRD))
    const remote = c.loader({ sources: [{ url: THIRD, manifest: signed, publicKey: acme.publicKey }] })
    expect(Object.keys(await remote.manifest())).toEqual(['watch-address'])
    expect(c.fetchMock).not.toHaveBeenCalled()
    const tampered = c.loader({ sources: [{ url: THIRD, manifest: { ...signed, manifest: {} }, publicKey: acme.publicKey }] })
    await expect(tampered.manifest()).rejects.toMatchObject({ code: 'PLUGIN_MANIFEST_SIGNATURE_INVALID' })
  })
})

describe('kernel options: remotes.sources', () => {
  const parse = (remotes: unknown) => KernelOptionsSchema.safeParse({ remotes })

  it('behavior: sources with a URL or a manifest and an optional pinned key are accepted, alone or after manifestUrl', () => {
    const key = 'A'.repeat(43)
    expect(parse({ sources: [{ url: THIRD, publicKey: key }] }).success).toBe(true)
    expect(parse({ manifestUrl: OWN, publicKey: key, sources: [{ manifest: {} }] }).success).toBe(true)
  })

  it('error: a source without url and manifest, a key that is not one, a non-http URL are refused with clear messages', () => {
    const message = (r: ReturnType<typeof parse>) => (r.success ? undefined : r.error.issues[0]?.message)
    expect(message(parse({ sources: [{}] }))).toBe('Give each plugin source a url or a manifest.')
    expect(message(parse({ sources: [{ url: THIRD, publicKey: 'nope' }] }))).toBe('Expected an ed25519 public key: 32 bytes, base64url.')
    expect(message(parse({ sources: [{ url: 'ftp://x/manifest.json' }] }))).toBe('Expected an http(s) URL.')
    expect(message(parse({ sources: [] }))).toBe('Give remotes.manifestUrl, remotes.manifest or remotes.sources.')
  })
})
