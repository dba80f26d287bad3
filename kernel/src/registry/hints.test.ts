import { beforeEach, describe, expect, it } from 'vitest'
import { hintFirstOpen, hintScripts, preferBundle } from './hints.js'

const SRI = (c: string) => `sha384-${c.repeat(64)}`
const hrefs = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((l) => l.href)

const manifest = {
  connect: {
    entry: 'connect/remoteEntry.js',
    integrity: SRI('A'),
    activation: 'open',
    preload: [{ file: 'connect/1.js', integrity: SRI('B') }],
    viewPreload: { Connect: [{ file: 'connect/view.js', integrity: SRI('C') }], Other: [{ file: 'connect/other.js', integrity: SRI('D') }] },
  },
  account: { entry: 'account/remoteEntry.js', integrity: SRI('E'), activation: 'view', viewPreload: { Account: [{ file: 'account/a.js', integrity: SRI('F') }] } },
  wallets: { entry: 'wallets/remoteEntry.js', integrity: SRI('G'), activation: 'open' },
  broken: { entry: 42, integrity: 'nope', activation: 'open', preload: [{ file: 'x.js' }, null] },
}

describe('hints', () => {
  beforeEach(() => {
    document.head.innerHTML = ''
  })

  it("behavior: the open plugins' entries and ./plugin chunks and the first view's chunks, with their hashes and CORS", () => {
    hintFirstOpen(manifest, 'https://cdn.test/manifest.json', (n) => n !== 'wallets', 'Connect')
    expect(hrefs()).toEqual(['https://cdn.test/connect/remoteEntry.js', 'https://cdn.test/connect/1.js', 'https://cdn.test/connect/view.js'])
    const link = document.head.querySelector<HTMLLinkElement>('link[href$="connect/1.js"]')!
    expect([link.integrity, link.crossOrigin]).toEqual([SRI('B'), 'anonymous'])
  })

  // (URLs hinted by an earlier test stay hinted: the set is per page, like the browser's preload cache)
  it('behavior: a view of a plugin that is not an open one is hinted too; each URL once per page', () => {
    hintFirstOpen(manifest, 'https://cdn.test/manifest.json', () => true, 'Account')
    hintScripts([{ file: 'account/a.js', integrity: SRI('F') }], 'https://cdn.test/manifest.json')
    expect(hrefs().filter((h) => h.endsWith('account/a.js'))).toHaveLength(1)
    expect(hrefs()).toContain('https://cdn.test/wallets/remoteEntry.js')
  })

  it('error: a manifest that is not an object, or malformed entries, hint nothing of themselves and throw nothing', () => {
    for (const bad of [undefined, null, 'manifest', 42, [], { a: null }, { a: { entry: 1 } }]) expect(() => hintFirstOpen(bad, undefined, () => true, 'Connect')).not.toThrow()
    hintFirstOpen({ broken: manifest.broken }, 'https://cdn.test/m.json', () => true, 'Connect')
    expect(hrefs()).toEqual([])
  })

  it('behavior: plugins whose build a bundle holds are hinted as the bundle (its entry and set-up once), their view from it', () => {
    const bundle = (members: Record<string, string>) => ({
      container: 'portico_bundle_x',
      entry: 'bundles/b/remoteEntry.js',
      integrity: SRI('J'),
      members,
      preload: [{ file: 'bundles/b/bundle.js', integrity: SRI('K') }],
      viewPreload: { Home: [{ file: 'bundles/b/home.js', integrity: SRI('L') }] },
    })
    const members = { one: '1.0.0', two: '2.0.0' }
    const m = {
      one: { entry: 'one/remoteEntry.js', integrity: SRI('M'), version: '1.0.0', activation: 'open', preload: [{ file: 'one/p.js', integrity: SRI('N') }], viewPreload: { Home: [{ file: 'one/home.js', integrity: SRI('O') }] }, bundle: { ...bundle(members), viewPreload: { Home: [{ file: 'bundles/b/home.js', integrity: SRI('L') }] } } },
      two: { entry: 'two/remoteEntry.js', integrity: SRI('P'), version: '2.0.0', activation: 'open', bundle: { ...bundle(members), viewPreload: {} } },
      // published again on its own: not the build the bundle holds
      three: { entry: 'three/remoteEntry.js', integrity: SRI('Q'), version: '3.0.1', activation: 'open', bundle: { ...bundle({ ...members, three: '3.0.0' }), viewPreload: {} } },
    }
    hintFirstOpen(m, 'https://cdn.test/manifest.json', () => true, 'Home')
    expect(hrefs().filter((h) => !h.includes('connect/') && !h.includes('account/') && !h.includes('wallets/'))).toEqual([
      'https://cdn.test/bundles/b/remoteEntry.js',
      'https://cdn.test/bundles/b/bundle.js',
      'https://cdn.test/bundles/b/home.js',
      'https://cdn.test/three/remoteEntry.js',
    ])
  })

  it('behavior: a bundle is preferred while at least half of its members are switched on', () => {
    expect(preferBundle(['a', 'b', 'c', 'd'], (n) => n === 'a' || n === 'b')).toBe(true)
    expect(preferBundle(['a', 'b', 'c', 'd'], (n) => n === 'a')).toBe(false)
    expect(preferBundle([], () => true)).toBe(false)
  })
})
