// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { prune } from './prune.js'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A CDN folder with these files (each written with its path as content). */
function cdn(files: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'portico-prune-'))
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    writeFileSync(join(dir, f), f)
  }
  return dir
}
const manifest = (file: string, entries: Record<string, string>, signed = false) => {
  const m = Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { entry, integrity: 'sha384-x', version: '0.1.0' }]))
  writeFileSync(join(dir, file), JSON.stringify(signed ? { manifest: m, signature: { alg: 'ed25519', publicKey: 'k', sig: 's' } } : m))
}
const BUILDS = [
  'connect/0.1.0+aaaaaaaaaa/remoteEntry.js',
  'connect/0.1.0+aaaaaaaaaa/1.js',
  'connect/0.1.1+bbbbbbbbbb/remoteEntry.js',
  'connect/0.1.1+bbbbbbbbbb/1.js',
  'connect/0.1.1+bbbbbbbbbb/2.css',
  'account/0.1.0+cccccccccc/remoteEntry.js',
]

describe('portico-plugin prune', () => {
  it('behavior: deletes the build folders no manifest refers to, keeps the referred ones whole', () => {
    cdn(BUILDS)
    manifest('manifest.json', { connect: 'connect/0.1.1+bbbbbbbbbb/remoteEntry.js', account: 'account/0.1.0+cccccccccc/remoteEntry.js' })
    const result = prune(dir)
    expect(result.kept).toEqual(['account/0.1.0+cccccccccc', 'connect/0.1.1+bbbbbbbbbb'])
    expect(result.removed).toEqual(['connect/0.1.0+aaaaaaaaaa/1.js', 'connect/0.1.0+aaaaaaaaaa/remoteEntry.js'])
    expect(readdirSync(join(dir, 'connect'))).toEqual(['0.1.1+bbbbbbbbbb'])
    expect(readdirSync(join(dir, 'connect/0.1.1+bbbbbbbbbb')).sort()).toEqual(['1.js', '2.css', 'remoteEntry.js'])
    // the manifest itself is never touched
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true)
  })

  it('behavior: --keep manifests (a previous release) keep their builds too; a plugin no manifest lists loses its folder', () => {
    cdn(BUILDS)
    manifest('manifest.json', { connect: 'connect/0.1.1+bbbbbbbbbb/remoteEntry.js' })
    manifest('previous.json', { connect: 'connect/0.1.0+aaaaaaaaaa/remoteEntry.js' })
    const result = prune(dir, { manifests: [join(dir, 'manifest.json'), join(dir, 'previous.json')] })
    expect(result.kept).toEqual(['connect/0.1.0+aaaaaaaaaa', 'connect/0.1.1+bbbbbbbbbb'])
    expect(result.removed).toEqual(['account/0.1.0+cccccccccc/remoteEntry.js'])
    expect(existsSync(join(dir, 'account'))).toBe(false)
  })

  it('behavior: reads signed manifests and absolute entries under the public URL; a dry run deletes nothing', () => {
    cdn(BUILDS)
    manifest('manifest.json', { connect: 'https://plugins.test/cdn/connect/0.1.1+bbbbbbbbbb/remoteEntry.js', account: 'https://elsewhere.test/account/x/remoteEntry.js' }, true)
    const dry = prune(dir, { publicUrl: 'https://plugins.test/cdn', dryRun: true })
    expect(dry.kept).toEqual(['connect/0.1.1+bbbbbbbbbb'])
    expect(dry.removed).toEqual(['account/0.1.0+cccccccccc/remoteEntry.js', 'connect/0.1.0+aaaaaaaaaa/1.js', 'connect/0.1.0+aaaaaaaaaa/remoteEntry.js'])
    for (const f of BUILDS) expect(existsSync(join(dir, f)), f).toBe(true)
  })

  it('behavior: only the named plugins, and never files outside build folders or in dot folders', () => {
    cdn([...BUILDS, 'README.md', 'keys/publisher.pub', '.staging/x/remoteEntry.js', 'connect/notes.txt'])
    manifest('manifest.json', { connect: 'connect/0.1.1+bbbbbbbbbb/remoteEntry.js' })
    const result = prune(dir, { plugins: ['connect'] })
    expect(result.removed).toEqual(['connect/0.1.0+aaaaaaaaaa/1.js', 'connect/0.1.0+aaaaaaaaaa/remoteEntry.js'])
    for (const f of ['README.md', 'keys/publisher.pub', '.staging/x/remoteEntry.js', 'connect/notes.txt', 'account/0.1.0+cccccccccc/remoteEntry.js'])
      expect(existsSync(join(dir, f)), f).toBe(true)
  })

  it('error: a manifest to keep that does not exist or is not a manifest deletes nothing', () => {
    cdn(BUILDS)
    expect(() => prune(dir)).toThrow(/manifest\.json does not exist: without it, prune cannot tell which builds are still needed/)
    writeFileSync(join(dir, 'manifest.json'), '[1, 2]')
    expect(() => prune(dir)).toThrow(/is not a plugin manifest/)
    writeFileSync(join(dir, 'manifest.json'), '{ not json')
    expect(() => prune(dir)).toThrow(/is not JSON/)
    for (const f of BUILDS) expect(existsSync(join(dir, f)), f).toBe(true)
  })
})
