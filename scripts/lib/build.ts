/**
 * `npm run build`: libraries to dist with tsc, every plugin as a federated remote, the plugin manifest, the
 * demo host, and the bundled host (hosts/bundled: the kernel with evm, injected, connect and account bundled). Plugins that are only a package.json so far are skipped with a note.
 *
 * The manifest says what each definition says: the build imports every `plugins/<name>/src/plugin.ts` in Node,
 * calls its default-exported factory with no arguments and reads `views` (the keys), `kind`, `requires`,
 * `activation` and `contracts` from the definition; `kernel` is the `@portico/kernel` range of the plugin's
 * package.json.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawnSync } from 'node:child_process'
import { rspack, type Configuration, type Stats } from '@rspack/core'
import { bundledHostConfig, demoConfig, pluginConfig, wagmiExampleConfig, type BundledDefaults, type DemoDefaults } from '../../rspack.config.ts'
import { composerConfig, type ComposerDefaults } from '../../hosts/composer/rspack.config.ts'
import { portsFromEnv, urlsFor } from './ports.ts'
import {
  CDN_DIR,
  DEMO_DIR,
  ROOT,
  STATS_DIR,
  bundledDirFor,
  composerDirFor,
  discoverPlugins,
  hasBundledHost,
  hasComposer,
  hasWagmiExample,
  readJson,
  remoteName,
  wagmiDirFor,
  type PluginPackage,
} from './workspace.ts'

export type BuildOptions = {
  /** Skip `tsc -b` (the bundles read TypeScript sources; tsc output is for plain Node). */
  tsc?: boolean
  remotes?: boolean
  demo?: boolean
  pluginsDir?: string
  cdnDir?: string
  demoDir?: string
  /** Build the bundled host (default: as `demo`, when hosts/bundled and the kernel exist). */
  bundled?: boolean
  /** Default: `bundled` beside `demoDir`, else dist/bundled. */
  bundledDir?: string
  /** Build the wagmi example (default: as `demo`, when hosts/wagmi-example and the kernel exist). */
  wagmi?: boolean
  /** Default: `wagmi` beside `demoDir`, else dist/wagmi. */
  wagmiDir?: string
  /** Build the composer (default: as `demo`, when hosts/composer and the kernel exist). */
  composer?: boolean
  /** Default: `composer` beside `demoDir`, else dist/composer. */
  composerDir?: string
  log?: (line: string) => void
}

/** What `npm run size` needs about a remote: its entry and the chunks `get('./plugin')` loads. */
export type RemoteStats = {
  name: string
  entry: string
  exposed: string[]
  all: string[]
  /** The JS files of the chunk each dynamic `import('<request>')` of the remote loads, by its request. */
  byImport: Record<string, string[]>
}

/** Subresource-integrity value of a file: `sha384-<base64>`. */
export function sri(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}

/** What the manifest takes from a plugin's definition (its factory called with no arguments). */
export type PluginMetadata = {
  name: string
  version: string
  contracts: string
  kind: 'adapter' | 'connector' | 'feature' | undefined
  activation: 'open' | 'idle' | 'view' | undefined
  requires: string[]
  /** The keys of `definition.views`. */
  views: string[]
  /** A language pack's locales. */
  locales: string[]
  /** The module each view's `load` imports (`./views/ConnectView.js`), when its source says. */
  viewImports: Record<string, string>
}

const DEFINITIONS_MARKER = '__PORTICO_PLUGIN_DEFINITIONS__'

/**
 * Runs in a child Node (tsx loader, `source` export condition so workspace packages resolve to their TypeScript
 * sources, as the bundles do): imports each plugin module, calls its default export, prints what the manifest
 * needs. Views stay behind `import()`, so no view code runs.
 */
const READ_DEFINITIONS = `
const { pathToFileURL } = await import('node:url')
const reason = (e) => {
  if (!(e instanceof Error)) return String(e)
  const stack = String(e.stack || '').split('\\n')
  // a module that fails to link (a missing export) has its file:line first; otherwise the first frame outside Node
  const at = /^\\S+:\\d+$/.test(stack[0] || '')
    ? stack[0]
    : (stack.find((l) => /^\\s+at /.test(l) && !/node:internal|\\[eval/.test(l)) || '').trim().replace(/^at /, '')
  return e.name + ': ' + e.message + (at ? ' (at ' + at + ')' : '')
}
const out = []
for (const file of JSON.parse(process.env.PORTICO_PLUGIN_ENTRIES)) {
  let mod
  try {
    mod = await import(pathToFileURL(file).href)
  } catch (e) {
    out.push({ error: 'it could not be imported in Node: ' + reason(e) })
    continue
  }
  if (typeof mod.default !== 'function') {
    out.push({ error: 'it has no default-exported plugin factory (export default function myPlugin() { return definePlugin({...}) }).' })
    continue
  }
  let d
  try {
    d = mod.default()
  } catch (e) {
    out.push({ error: 'its factory threw when called with no arguments: ' + reason(e) })
    continue
  }
  if (!d || typeof d !== 'object') {
    out.push({ error: 'its factory returned ' + (d === null ? 'null' : typeof d) + ', not a plugin definition.' })
    continue
  }
  out.push({
    definition: {
      name: d.name,
      version: d.version,
      contracts: d.contracts,
      kind: d.kind,
      activation: d.activation,
      requires: d.requires === undefined ? [] : d.requires,
      views: d.views && typeof d.views === 'object' ? Object.keys(d.views) : d.views === undefined ? [] : d.views,
      locales: d.locales === undefined ? [] : d.locales,
      // what each view's load() imports, read from its source, so the manifest can name the view's chunks
      viewImports: d.views && typeof d.views === 'object'
        ? Object.fromEntries(Object.entries(d.views).map(([id, v]) => [id, (/import\\(\\s*["']([^"']+)["']/.exec(String(v && v.load)) || [])[1]]).filter(([, r]) => r))
        : {},
    },
  })
}
process.stdout.write('\\n${DEFINITIONS_MARKER}' + JSON.stringify(out) + '\\n', () => process.exit(0))
`

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

/** Checks what a definition gave the manifest; returns the problem, if any. */
function definitionProblem(plugin: Pick<PluginPackage, 'name'>, d: Record<string, unknown>): string | undefined {
  if (typeof d.name !== 'string' || d.name !== plugin.name) {
    const named = typeof d.name === 'string' ? `the plugin "${d.name}" (remote "${remoteName(d.name)}")` : 'a plugin without a name'
    return `it defines ${named}, but its folder builds the remote "${remoteName(plugin.name)}", loaded as "${plugin.name}": the definition's name must be the folder's name.`
  }
  if (typeof d.version !== 'string' || !d.version) return 'its definition has no version.'
  if (typeof d.contracts !== 'string' || !d.contracts) return 'its definition does not declare the contracts range it was built against.'
  if (d.kind !== undefined && !['adapter', 'connector', 'feature'].includes(d.kind as string))
    return `its kind "${String(d.kind)}" is not one of adapter, connector, feature.`
  if (d.activation !== undefined && d.activation !== 'open' && d.activation !== 'idle' && d.activation !== 'view')
    return `its activation "${String(d.activation)}" is not "open", "idle" or "view".`
  if (!isStrings(d.requires)) return 'its requires is not a list of plugin names.'
  if (!isStrings(d.views)) return 'its views is not an object of view entries.'
  if (!isStrings(d.locales)) return 'its locales is not a list of locale tags.'
  return undefined
}

/**
 * Every plugin's definition, read in Node: each `src/plugin.ts` imported, its default export called with no
 * arguments. Throws one error naming every plugin whose definition cannot be loaded or whose name is not its
 * folder's (the kernel loads a remote by its manifest name and refuses a factory that returns another).
 */
export function readPluginDefinitions(plugins: readonly Pick<PluginPackage, 'name' | 'entry'>[]): Map<string, PluginMetadata> {
  const result = new Map<string, PluginMetadata>()
  if (!plugins.length) return result
  const child = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '--eval', READ_DEFINITIONS],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
      env: {
        ...process.env,
        PORTICO_PLUGIN_ENTRIES: JSON.stringify(plugins.map((p) => p.entry)),
        // the workspace's compiler options (react-jsx), whichever folder a plugin is in
        TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.base.json'),
      },
    },
  )
  const line = child.stdout?.split('\n').find((l) => l.startsWith(DEFINITIONS_MARKER))
  if (!line) {
    const why = child.error ? child.error.message : `${child.stderr || child.stdout || ''}`.trim().split('\n').slice(-5).join('\n')
    throw new Error(`The plugin definitions could not be read in Node (exit ${child.status ?? child.signal}):\n${why}`)
  }
  const read = JSON.parse(line.slice(DEFINITIONS_MARKER.length)) as ({ error: string } | { definition: Record<string, unknown> })[]
  const problems: string[] = []
  plugins.forEach((plugin, i) => {
    const where = relative(ROOT, plugin.entry)
    const r = read[i]
    if (!r) return problems.push(`${where}: it was not read.`)
    if ('error' in r) return problems.push(`${where}: ${r.error}`)
    const problem = definitionProblem(plugin, r.definition)
    if (problem) return problems.push(`${where}: ${problem}`)
    result.set(plugin.name, r.definition as PluginMetadata)
  })
  if (problems.length) {
    throw new Error(
      `The plugin manifest is generated from the plugin definitions, and ${problems.length === 1 ? 'one' : problems.length} could not be used:\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    )
  }
  return result
}

type PackageDeps = { dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> }

/** The version in kernel/package.json. */
export function kernelPackageVersion(): string {
  return readJson<{ version: string }>(join(ROOT, 'kernel/package.json')).version
}

/**
 * The kernel range a remote was built against, for its manifest entry: the plugin package's dependency on
 * `@portico/kernel` (peer, then regular, then dev); an exact version `0.1.0` reads as `^0.1.0`, a workspace or
 * file reference (or no dependency at all) as `^<kernel version>`. Throws when the range does not accept the
 * kernel the remote is built with.
 */
export function kernelRange(
  pkg: PackageDeps,
  kernelVersion: string,
  satisfies: (version: string, range: string) => boolean,
  where = 'package.json',
): string {
  const declared = pkg.peerDependencies?.['@portico/kernel'] ?? pkg.dependencies?.['@portico/kernel'] ?? pkg.devDependencies?.['@portico/kernel']
  let range = declared?.trim()
  if (range !== undefined && /^workspace:/.test(range)) {
    range = range.slice('workspace:'.length)
    if (['', '*', '^', '~'].includes(range)) range = undefined
  }
  if (range !== undefined && /^(file|link|portal):/.test(range)) range = undefined
  if (range === undefined || range === '') range = `^${kernelVersion}`
  else if (/^=?v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(range)) range = `^${range.replace(/^=?v?/, '')}`
  if (!satisfies(kernelVersion, range)) {
    throw new Error(
      `${where}: its dependency on @portico/kernel ("${declared}") reads as the range "${range}", which does not accept ` +
        `the kernel ${kernelVersion} it is built against (kernel/package.json): every host on this kernel would refuse it.`,
    )
  }
  return range
}

/** What the manifest says about each plugin besides its entry, integrity and version. */
export type ManifestMetadata = {
  kernel: string
  contracts: string
  kind: 'adapter' | 'connector' | 'feature'
  views: string[]
  activation: 'open' | 'idle' | 'view'
  requires: string[]
  locales: string[]
  viewImports: Record<string, string>
}

/**
 * The manifest metadata of every plugin, from its definition: views, kind, requires, contracts and activation
 * (the definition's, else the package.json's `portico.activation` while definitions do not say, else `view`),
 * and the kernel range from its package.json.
 */
export async function manifestMetadata(
  plugins: readonly PluginPackage[],
  log: (line: string) => void = () => {},
): Promise<Map<string, ManifestMetadata>> {
  const { satisfies } = await import('../../contracts/src/plugin/version.ts')
  const definitions = readPluginDefinitions(plugins)
  const kernelVersion = kernelPackageVersion()
  const out = new Map<string, ManifestMetadata>()
  const problems: string[] = []
  for (const p of plugins) {
    const d = definitions.get(p.name)!
    const portico = (p.portico ?? {}) as Record<string, unknown>
    const fromPackage = portico.activation === 'open' || portico.activation === 'idle' || portico.activation === 'view' ? portico.activation : undefined
    if (d.activation && fromPackage && d.activation !== fromPackage)
      log(`plugin ${p.name}: package.json portico.activation "${fromPackage}" is ignored, the definition says "${d.activation}"`)
    const ignored = ['kind', 'views', 'requires', 'contracts'].filter((k) => k in portico)
    if (ignored.length)
      log(`plugin ${p.name}: package.json portico.${ignored.join(', portico.')} ignored; the manifest takes them from the definition`)
    try {
      const pkg = readJson<PackageDeps>(join(p.dir, 'package.json'))
      out.set(p.name, {
        kernel: kernelRange(pkg, kernelVersion, satisfies, relative(ROOT, join(p.dir, 'package.json'))),
        contracts: d.contracts,
        kind: d.kind ?? 'feature',
        views: d.views,
        activation: d.activation ?? fromPackage ?? 'view',
        requires: d.requires,
        locales: d.locales,
        viewImports: d.viewImports ?? {},
      })
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  if (problems.length) throw new Error(`The plugin manifest cannot be generated:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  return out
}

function run(configs: Configuration[]): Promise<Stats[]> {
  return new Promise((ok, fail) => {
    const compiler = rspack(configs)
    compiler.run((error, multi) => {
      compiler.close(() => {})
      if (error) return fail(error)
      const all = multi!.stats
      const failed = all.filter((s) => s.hasErrors())
      if (failed.length) {
        const report = failed.map((s) => `build of ${s.compilation.name ?? '?'} failed:\n${s.toString({ all: false, errors: true, colors: false })}`)
        return fail(new Error(report.join('\n')))
      }
      for (const s of all) {
        if (s.hasWarnings()) console.warn(s.toString({ all: false, warnings: true, colors: false }))
      }
      ok(all)
    })
  })
}

/** Copies `*.css` under `from` to the same relative paths under `to`. */
function copyAssets(from: string, to: string) {
  if (!existsSync(from)) return
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    if (entry.isDirectory()) copyAssets(source, join(to, entry.name))
    else if (entry.name.endsWith('.css')) {
      mkdirSync(to, { recursive: true })
      copyFileSync(source, join(to, entry.name))
    }
  }
}

/** The libraries `tsc -b` builds so plain Node can import them: contracts, kernel and plugins that exist. */
export function tscProjects(plugins: PluginPackage[]): string[] {
  const projects: string[] = []
  if (existsSync(join(ROOT, 'contracts/src/exports/plugin.ts'))) projects.push('contracts')
  if (existsSync(join(ROOT, 'kernel/src/exports/index.ts'))) projects.push('kernel')
  for (const p of plugins) if (existsSync(join(p.dir, 'tsconfig.json'))) projects.push(relative(ROOT, p.dir))
  return projects
}

function remoteStats(stats: Stats, name: string): RemoteStats {
  const json = stats.toJson({ all: false, chunks: true, chunkRelations: true, chunkOrigins: true, ids: true })
  const chunks = json.chunks ?? []
  const entry = chunks.find((c) => c.entry)
  const exposed = chunks.filter((c) => entry && c.parents?.includes(entry.id!)).flatMap((c) => c.files ?? [])
  const js = (f: string) => f.endsWith('.js')
  return {
    name,
    entry: 'remoteEntry.js',
    exposed: exposed.filter(js),
    all: chunks.flatMap((c) => c.files ?? []).filter(js),
    // every chunk a dynamic import loads names the import among its origins (a shared split chunk names several)
    byImport: chunks.reduce<Record<string, string[]>>((out, c) => {
      for (const o of c.origins ?? []) if (o.request) (out[o.request] ??= []).push(...(c.files ?? []).filter(js))
      return out
    }, {}),
  }
}

/** Where build facts go: beside the CDN folder. */
export function statsDir(options: Pick<BuildOptions, 'cdnDir'> = {}): string {
  return options.cdnDir ? join(options.cdnDir, '..', 'stats') : STATS_DIR
}

export function demoDefaults(): DemoDefaults {
  const urls = urlsFor(portsFromEnv())
  return {
    manifestUrl: urls.manifest,
    api: urls.api,
    relay: urls.relay,
    frame: urls.frame,
    rpc: { '31337': urls.anvil, '31338': urls.anvil2 },
    features: ['connect', 'account'],
  }
}

/** What the composer reads at build time: the env ports' URLs (the stack's meta tag overrides them). */
export function composerDefaults(): ComposerDefaults {
  const { manifestUrl, api, relay, frame, rpc } = demoDefaults()
  return { manifestUrl, api, relay, frame, rpc }
}

export function bundledDefaults(): BundledDefaults {
  const { api, relay, frame, rpc } = demoDefaults()
  return { api, relay, frame, rpc }
}

export async function build(options: BuildOptions = {}): Promise<{ plugins: PluginPackage[]; manifest: Record<string, unknown> }> {
  const log = options.log ?? ((line: string) => console.log(line))
  const cdnDir = options.cdnDir ?? CDN_DIR
  const started = Date.now()
  const { plugins, skipped } = discoverPlugins(options.pluginsDir)
  for (const s of skipped) log(`skip plugin ${s.name}: ${s.reason}`)

  // before anything is built: a definition that cannot be read, or that names another plugin, fails the build
  let metadata = new Map<string, ManifestMetadata>()
  if (options.remotes !== false && plugins.length) {
    const t = Date.now()
    metadata = await manifestMetadata(plugins, log)
    log(`plugin definitions: ${plugins.length} read (${Date.now() - t} ms)`)
  }

  if (options.tsc !== false) {
    const projects = tscProjects(plugins)
    const t = Date.now()
    const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', ...projects], {
      cwd: ROOT,
      stdio: 'inherit',
    })
    if (result.status !== 0) throw new Error(`tsc -b ${projects.join(' ')} failed`)
    // tsc emits no CSS: copy it beside the JS that imports it, for bundlers that consume dist/
    for (const project of projects) copyAssets(join(ROOT, project, 'src'), join(ROOT, project, 'dist'))
    log(`tsc -b ${projects.join(' ')} (${Date.now() - t} ms)`)
  }

  const kernelExists = existsSync(join(ROOT, 'kernel/src/exports/index.ts'))
  const configs: Configuration[] = []
  if (options.remotes !== false) configs.push(...plugins.map((p) => pluginConfig(p, cdnDir)))
  const withDemo = options.demo !== false && kernelExists
  if (options.demo !== false && !kernelExists) log('skip demo host: kernel/src/exports/index.ts does not exist yet')
  if (withDemo) configs.push(demoConfig(demoDefaults(), options.demoDir ?? DEMO_DIR))
  const withBundled = (options.bundled ?? options.demo) !== false && kernelExists && hasBundledHost()
  if (withBundled) configs.push(bundledHostConfig(bundledDefaults(), bundledDirFor(options)))
  // last, so the stats indexes of the demo and the bundled host below only shift by one
  const withWagmi = (options.wagmi ?? options.demo) !== false && kernelExists && hasWagmiExample()
  if (withWagmi) configs.push(wagmiExampleConfig(bundledDefaults(), wagmiDirFor(options)))
  // after the wagmi example, for the same reason
  const withComposer = (options.composer ?? options.demo) !== false && kernelExists && hasComposer()
  if (withComposer) configs.push(composerConfig(composerDefaults(), composerDirFor(options)))

  // a failed build must not leave a manifest whose hashes name other bytes than the entries on disk
  if (options.remotes !== false) rmSync(join(cdnDir, 'manifest.json'), { force: true })
  const manifest: Record<string, unknown> = {}
  let demoStats: Stats | undefined
  let bundledStats: Stats | undefined
  if (configs.length) {
    const t = Date.now()
    const stats = await run(configs)
    const hosts = stats.length - (withWagmi ? 1 : 0) - (withComposer ? 1 : 0)
    if (withBundled) bundledStats = stats[hosts - 1]
    if (withDemo) demoStats = stats[hosts - (withBundled ? 2 : 1)]
    log(
      `rspack: ${options.remotes !== false ? plugins.length : 0} remote(s)${withDemo ? ' + demo host' : ''}${withBundled ? ' + bundled host' : ''}${withWagmi ? ' + wagmi example' : ''}${withComposer ? ' + composer' : ''} (${Date.now() - t} ms)`,
    )
    if (options.remotes !== false) {
      mkdirSync(statsDir(options), { recursive: true })
      plugins.forEach((p, i) => {
        const entryFile = join(cdnDir, p.name, 'remoteEntry.js')
        const meta = metadata.get(p.name)!
        manifest[p.name] = {
          entry: `${p.name}/remoteEntry.js`,
          integrity: sri(readFileSync(entryFile)),
          version: p.version,
          kernel: meta.kernel,
          contracts: meta.contracts,
          kind: meta.kind,
          views: meta.views,
          activation: meta.activation,
          requires: meta.requires,
          ...(meta.locales.length ? { locales: meta.locales } : {}),
        }
        const remote = remoteStats(stats[i]!, p.name)
        // the `./plugin` chunks, so the kernel fetches them beside the entry (one round trip less on the first open)
        const hint = (file: string) => ({ file: `${p.name}/${file}`, integrity: sri(readFileSync(join(cdnDir, p.name, file))) })
        const m = manifest[p.name] as Record<string, unknown>
        m.preload = remote.exposed.map(hint)
        // and each view's chunks, which the kernel asks for as soon as it knows which view opens first
        const viewPreload = Object.entries(meta.viewImports).flatMap(([view, request]) => {
          const files = [...new Set(remote.byImport[request] ?? [])]
          return files.length ? [[view, files.map(hint)] as const] : []
        })
        if (viewPreload.length) m.viewPreload = Object.fromEntries(viewPreload)
        writeFileSync(join(statsDir(options), `${p.name}.json`), JSON.stringify(remote, null, 2))
      })
    }
  }
  if (options.remotes !== false || withDemo || withBundled) mkdirSync(statsDir(options), { recursive: true })
  const writeInitial = (stats: Stats, file: string) => {
    const json = stats.toJson({ all: false, entrypoints: true, assets: false })
    const initial = (json.entrypoints?.main?.assets ?? []).map((a) => a.name).filter((f) => f.endsWith('.js'))
    writeFileSync(join(statsDir(options), file), JSON.stringify({ initial }, null, 2))
  }
  if (withDemo && demoStats) writeInitial(demoStats, 'demo.json')
  if (withBundled && bundledStats) writeInitial(bundledStats, 'bundled.json')
  if (options.remotes !== false) {
    const { PluginManifestSchema } = await import('../../contracts/src/plugin/index.ts')
    const checked = PluginManifestSchema.parse(manifest)
    mkdirSync(cdnDir, { recursive: true })
    writeFileSync(join(cdnDir, 'manifest.json'), JSON.stringify(checked, null, 2) + '\n')
    log(`manifest: ${relative(ROOT, join(cdnDir, 'manifest.json'))} (${Object.keys(checked).join(', ') || 'no plugins'})`)
  }
  // the login frame's page (services/frame/page), served by the frame server at /sdk
  if (options.demo !== false) await (await import('../../services/frame/page/build.ts')).buildFramePage({ log })
  log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { plugins, manifest }
}

/**
 * Whether dist (or the given folders) has what the stack serves: the demo page, the manifest, and the bundled
 * host's page when hosts/bundled exists.
 */
export function isBuilt(dirs: { cdnDir?: string; demoDir?: string; bundledDir?: string; wagmiDir?: string; composerDir?: string } = {}): boolean {
  return (
    existsSync(join(dirs.demoDir ?? DEMO_DIR, 'index.html')) &&
    existsSync(join(dirs.cdnDir ?? CDN_DIR, 'manifest.json')) &&
    (!hasBundledHost() || existsSync(join(bundledDirFor(dirs), 'index.html'))) &&
    (!hasWagmiExample() || existsSync(join(wagmiDirFor(dirs), 'index.html'))) &&
    (!hasComposer() || existsSync(join(composerDirFor(dirs), 'index.html'))) &&
    // the login frame's page, which the frame service serves at /sdk
    existsSync(join(ROOT, 'services/frame/page/dist/index.html'))
  )
}
