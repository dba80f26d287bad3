// @vitest-environment node
/*
 * An author's plugin package built the way they build it: the `portico-plugin` command in plain Node (the compiled
 * package, no tsx in front), resolving @portico/contracts and @portico/kernel from where the plugin is.
 */
import { execFile, execFileSync } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PluginManifestSchema } from '@portico/contracts/plugin'
import { sri } from './metadata.js'

const ROOT = resolve(import.meta.dirname, '../../..')
const BIN = join(ROOT, 'packages/plugin-build/bin/portico-plugin.js')
const VERSION = /^0\.2\.0\+[0-9a-f]{10}$/
let work: string

/** Runs the command in plain Node; its exit code and output. */
function portico(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { cwd: work, timeout: 120_000 }, (error, out, err) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err }),
    )
  })
}

/** A plugin package outside plugins/: a connector with one view that uses React. */
function writePlugin(dir: string, { contracts = '^1.0.0' } = {}) {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({
      name: 'acme-watch',
      version: '0.2.0',
      type: 'module',
      peerDependencies: { '@portico/contracts': '^1.0.0', '@portico/kernel': '^0.1.0', react: '^19.0.0' },
    }),
    'src/plugin.ts': `import { definePlugin } from '@portico/contracts/plugin'
export default function watch() {
  return definePlugin({ name: 'acme-watch', version: '0.2.0', contracts: '${contracts}', kind: 'connector', activation: 'open',
    views: { 'acme-watch/Watch': { load: () => import('./views/Watch.js') } } })
}
`,
    'src/views/Watch.tsx': `import { useState } from 'react'
import './watch.css'
export default function Watch() {
  const [address] = useState('0x0000000000000000000000000000000000000001')
  return <p className="acme-watch">{address}</p>
}
`,
    'src/views/watch.css': '.acme-watch { font-weight: 600 }\n',
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
}

/** A second small plugin package: its own name and activation, a view, zod like most plugins. */
function writeOther(dir: string, name: string, activation: 'open' | 'view') {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name, version: '0.3.0', type: 'module', peerDependencies: { '@portico/contracts': '^1.0.0', '@portico/kernel': '^0.1.0' } }),
    'src/plugin.ts': `import { definePlugin } from '@portico/contracts/plugin'
import * as z from 'zod/mini'
const Options = z.object({ label: z.optional(z.string()) })
export default function plugin(options = {}) {
  Options.parse(options)
  return definePlugin({ name: '${name}', version: '0.3.0', contracts: '^1.0.0', activation: '${activation}',
    views: { '${name}/Home': { load: () => import('./views/Home.js') } } })
}
`,
    'src/views/Home.tsx': `export default function Home() { return <p>${name}</p> }
`,
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
}

beforeAll(() => {
  // the compiled command, as the packed package ships it
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/plugin-build'], { cwd: ROOT })
  // inside the repository (.cache/ is ignored), so the plugin finds @portico/contracts and the kernel in node_modules
  mkdirSync(join(ROOT, '.cache'), { recursive: true })
  work = mkdtempSync(join(ROOT, '.cache/plugin-build-'))
  writePlugin(join(work, 'watch'))
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

const readManifest = () => JSON.parse(readFileSync(join(work, 'cdn/manifest.json'), 'utf8'))

describe('portico-plugin build: an author\'s plugin package', () => {
  let first: { version: string; entry: string }

  it('behavior: builds a federated remote in its own versioned folder and writes its manifest entry from the definition', async () => {
    // another publisher's entry already in the manifest stays
    mkdirSync(join(work, 'cdn'), { recursive: true })
    const other = { entry: 'other/1.0.0+0000000000/remoteEntry.js', integrity: sri('other'), version: '1.0.0+0000000000' }
    writeFileSync(join(work, 'cdn/manifest.json'), JSON.stringify({ other }))

    const run = await portico('build', 'watch', '--out', 'cdn', '--public-url', 'https://plugins.test/acme')
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    const manifest = readManifest()
    expect(PluginManifestSchema.parse(manifest)).toEqual(manifest)
    expect(manifest.other).toMatchObject(other)
    const entry = manifest['acme-watch']
    expect(entry.version).toMatch(VERSION)
    expect(readdirSync(join(work, 'cdn/acme-watch'))).toEqual([entry.version])
    const folder = join(work, 'cdn/acme-watch', entry.version)
    expect(entry).toEqual({
      entry: `https://plugins.test/acme/acme-watch/${entry.version}/remoteEntry.js`,
      integrity: sri(readFileSync(join(folder, 'remoteEntry.js'))),
      version: entry.version,
      kernel: '^0.1.0',
      contracts: '^1.0.0',
      kind: 'connector',
      views: ['acme-watch/Watch'],
      activation: 'open',
      requires: [],
      locales: [],
      preload: [expect.objectContaining({ file: expect.stringContaining(`https://plugins.test/acme/acme-watch/${entry.version}/`) })],
      // the view's chunk and the stylesheet it imports, each hinted with its hash
      viewPreload: {
        'acme-watch/Watch': [
          expect.objectContaining({ file: expect.stringMatching(new RegExp(`/acme-watch/${entry.version.replace('+', '\\+')}/[^/]+\\.js$`)) }),
          expect.objectContaining({ file: expect.stringMatching(new RegExp(`/acme-watch/${entry.version.replace('+', '\\+')}/[^/]+\\.css$`)) }),
        ],
      },
    })
    for (const chunk of [...entry.preload, ...entry.viewPreload['acme-watch/Watch']])
      expect(chunk.integrity).toBe(sri(readFileSync(join(folder, chunk.file.slice(`https://plugins.test/acme/acme-watch/${entry.version}/`.length)))))
    expect(run.out).toContain(`acme-watch ${entry.version}: ${entry.entry}`)
    first = entry
  }, 120_000)

  it('shape: the container is portico_<name>, React and the kernel are shared (never bundled), chunks carry sha384 integrity', () => {
    const folder = join(work, 'cdn/acme-watch', first.version)
    const remoteEntry = readFileSync(join(folder, 'remoteEntry.js'), 'utf8')
    expect(remoteEntry).toContain('portico_acme_watch')
    expect(remoteEntry).toMatch(/sha384-[A-Za-z0-9+/]{64}/)
    expect(remoteEntry).not.toMatch(/\beval\(|new Function\(/)
    const js = readdirSync(folder).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(folder, f), 'utf8'))
    // React (its element tag) is the host's: the view's useState and JSX come from the shared singleton
    for (const source of js) expect(source).not.toContain('react.transitional.element')
    expect(remoteEntry).toContain('shareKey:"react",import:null')
  })

  it("shape: the entry and the ./plugin chunk carry V8's compile hint (they run on arrival); a view's chunk does not", () => {
    const entry = readManifest()['acme-watch']
    const folder = join(work, 'cdn/acme-watch', first.version)
    const file = (url: string) => readFileSync(join(folder, url.slice(url.lastIndexOf('/') + 1)), 'utf8')
    expect(readFileSync(join(folder, 'remoteEntry.js'), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true)
    for (const chunk of entry.preload.filter((c: { file: string }) => c.file.endsWith('.js'))) expect(file(chunk.file).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true)
    for (const chunk of entry.viewPreload['acme-watch/Watch'].filter((c: { file: string }) => c.file.endsWith('.js')))
      expect(file(chunk.file)).not.toContain('allFunctionsCalledOnLoad')
  })

  it('behavior: rebuilding the same sources changes nothing; a change is a new version in a new folder, the old one kept', async () => {
    expect((await portico('build', 'watch', '--out', 'cdn')).code).toBe(0)
    expect(readManifest()['acme-watch'].version).toBe(first.version)
    expect(readdirSync(join(work, 'cdn/acme-watch'))).toEqual([first.version])

    appendFileSync(join(work, 'watch/src/views/Watch.tsx'), '\nexport const label = "changed"\n')
    const run = await portico('build', 'watch', '--out', 'cdn')
    expect(run.code).toBe(0)
    const next = readManifest()['acme-watch']
    expect(next.version).toMatch(VERSION)
    expect(next.version).not.toBe(first.version)
    // without --public-url the entry is relative to the manifest
    expect(next.entry).toBe(`acme-watch/${next.version}/remoteEntry.js`)
    // published files are immutable: a page still on the first version can fetch its chunks
    expect(readdirSync(join(work, 'cdn/acme-watch')).sort()).toEqual([first.version, next.version].sort())
    expect(existsSync(join(work, 'cdn/acme-watch', first.version, 'remoteEntry.js'))).toBe(true)

    // prune: the first build (its manifest had absolute URLs) goes once no manifest refers to it
    writeFileSync(join(work, 'previous.json'), JSON.stringify({ 'acme-watch': first }))
    const kept = await portico('prune', 'cdn', '--keep', 'cdn/manifest.json', '--keep', 'previous.json', '--public-url', 'https://plugins.test/acme/')
    expect(kept.code).toBe(0)
    expect(readdirSync(join(work, 'cdn/acme-watch'))).toHaveLength(2)
    const pruned = await portico('prune', 'cdn')
    expect(pruned.code).toBe(0)
    expect(pruned.out).toMatch(/1 build\(s\) kept, \d+ file\(s\) deleted/)
    expect(readdirSync(join(work, 'cdn/acme-watch'))).toEqual([next.version])
  }, 180_000)

  it('error: a definition whose contracts range excludes the installed contracts fails before bundling, naming both', async () => {
    writePlugin(join(work, 'future'), { contracts: '^9.0.0' })
    const run = await portico('build', 'future', '--out', 'cdn-future')
    expect(run.code).toBe(1)
    expect(run.err).toContain('future/src/plugin.ts: its definition\'s contracts range "^9.0.0" does not accept the @portico/contracts 1.0.0 it is built with')
    expect(existsSync(join(work, 'cdn-future/acme-watch'))).toBe(false)
  }, 60_000)

  it('behavior: a package without "type": "module" (its TypeScript read as CommonJS) builds too', async () => {
    writePlugin(join(work, 'cjs'))
    const pkg = JSON.parse(readFileSync(join(work, 'cjs/package.json'), 'utf8'))
    delete pkg.type
    writeFileSync(join(work, 'cjs/package.json'), JSON.stringify(pkg))
    const run = await portico('build', 'cjs', '--out', 'cdn-cjs')
    expect(run.err).toBe('')
    expect(JSON.parse(readFileSync(join(work, 'cdn-cjs/manifest.json'), 'utf8'))['acme-watch'].views).toEqual(['acme-watch/Watch'])
  }, 60_000)

  it('behavior: a plugin module that imports a component and its stylesheet (a connect method shipped with it) builds', async () => {
    writePlugin(join(work, 'styled'))
    writeFileSync(
      join(work, 'styled/src/plugin.ts'),
      `import { definePlugin } from '@portico/contracts/plugin'
import Watch from './views/Watch.js'
export default function watch() {
  return definePlugin({ name: 'acme-watch', version: '0.2.0', contracts: '^1.0.0', kind: 'connector', activation: 'open',
    views: { 'acme-watch/Watch': { load: () => Promise.resolve({ default: Watch }) } } })
}
`,
    )
    const run = await portico('build', 'styled', '--out', 'cdn-styled')
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    const entry = JSON.parse(readFileSync(join(work, 'cdn-styled/manifest.json'), 'utf8'))['acme-watch']
    expect(entry.views).toEqual(['acme-watch/Watch'])
    // the stylesheet the ./plugin module loads is hinted beside its script, with its hash
    const folder = join(work, 'cdn-styled/acme-watch', entry.version)
    const files = entry.preload.map((c: { file: string }) => c.file.slice(`acme-watch/${entry.version}/`.length))
    expect(files.map((f: string) => f.split('.').pop())).toEqual(['js', 'css'])
    for (const [i, file] of files.entries()) expect(entry.preload[i].integrity).toBe(sri(readFileSync(join(folder, file))))
  }, 60_000)

  it('behavior: --bundle builds the plugins that load on open as one more container, named in their entries with the builds it holds', async () => {
    writePlugin(join(work, 'b-watch'))
    writeOther(join(work, 'b-ping'), 'acme-ping', 'open')
    writeOther(join(work, 'b-later'), 'acme-later', 'view')
    const run = await portico('build', 'b-watch', 'b-ping', 'b-later', '--bundle', '--out', 'cdn-bundle', '--public-url', 'https://plugins.test/acme')
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    const manifest = JSON.parse(readFileSync(join(work, 'cdn-bundle/manifest.json'), 'utf8'))
    expect(PluginManifestSchema.parse(manifest)).toEqual(manifest)
    const watch = manifest['acme-watch']
    const ping = manifest['acme-ping']
    // only plugins that load on open are members; each names the same bundle and its own build
    expect(manifest['acme-later'].bundle).toBeUndefined()
    expect(ping.bundle.entry).toBe(watch.bundle.entry)
    expect(watch.bundle.members).toEqual({ 'acme-ping': ping.version, 'acme-watch': watch.version })
    expect(watch.bundle.container).toMatch(/^portico_bundle_[0-9a-f]{8}$/)
    const base = 'https://plugins.test/acme/'
    expect(watch.bundle.entry).toMatch(/^https:\/\/plugins\.test\/acme\/bundles\/[0-9a-f]{10}\/remoteEntry\.js$/)
    const file = (url: string) => join(work, 'cdn-bundle', url.slice(base.length))
    expect(watch.bundle.integrity).toBe(sri(readFileSync(file(watch.bundle.entry))))
    for (const chunk of [...watch.bundle.preload, ...watch.bundle.viewPreload['acme-watch/Watch']]) expect(chunk.integrity).toBe(sri(readFileSync(file(chunk.file))))
    // one set-up chunk for both (their set-up imports no stylesheet); each member's views from the bundle's chunks
    expect(watch.bundle.preload.map((c: { file: string }) => c.file.split('.').pop())).toEqual(['js'])
    expect(watch.bundle.viewPreload['acme-watch/Watch'].map((c: { file: string }) => c.file.split('.').pop()).sort()).toEqual(['css', 'js'])
    expect(Object.keys(ping.bundle.viewPreload)).toEqual(['acme-ping/Home'])
    const entry = readFileSync(file(watch.bundle.entry), 'utf8')
    expect(entry).toContain(`var ${watch.bundle.container}`)
    for (const expose of ['"./acme-watch"', '"./acme-ping"']) expect(entry).toContain(expose)
    expect(entry).not.toContain('"./acme-later"')
    // zod once in the bundle's set-up chunk, not once per plugin
    const setup = readFileSync(file(watch.bundle.preload[0].file), 'utf8')
    expect(setup.split('$ZodObject').length - 1).toBe(1)

    // prune keeps the bundle the manifest names
    const pruned = await portico('prune', 'cdn-bundle', '--public-url', base)
    expect(pruned.code).toBe(0)
    expect(existsSync(file(watch.bundle.entry))).toBe(true)

    // one member built again alone: a new build of it, no bundle of its own; the other keeps the bundle, which still
    // lists the earlier build of the first (a kernel then loads that one from its own remote)
    appendFileSync(join(work, 'b-watch/src/views/Watch.tsx'), '\nexport const label = "again"\n')
    expect((await portico('build', 'b-watch', '--out', 'cdn-bundle', '--public-url', base)).code).toBe(0)
    const after = JSON.parse(readFileSync(join(work, 'cdn-bundle/manifest.json'), 'utf8'))
    expect(after['acme-watch'].version).not.toBe(watch.version)
    expect(after['acme-watch'].bundle).toBeUndefined()
    expect(after['acme-ping'].bundle.members['acme-watch']).toBe(watch.version)
  }, 120_000)

  it('error: a manifest that would not be valid (another entry is broken) is not written, naming the problem', async () => {
    mkdirSync(join(work, 'cdn-broken'), { recursive: true })
    const broken = JSON.stringify({ other: { entry: 'other/remoteEntry.js' } })
    writeFileSync(join(work, 'cdn-broken/manifest.json'), broken)
    const run = await portico('build', 'watch', '--out', 'cdn-broken')
    expect(run.code).toBe(1)
    expect(run.err).toContain('cdn-broken/manifest.json would not be valid, so it was not written:')
    expect(run.err).toMatch(/- other\.integrity: /)
    expect(readFileSync(join(work, 'cdn-broken/manifest.json'), 'utf8')).toBe(broken)
  }, 60_000)

  it('error: a folder that is not a plugin package, an unknown command', async () => {
    mkdirSync(join(work, 'empty'), { recursive: true })
    const notPlugin = await portico('build', 'empty')
    expect(notPlugin.code).toBe(1)
    expect(notPlugin.err).toMatch(/empty is not a plugin package: it has no package\.json\./)
    const unknown = await portico('deploy')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toContain('Unknown command "deploy".')
    expect(unknown.err).toContain('Usage: portico-plugin <command>')
  }, 60_000)
})
