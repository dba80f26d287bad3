import { describe, expect, it, vi } from 'vitest'
import { CONTRACTS_VERSION, isPorticoError, type PluginManifestEntry } from '@portico/contracts/plugin'
import { sha384Integrity } from './integrity.js'
import { createLazyRemoteLoader } from './lazyRemoteLoader.js'
import { createRemoteLoader } from './loadRemote.js'

const BYTES = new TextEncoder().encode('/* remote hello */')

async function fixture() {
  const entry = async (extra: Partial<PluginManifestEntry> = {}): Promise<PluginManifestEntry> => ({
    entry: 'hello/0.1.0+0a1b2c3d4e/remoteEntry.js',
    integrity: await sha384Integrity(BYTES),
    version: '0.1.0+0a1b2c3d4e',
    kind: 'feature',
    views: [],
    activation: 'view',
    requires: [],
    locales: [],
    preload: [],
    viewPreload: {},
    ...extra,
  })
  const fetchMock = vi.fn(async () => new Response(BYTES as BodyInit))
  const loadEntry = vi.fn(async () => ({ default: () => ({ name: 'hello', version: '0.1.0', contracts: `^${CONTRACTS_VERSION}` }) }))
  const options = { manifestUrl: 'https://cdn.test/manifest.json', fetch: fetchMock as typeof fetch, loadEntry }
  return { entry, fetchMock, loadEntry, remote: createRemoteLoader({ ...options, sharedModules: async () => ({}) }), lazy: createLazyRemoteLoader(options) }
}

describe('remote loader: the contracts range of a manifest entry', () => {
  it('error: a remote built against contracts ^9.0.0 is refused before any of it is fetched, naming both versions', async () => {
    const f = await fixture()
    const error = await f.remote.loadFactory('hello', await f.entry({ contracts: '^9.0.0' })).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_CONTRACTS_MISMATCH')).toBe(true)
    expect((error as Error).message).toContain(`Plugin "hello" was built for contracts ^9.0.0, but this kernel provides contracts ${CONTRACTS_VERSION}.`)
    expect(f.fetchMock).not.toHaveBeenCalled()
    expect(f.loadEntry).not.toHaveBeenCalled()
  })

  it('error: checkEntry and the lazy loader refuse it the same way', async () => {
    const f = await fixture()
    await expect(f.remote.checkEntry('hello', await f.entry({ contracts: '<1.0.0' }))).rejects.toMatchObject({ code: 'PLUGIN_CONTRACTS_MISMATCH' })
    await expect(f.lazy.loadFactory('hello', await f.entry({ contracts: '^9.0.0' }))).rejects.toMatchObject({
      code: 'PLUGIN_CONTRACTS_MISMATCH',
      shortMessage: `Plugin "hello" was built for contracts ^9.0.0, but this kernel provides contracts ${CONTRACTS_VERSION}.`,
    })
    expect(f.fetchMock).not.toHaveBeenCalled()
  })

  it(`behavior: a remote built against contracts ^${CONTRACTS_VERSION}, or naming no range, is loaded`, async () => {
    const f = await fixture()
    expect(typeof (await f.remote.loadFactory('hello', await f.entry({ contracts: `^${CONTRACTS_VERSION}` })))).toBe('function')
    expect(typeof (await f.remote.loadFactory('hello', await f.entry()))).toBe('function')
    expect(f.loadEntry).toHaveBeenCalledTimes(2)
  })
})
