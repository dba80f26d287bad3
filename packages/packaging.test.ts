// @vitest-environment node
/*
 * The publishable packages as npm packs them: each tarball's file list, and every `exports` and `bin` target in
 * it, so a consumer outside the repository gets what the package.json promises.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTRACTS_VERSION } from '../contracts/src/plugin/version.js'
import { KERNEL_VERSION } from '../kernel/src/version.js'

const ROOT = resolve(import.meta.dirname, '..')
const PACKAGES = ['contracts', 'kernel', 'packages/conformance', 'packages/plugin-build'] as const

type Pack = { name: string; version: string; filename: string; files: { path: string }[] }
type Manifest = {
  name: string
  version: string
  private?: boolean
  exports: Record<string, unknown>
  bin?: Record<string, string>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  scripts?: Record<string, string>
}

const packs = new Map<string, { pack: Pack; pkg: Manifest; files: Set<string> }>()

beforeAll(() => {
  // what `prepack` does: the compiled dist of each package (and of what it references)
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', ...PACKAGES], { cwd: ROOT })
  for (const dir of PACKAGES) {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: join(ROOT, dir), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    const pack = (JSON.parse(out) as Pack[])[0]!
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest
    packs.set(dir, { pack, pkg, files: new Set(pack.files.map((f) => f.path)) })
  }
}, 180_000)

/** Every file an `exports` value points at, with its condition path (`./plugin > types`). */
function targets(value: unknown, at: string): { at: string; file: string }[] {
  if (typeof value === 'string') return [{ at, file: value.replace(/^\.\//, '') }]
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => targets(v, `${at} > ${k}`))
  return []
}

describe.each(PACKAGES)('npm pack %s', (dir) => {
  it('shape: a public package with a version, README, CHANGELOG, and no tests or build caches', () => {
    const { pack, pkg, files } = packs.get(dir)!
    expect(pkg.private).toBeUndefined()
    expect(pkg.name).toMatch(/^@portico\/[a-z-]+$/)
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(pack.filename).toBe(`${pkg.name.slice(1).replace('/', '-')}-${pkg.version}.tgz`)
    for (const f of ['package.json', 'README.md', 'CHANGELOG.md']) expect(files.has(f), f).toBe(true)
    expect([...files].filter((f) => /\.test\.|tsbuildinfo|(^|\/)node_modules\//.test(f))).toEqual([])
    expect(pkg.scripts?.prepack).toBe('tsc -b')
  })

  it('shape: every exports target (each condition) and bin is in the tarball; compiled entries have their types', () => {
    const { pkg, files } = packs.get(dir)!
    const all = Object.entries(pkg.exports).flatMap(([subpath, value]) => targets(value, subpath))
    expect(all.length).toBeGreaterThan(0)
    for (const t of all) expect(files.has(t.file), `${pkg.name} exports ${t.at}: ${t.file}`).toBe(true)
    for (const [subpath, value] of Object.entries(pkg.exports)) {
      if (typeof value !== 'object' || value === null) continue
      const v = value as Record<string, string>
      if (v.default?.endsWith('.js')) expect(v.types, `${pkg.name} exports ${subpath} has types`).toMatch(/\.d\.ts$/)
    }
    for (const [name, file] of Object.entries(pkg.bin ?? {})) expect(files.has(file.replace(/^\.\//, '')), `bin ${name}`).toBe(true)
  })

  it('shape: every compiled file in the tarball comes from a source it ships (no stale output of a deleted module)', () => {
    const { files } = packs.get(dir)!
    const stale = [...files]
      .filter((f) => f.startsWith('dist/') && f.endsWith('.js'))
      .filter((f) => !['.ts', '.tsx'].some((ext) => files.has(`src/${f.slice('dist/'.length, -'.js'.length)}${ext}`)))
    // when this fails: delete the package's dist/ and build it again (tsc -b leaves outputs of deleted sources)
    expect(stale).toEqual([])
  })

  it('shape: exact dependency versions, ranges only for peers, no workspace or file references', () => {
    const { pkg } = packs.get(dir)!
    for (const [name, version] of Object.entries(pkg.dependencies ?? {})) expect(version, name).toMatch(/^\d+\.\d+\.\d+$/)
    for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) expect(range, name).not.toMatch(/^(workspace|file|link):/)
  })
})

describe('npm pack: what each package needs from its consumer', () => {
  it('shape: the conformance kits peer on vitest, contracts and kernel; plugin-build bundles with rspack and peers on contracts', () => {
    expect(Object.keys(packs.get('packages/conformance')!.pkg.peerDependencies ?? {}).sort()).toEqual(['@portico/contracts', '@portico/kernel', 'vitest'])
    const build = packs.get('packages/plugin-build')!
    expect(build.pkg.bin).toEqual({ 'portico-plugin': './bin/portico-plugin.js' })
    expect(Object.keys(build.pkg.dependencies ?? {})).toEqual(expect.arrayContaining(['@rspack/core', '@module-federation/enhanced', 'tsx']))
    expect(build.pkg.peerDependencies?.['@portico/contracts']).toBe('^1.0.0')
    // the command runs the compiled CLI
    expect(readFileSync(join(ROOT, 'packages/plugin-build/bin/portico-plugin.js'), 'utf8')).toContain("from '../dist/cli.js'")
    expect(build.files.has('dist/cli.js')).toBe(true)
    expect(build.files.has('plugin-tsconfig.json')).toBe(true)
    // the versions plugins declare ranges against are the published ones
    expect(packs.get('contracts')!.pkg.version).toBe(CONTRACTS_VERSION)
    expect(packs.get('kernel')!.pkg.version).toBe(KERNEL_VERSION)
    // the kernel peers on React, which a remote shares with its host
    expect(packs.get('kernel')!.pkg.peerDependencies).toMatchObject({ react: '^19.0.0', 'react-dom': '^19.0.0' })
  })
})
