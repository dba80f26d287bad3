import { createHash } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PluginManifestSchema } from '@portico/contracts/plugin'
import { satisfies } from '@portico/contracts/plugin'
import { build, kernelPackageVersion, kernelRange, readPluginDefinitions, sri } from '../../../scripts/lib/build.ts'
import { ROOT, discoverPlugins, remoteName } from '../../../scripts/lib/workspace.ts'

const FIXTURES = join(import.meta.dirname, '../../e2e/fixtures/plugins')
let dir: string
let lines: string[]
let result: Awaited<ReturnType<typeof build>>
/** The hello build's folder under <cdn>/hello/: `<version>+<content hash>`. */
let version: string
const VERSION = /^0\.1\.0\+[0-9a-f]{10}$/

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
  version = readdirSync(join(dir, 'cdn/hello'))[0]!
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm run build: plugin remotes and manifest', () => {
  it('behavior: skips a plugin without src/plugin.ts with a one-line note', () => {
    expect(lines).toContain('skip plugin later: no src/plugin.ts yet')
    expect(result.plugins.map((p) => p.name)).toEqual(['hello'])
  })

  it('behavior: builds a federated remote named portico_<name> in <cdn>/<name>/<version>+<hash>/remoteEntry.js', () => {
    expect(readdirSync(join(dir, 'cdn/hello'))).toEqual([expect.stringMatching(VERSION)])
    const entry = readFileSync(join(dir, 'cdn/hello', version, 'remoteEntry.js'), 'utf8')
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
    const bytes = readFileSync(join(dir, 'cdn/hello', version, 'remoteEntry.js'))
    expect(manifest.hello).toEqual({
      // the build's own immutable folder, named by its package version and content hash, as its version is
      entry: `hello/${version}/remoteEntry.js`,
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      version,
      // no dependency on @portico/kernel in its package.json: the workspace kernel's version
      kernel: `^${kernelPackageVersion()}`,
      // from the definition
      contracts: '^1.0.0',
      kind: 'feature',
      views: ['Hello'],
      // the definition does not say: package.json's portico.activation
      activation: 'open',
      // not a language pack
      locales: [],
      requires: [],
      // the files the entry loads for ./plugin, and those of its view, each with the hash of its bytes
      preload: [expect.objectContaining({ file: expect.stringMatching(new RegExp(`^hello/${version.replace(/[.+]/g, '\\$&')}/[\\w.]+\\.js$`)) })],
      // the view's script, then the stylesheet it imports
      viewPreload: {
        Hello: [
          expect.objectContaining({ file: expect.stringMatching(new RegExp(`^hello/${version.replace(/[.+]/g, '\\$&')}/[\\w.]+\\.js$`)) }),
          expect.objectContaining({ file: expect.stringMatching(new RegExp(`^hello/${version.replace(/[.+]/g, '\\$&')}/[\\w.]+\\.css$`)) }),
        ],
      },
    })
    const stats = JSON.parse(readFileSync(join(dir, 'stats/hello.json'), 'utf8'))
    expect(manifest.hello.preload.map((c: { file: string }) => c.file.slice('hello/'.length))).toEqual(stats.exposed)
    for (const chunk of [...manifest.hello.preload, ...manifest.hello.viewPreload.Hello])
      expect(chunk.integrity).toBe(sri(readFileSync(join(dir, 'cdn', chunk.file))))
    // the view's chunk is not one of ./plugin's: it loads when the view shows
    expect(stats.exposed).not.toContain(manifest.hello.viewPreload.Hello[0].file.slice('hello/'.length))
    expect(sri('abc')).toBe('sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn')
  })

  it('behavior: records which chunks the exposed ./plugin needs, for npm run size', () => {
    const stats = JSON.parse(readFileSync(join(dir, 'stats/hello.json'), 'utf8'))
    // paths relative to <cdn>/hello/
    expect(stats.entry).toBe(`${version}/remoteEntry.js`)
    expect(stats.exposed.length).toBeGreaterThan(0)
    for (const f of stats.all) expect(existsSync(join(dir, 'cdn/hello', f))).toBe(true)
  })

  it('behavior: a rebuild of the same sources keeps its version; a changed plugin gets a new one, and the old build is pruned', async () => {
    const manifestOf = () => JSON.parse(readFileSync(join(dir, 'cdn/manifest.json'), 'utf8')).hello
    const build2 = { tsc: false, demo: false, pluginsDir: join(dir, 'plugins'), cdnDir: join(dir, 'cdn'), log: () => {} }
    await build(build2)
    expect(manifestOf().version).toBe(version)
    expect(readdirSync(join(dir, 'cdn/hello'))).toEqual([version])
    // the plugin changes: a new folder and version; the first build stays until the manifest no longer needs it
    appendFileSync(join(dir, 'plugins/hello/src/views/Hello.tsx'), '\nexport const changed = 1\n')
    await build(build2)
    const next = manifestOf()
    expect(next.version).toMatch(VERSION)
    expect(next.version).not.toBe(version)
    expect(next.entry).toBe(`hello/${next.version}/remoteEntry.js`)
    expect(existsSync(join(dir, 'cdn/hello', next.version, 'remoteEntry.js'))).toBe(true)
    // npm run build prunes the builds its new manifest does not refer to
    expect(readdirSync(join(dir, 'cdn/hello'))).toEqual([next.version])
  }, 120_000)

  it('behavior: the repository plugins are discovered by src/plugin.ts', () => {
    const { plugins, skipped } = discoverPlugins()
    for (const p of plugins) expect(existsSync(p.entry)).toBe(true)
    for (const s of skipped) expect(s.reason).toBe('no src/plugin.ts yet')
  })

  it('behavior: the repository plugins\' definitions load in Node, named after their folders', () => {
    const { plugins } = discoverPlugins()
    const definitions = readPluginDefinitions(plugins)
    for (const p of plugins) expect(definitions.get(p.name)?.name).toBe(p.name)
    // the views a plugin registers, not a hand-written list (connect's drifted: it also registers ConnectingExternal)
    if (definitions.has('connect')) expect(definitions.get('connect')!.views).toEqual(expect.arrayContaining(['Connect', 'ConnectingExternal']))
  }, 60_000)
})

describe('npm run build: manifest metadata from the plugin definitions', () => {
  let bad: string
  beforeAll(() => {
    bad = mkdtempSync(join(ROOT, '.cache/portico-build-bad-'))
  })
  afterAll(() => rmSync(bad, { recursive: true, force: true }))

  /** A plugins folder with one plugin whose src/plugin.ts is `source`. */
  function pluginsWith(folder: string, source: string, pkg: object = {}) {
    const dir = mkdtempSync(join(bad, 'case-'))
    mkdirSync(join(dir, 'plugins', folder, 'src'), { recursive: true })
    writeFileSync(join(dir, 'plugins', folder, 'package.json'), JSON.stringify({ name: `@portico/plugin-${folder}`, version: '0.1.0', type: 'module', ...pkg }))
    writeFileSync(join(dir, 'plugins', folder, 'src/plugin.ts'), source)
    return { pluginsDir: join(dir, 'plugins'), cdnDir: join(dir, 'cdn') }
  }
  const attempt = (dirs: { pluginsDir: string; cdnDir: string }) =>
    build({ tsc: false, demo: false, ...dirs, log: () => {} }).then(
      () => 'built',
      (error: Error) => error.message,
    )

  it('behavior: views, kind, requires, contracts and activation come from the definition; kernel from the dependency', async () => {
    const dirs = pluginsWith(
      'greeter',
      `import { definePlugin } from '@portico/contracts/plugin'
export default function greeter() {
  return definePlugin({ name: 'greeter', version: '0.1.0', contracts: '^1.0.0', kind: 'connector', activation: 'open', requires: ['hello'],
    views: { Greet: { load: () => import('./views/Greet.js') }, GreetAgain: { load: () => import('./views/GreetAgain.js') } } })
}
`,
      { dependencies: { '@portico/kernel': kernelPackageVersion() }, portico: { activation: 'view', views: ['Stale'] } },
    )
    const defs = readPluginDefinitions(discoverPlugins(dirs.pluginsDir).plugins)
    expect(defs.get('greeter')).toEqual({
      name: 'greeter',
      version: '0.1.0',
      contracts: '^1.0.0',
      kind: 'connector',
      activation: 'open',
      requires: ['hello'],
      views: ['Greet', 'GreetAgain'],
      locales: [],
      // read from each view's load(), to find its chunks in the build
      viewImports: { Greet: './views/Greet.js', GreetAgain: './views/GreetAgain.js' },
    })
  }, 60_000)

  it("behavior: a language pack's locales come from its definition", async () => {
    const dirs = pluginsWith(
      'locale-de',
      `import { definePlugin } from '@portico/contracts/plugin'
export default function localeDe() {
  return definePlugin({ name: 'locale-de', version: '0.1.0', contracts: '^1.0.0', locales: ['de', 'de-AT'], messages: { de: { 'modal.close': 'Schließen' } } })
}
`,
    )
    const defs = readPluginDefinitions(discoverPlugins(dirs.pluginsDir).plugins)
    expect(defs.get('locale-de')).toMatchObject({ name: 'locale-de', locales: ['de', 'de-AT'], views: [] })
  }, 60_000)

  it('error: a definition named differently from its folder fails the build before bundling, naming both', async () => {
    const dirs = pluginsWith(
      'hello-world',
      `import { definePlugin } from '@portico/contracts/plugin'
export default () => definePlugin({ name: 'hello', version: '0.1.0', contracts: '^1.0.0' })
`,
    )
    const message = await attempt(dirs)
    expect(message).toContain('plugins/hello-world/src/plugin.ts: it defines the plugin "hello" (remote "portico_hello"), but its folder builds the remote "portico_hello_world", loaded as "hello-world"')
    expect(existsSync(join(dirs.cdnDir, 'hello-world'))).toBe(false)
  }, 60_000)

  it('error: a definition that cannot be loaded fails the build with the reason', async () => {
    const throwing = pluginsWith('boom', `throw new Error('no window here')
`)
    expect(await attempt(throwing)).toMatch(/plugins\/boom\/src\/plugin\.ts: it could not be imported in Node: Error: no window here/)
    const noFactory = pluginsWith('empty', `export const x = 1
`)
    expect(await attempt(noFactory)).toContain('plugins/empty/src/plugin.ts: it has no default-exported plugin factory')
    const factoryThrows = pluginsWith('needy', `export default (o: { id: string }) => ({ name: 'needy', version: '0.1.0', contracts: '^1.0.0', id: o.id })
`)
    expect(await attempt(factoryThrows)).toMatch(/plugins\/needy\/src\/plugin\.ts: its factory threw when called with no arguments: TypeError/)
  }, 60_000)

  it('error: a kernel dependency that does not accept the workspace kernel fails the build', async () => {
    const dirs = pluginsWith(
      'future',
      `import { definePlugin } from '@portico/contracts/plugin'
export default () => definePlugin({ name: 'future', version: '0.1.0', contracts: '^1.0.0' })
`,
      { dependencies: { '@portico/kernel': '^9.0.0' } },
    )
    expect(await attempt(dirs)).toContain(
      `package.json: its dependency on @portico/kernel ("^9.0.0") reads as the range "^9.0.0", which does not accept the kernel ${kernelPackageVersion()}`,
    )
  }, 60_000)

  it('shape: the kernel range reads the @portico/kernel dependency, else the kernel version', () => {
    const range = (pkg: object) => kernelRange(pkg, '0.1.0', satisfies)
    expect(range({ dependencies: { '@portico/kernel': '0.1.0' } })).toBe('^0.1.0')
    expect(range({ peerDependencies: { '@portico/kernel': '>=0.1.0 <0.3.0' }, dependencies: { '@portico/kernel': '0.1.0' } })).toBe('>=0.1.0 <0.3.0')
    expect(range({ dependencies: { '@portico/kernel': '~0.1.0' } })).toBe('~0.1.0')
    expect(range({ dependencies: { '@portico/kernel': 'workspace:*' } })).toBe('^0.1.0')
    expect(range({ dependencies: { '@portico/kernel': 'file:../../kernel' } })).toBe('^0.1.0')
    expect(range({ devDependencies: { '@portico/kernel': '0.1.0' } })).toBe('^0.1.0')
    expect(range({})).toBe('^0.1.0')
    expect(() => range({ dependencies: { '@portico/kernel': '0.0.9' } })).toThrow(/"\^0\.0\.9", which does not accept the kernel 0\.1\.0/)
    // every repository plugin declares a range its remote's kernel is in
    for (const p of discoverPlugins().plugins) {
      const pkg = JSON.parse(readFileSync(join(p.dir, 'package.json'), 'utf8'))
      expect(satisfies(kernelPackageVersion(), kernelRange(pkg, kernelPackageVersion(), satisfies)), p.name).toBe(true)
    }
  })
})
