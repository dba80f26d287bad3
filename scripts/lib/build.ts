/**
 * `npm run build`: libraries to dist with tsc, every plugin as a federated remote, the plugin manifest, the
 * demo host, and the bundled host (hosts/bundled: the kernel with evm, injected, connect and account bundled). Plugins that are only a package.json so far are skipped with a note.
 *
 * The plugins are built by @portico/plugin-build (packages/plugin-build), the same way an author outside the
 * repository builds theirs: the manifest says what each definition says (the build imports every
 * `plugins/<name>/src/plugin.ts` in Node, calls its default-exported factory with no arguments and reads `views`
 * (the keys), `kind`, `requires`, `activation` and `contracts`; `kernel` is the `@portico/kernel` range of the
 * plugin's package.json), and each remote goes to its own immutable folder `<cdn>/<name>/<version>+<hash>/`.
 * Here the plugins are bundled in the same rspack run as the hosts, and builds no manifest refers to any more are
 * pruned after the manifest is written.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawnSync } from 'node:child_process'
import type { Configuration, Stats } from '@rspack/core'
import {
  bundleMembers,
  finishBundle,
  finishPlugin,
  prepareBundle,
  preparePlugins,
  prune,
  readPluginDefinitions as readDefinitions,
  runRspack,
  type PluginMetadata,
  type PreparedBundle,
  type PreparedPlugin,
} from '../../packages/plugin-build/src/index.ts'
import { bundledHostConfig, demoConfig, externalRuntimeFromEnv, wagmiExampleConfig, type BundledDefaults, type DemoDefaults } from '../../rspack.config.ts'
import { composerConfig, type ComposerDefaults } from '../../hosts/composer/rspack.config.ts'
import { injectPageConfig } from './page-config.ts'
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
  wagmiDirFor,
  type PluginPackage,
} from './workspace.ts'

export { kernelRange, sri, type ManifestMetadata, type PluginMetadata, type RemoteStats } from '../../packages/plugin-build/src/index.ts'

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

/** How this repository reads plugin definitions: workspace packages through their TypeScript sources. */
/**
 * Plugins that load on open once a host switches them on, which most hosts do not (the demo leaves them off unless
 * asked): kept out of the first-open bundle, so a page that does not use them does not download them.
 */
export const OPT_IN_PLUGINS = ['solana', 'polkadot', 'bitcoin', 'siwx'] as const

const REPO_BUILD = { root: ROOT, source: true, tsconfig: join(ROOT, 'tsconfig.base.json') } as const

/**
 * Every plugin's definition, read in Node (@portico/plugin-build's `readPluginDefinitions`, with this repository's
 * sources): each `src/plugin.ts` imported, its default export called with no arguments. Throws one error naming
 * every plugin whose definition cannot be loaded or whose name is not its folder's.
 */
export function readPluginDefinitions(plugins: readonly Pick<PluginPackage, 'name' | 'entry'>[]): Map<string, PluginMetadata> {
  const read = readDefinitions(
    plugins.map((p) => ({ entry: p.entry, name: p.name })),
    { root: REPO_BUILD.root, conditions: ['source'], tsconfig: REPO_BUILD.tsconfig },
  )
  return new Map(read.map((d) => [d.name, d]))
}

/** The version in kernel/package.json. */
export function kernelPackageVersion(): string {
  return readJson<{ version: string }>(join(ROOT, 'kernel/package.json')).version
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
  let prepared: PreparedPlugin[] = []
  if (options.remotes !== false && plugins.length) {
    const t = Date.now()
    prepared = await preparePlugins(
      plugins.map((p) => ({ dir: p.dir, name: p.name })),
      { ...REPO_BUILD, outDir: cdnDir, bundleRuntime: !externalRuntimeFromEnv(), log },
    )
    log(`plugin definitions: ${plugins.length} read (${Date.now() - t} ms)`)
  }
  // the plugins of the first open (activation 'open') once more, as one container beside their own remotes; not
  // those a host switches on only when it wants them (other chains, sign-in with X): they load from their own
  const members = bundleMembers(prepared, { optIn: OPT_IN_PLUGINS })
  const bundle: PreparedBundle | undefined = members.length
    ? prepareBundle(members, { outDir: cdnDir, source: true, container: externalRuntimeFromEnv() ? 'classic' : 'enhanced', externalRuntime: externalRuntimeFromEnv() })
    : undefined

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
  if (options.remotes !== false) configs.push(...prepared.map((p) => p.config), ...(bundle ? [bundle.config] : []))
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
    let stats: Stats[]
    try {
      stats = await runRspack(configs)
    } catch (error) {
      for (const p of [...prepared, ...(bundle ? [bundle] : [])]) rmSync(p.stagingDir, { recursive: true, force: true })
      throw error
    }
    const hosts = stats.length - (withWagmi ? 1 : 0) - (withComposer ? 1 : 0)
    if (withBundled) bundledStats = stats[hosts - 1]
    if (withDemo) demoStats = stats[hosts - (withBundled ? 2 : 1)]
    log(
      `rspack: ${options.remotes !== false ? plugins.length : 0} remote(s)${withDemo ? ' + demo host' : ''}${withBundled ? ' + bundled host' : ''}${withWagmi ? ' + wagmi example' : ''}${withComposer ? ' + composer' : ''} (${Date.now() - t} ms)`,
    )
    if (options.remotes !== false) {
      mkdirSync(statsDir(options), { recursive: true })
      const built = prepared.map((p, i) => {
        // its own folder, <cdn>/<name>/<version>+<hash>/, and its manifest entry with the hashes of its files
        const b = finishPlugin(p, stats[i]!, { outDir: cdnDir })
        manifest[b.name] = b.entry
        writeFileSync(join(statsDir(options), `${b.name}.json`), JSON.stringify(b.stats, null, 2))
        return b
      })
      if (bundle) {
        // <cdn>/bundles/<hash>/, named in each member's entry with the build of the member it holds
        const b = finishBundle(bundle, stats[prepared.length]!, built, { outDir: cdnDir })
        for (const [name, ref] of Object.entries(b.refs)) manifest[name] = { ...(manifest[name] as object), bundle: ref }
        writeFileSync(join(statsDir(options), 'bundle.json'), JSON.stringify({ members: Object.keys(b.refs), files: b.files }, null, 2))
        log(`bundle ${relative(ROOT, b.buildDir)}: ${Object.keys(b.refs).join(', ')}`)
      } else rmSync(join(statsDir(options), 'bundle.json'), { force: true })
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
    // the demo page as built carries the manifest it was built with (served by itself, it fetches none at its first
    // open; the stack replaces the whole config with the CDN's current one)
    if (withDemo) inlineManifestInPage(join(options.demoDir ?? DEMO_DIR, 'index.html'), checked)
    // earlier builds of the plugins (published folders are never overwritten): only those this manifest needs stay
    const pruned = prune(cdnDir, { plugins: [...plugins.map((p) => p.name), 'bundles'] })
    if (pruned.removed.length) log(`pruned ${pruned.removed.length} file(s) of earlier builds no manifest refers to`)
  }
  // the login frame's page (services/frame/page), served by the frame server at /sdk
  if (options.demo !== false) await (await import('../../services/frame/page/build.ts')).buildFramePage({ log })
  log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { plugins, manifest }
}

/**
 * Inlines the plugin manifest into a built host page's config (`{ manifest }`, over its build-time defaults): the
 * page's first open then asks for the plugins' files at the click instead of after fetching the manifest. Its
 * entries are immutable, content-hashed folders, so the inlined copy stays valid until the CDN is pruned by a
 * build that also rebuilds the page.
 */
export function inlineManifestInPage(htmlFile: string, manifest: unknown): void {
  if (!existsSync(htmlFile)) return
  writeFileSync(htmlFile, injectPageConfig(readFileSync(htmlFile, 'utf8'), { manifest }))
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
