import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PluginManifestSchema } from '@portico/contracts/plugin'
import { build, sri } from '../../../scripts/lib/build.ts'
import { ROOT, discoverPlugins, remoteName } from '../../../scripts/lib/workspace.ts'

const FIXTURES = join(import.meta.dirname, '../../e2e/fixtures/plugins')
let dir: string
let lines: string[]
let result: Awaited<ReturnType<typeof build>>

beforeAll(async () => {
  // inside the repository (.cache/ is ignored), so the fixture resolves @portico/contracts from its node_modules
  const cache = join(ROOT, '.cache')
  mkdirSync(cache, { recursive: true })
  dir = mkdtempSync(join(cache, 'portico-build-'))
  // the fixture plugin, plus one that is only a package.json so far
  cpSync(FIXTURES, join(dir, 'plugins'), { recursive: true })
  mkdirSync(join(dir, 'plugins/later'))
  writeFileSync(join(dir, 'plugins/later/package.json'), JSON.stringify({ name: '@portico/plugin-later', version: '0.0.1' }))
  lines = []
  result = await build({ tsc: false, demo: false, pluginsDir: join(dir, 'plugins'), cdnDir: join(dir, 'cdn'), log: (l) => lines.push(l) })
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm run build: plugin remotes and manifest', () => {
  it('behavior: skips a plugin without src/plugin.ts with a one-line note', () => {
    expect(lines).toContain('skip plugin later: no src/plugin.ts yet')
    expect(result.plugins.map((p) => p.name)).toEqual(['hello'])
  })

  it('behavior: builds a federated remote named portico_<name> in <cdn>/<name>/remoteEntry.js', () => {
    const entry = readFileSync(join(dir, 'cdn/hello/remoteEntry.js'), 'utf8')
    expect(remoteName('wallet-connect')).toBe('portico_wallet_connect')
    expect(entry).toContain('portico_hello')
    // production output: no eval, so a page without `unsafe-eval` can run it
    expect(entry).not.toMatch(/\beval\(|new Function\(/)
    // chunks the remote loads itself carry subresource-integrity hashes
    expect(entry).toMatch(/sha384-[A-Za-z0-9+/]{64}/)
  })

  it('behavior: writes a manifest valid against PluginManifestSchema with the sha384 of each entry', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'cdn/manifest.json'), 'utf8'))
    expect(PluginManifestSchema.parse(manifest)).toEqual(manifest)
    const bytes = readFileSync(join(dir, 'cdn/hello/remoteEntry.js'))
    expect(manifest.hello).toEqual({
      entry: 'hello/remoteEntry.js',
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      version: '0.1.0',
      kind: 'feature',
      views: ['Hello'],
      activation: 'open',
      requires: [],
    })
    expect(sri('abc')).toBe('sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn')
  })

  it('behavior: records which chunks the exposed ./plugin needs, for npm run size', () => {
    const stats = JSON.parse(readFileSync(join(dir, 'stats/hello.json'), 'utf8'))
    expect(stats.entry).toBe('remoteEntry.js')
    expect(stats.exposed.length).toBeGreaterThan(0)
    for (const f of stats.all) expect(existsSync(join(dir, 'cdn/hello', f))).toBe(true)
  })

  it('behavior: the repository plugins are discovered by src/plugin.ts', () => {
    const { plugins, skipped } = discoverPlugins()
    for (const p of plugins) expect(existsSync(p.entry)).toBe(true)
    for (const s of skipped) expect(s.reason).toBe('no src/plugin.ts yet')
  })
})
