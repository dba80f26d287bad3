import { describe, expect, it } from 'vitest'
import { fetchManifest, groupManifest, groupOf, ManifestLoadError, withRequirements } from './manifest.js'
import { testManifest } from './testManifest.js'

const names = (m = testManifest()) => Object.fromEntries(groupManifest(m).map((g) => [g.id, g.plugins.map((p) => p.name)]))

describe('groupManifest', () => {
  it('behavior: groups by kind, features that list locales as language packs, each group sorted by name', () => {
    expect(names()).toEqual({
      chains: ['evm', 'solana'],
      connectors: ['embedded-wallet', 'injected', 'walletconnect'],
      features: ['account', 'connect', 'email'],
      languages: ['locale-es', 'locale-ja'],
    })
  })

  it('behavior: groups come in display order, and an empty group stays (the page says it is empty)', () => {
    const m = testManifest()
    const onlyFeatures = Object.fromEntries(Object.entries(m).filter(([, e]) => e.kind === 'feature' && !e.locales.length))
    const groups = groupManifest(onlyFeatures)
    expect(groups.map((g) => [g.id, g.plugins.length])).toEqual([['chains', 0], ['connectors', 0], ['features', 3], ['languages', 0]])
  })

  it('behavior: each plugin carries its version, requirements and locales', () => {
    const plugins = groupManifest(testManifest()).flatMap((g) => g.plugins)
    expect(plugins.find((p) => p.name === 'email')).toMatchObject({ group: 'features', requires: ['embedded-wallet'], version: '0.1.0' })
    expect(plugins.find((p) => p.name === 'locale-ja')).toMatchObject({ group: 'languages', locales: ['ja'], version: '0.2.0' })
  })

  it('behavior: an entry without a kind is a feature (the manifest default)', () => {
    expect(groupOf({ kind: 'feature', locales: [] })).toBe('features')
    expect(groupOf({ kind: 'connector', locales: ['es'] })).toBe('connectors')
  })
})

describe('withRequirements', () => {
  it('behavior: adds what the picked plugins require, transitively, in manifest order; unknown names are dropped', () => {
    expect(withRequirements(['email', 'connect', 'nope'], testManifest())).toEqual(['embedded-wallet', 'connect', 'email'])
  })
})

describe('fetchManifest', () => {
  const respond = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch

  it('behavior: returns the validated manifest (defaults filled in)', async () => {
    const m = await fetchManifest('http://cdn.test/manifest.json', respond({ evm: { entry: 'evm/remoteEntry.js', integrity: `sha384-${'a'.repeat(64)}`, version: '1.0.0' } }))
    expect(m.evm).toMatchObject({ kind: 'feature', requires: [], locales: [] })
  })

  it('error: an HTTP failure names the status', async () => {
    await expect(fetchManifest('http://cdn.test/manifest.json', respond({}, 503))).rejects.toThrow(
      new ManifestLoadError('The plugin manifest at http://cdn.test/manifest.json answered HTTP status code: 503.'),
    )
  })

  it('error: an unreachable CDN says so', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    await expect(fetchManifest('http://cdn.test/manifest.json', down)).rejects.toThrow('The plugin manifest at http://cdn.test/manifest.json is unreachable.')
  })

  it('error: a body that is not a manifest names the bad field', async () => {
    await expect(fetchManifest('http://cdn.test/manifest.json', respond({ evm: { entry: 'evm/remoteEntry.js', integrity: 'md5-x', version: '1' } }))).rejects.toThrow(
      /is not a valid manifest \(at evm\.integrity\): Integrity must be a sha384 subresource-integrity hash\.$/,
    )
  })
})
