/**
 * `npm run build`: libraries to dist with tsc, every plugin as a federated remote, the plugin manifest, the
 * demo host, and the bundled host (hosts/bundled: the kernel with evm, injected, connect and account bundled). Plugins that are only a package.json so far are skipped with a note.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawnSync } from 'node:child_process'
import { rspack, type Configuration, type Stats } from '@rspack/core'
import { bundledHostConfig, demoConfig, pluginConfig, type BundledDefaults, type DemoDefaults } from '../../rspack.config.ts'
import { portsFromEnv, urlsFor } from './ports.ts'
import {
  CDN_DIR,
  DEMO_DIR,
  ROOT,
  STATS_DIR,
  bundledDirFor,
  discoverPlugins,
  hasBundledHost,
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
  log?: (line: string) => void
}

/** What `npm run size` needs about a remote: its entry and the chunks `get('./plugin')` loads. */
export type RemoteStats = { name: string; entry: string; exposed: string[]; all: string[] }

/** Subresource-integrity value of a file: `sha384-<base64>`. */
export function sri(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
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
  const json = stats.toJson({ all: false, chunks: true, chunkRelations: true, ids: true })
  const chunks = json.chunks ?? []
  const entry = chunks.find((c) => c.entry)
  const exposed = chunks.filter((c) => entry && c.parents?.includes(entry.id!)).flatMap((c) => c.files ?? [])
  const js = (f: string) => f.endsWith('.js')
  return {
    name,
    entry: 'remoteEntry.js',
    exposed: exposed.filter(js),
    all: chunks.flatMap((c) => c.files ?? []).filter(js),
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

  // a failed build must not leave a manifest whose hashes name other bytes than the entries on disk
  if (options.remotes !== false) rmSync(join(cdnDir, 'manifest.json'), { force: true })
  const manifest: Record<string, unknown> = {}
  let demoStats: Stats | undefined
  let bundledStats: Stats | undefined
  if (configs.length) {
    const t = Date.now()
    const stats = await run(configs)
    if (withBundled) bundledStats = stats[stats.length - 1]
    if (withDemo) demoStats = stats[stats.length - (withBundled ? 2 : 1)]
    log(
      `rspack: ${options.remotes !== false ? plugins.length : 0} remote(s)${withDemo ? ' + demo host' : ''}${withBundled ? ' + bundled host' : ''} (${Date.now() - t} ms)`,
    )
    if (options.remotes !== false) {
      mkdirSync(statsDir(options), { recursive: true })
      plugins.forEach((p, i) => {
        const entryFile = join(cdnDir, p.name, 'remoteEntry.js')
        const { kind, activation, views, requires, contracts } = p.portico
        manifest[p.name] = {
          entry: `${p.name}/remoteEntry.js`,
          integrity: sri(readFileSync(entryFile)),
          version: p.version,
          ...(contracts ? { contracts } : {}),
          kind: kind ?? 'feature',
          views: views ?? [],
          activation: activation ?? 'view',
          requires: requires ?? [],
        }
        writeFileSync(join(statsDir(options), `${p.name}.json`), JSON.stringify(remoteStats(stats[i]!, p.name), null, 2))
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
  log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { plugins, manifest }
}

/**
 * Whether dist (or the given folders) has what the stack serves: the demo page, the manifest, and the bundled
 * host's page when hosts/bundled exists.
 */
export function isBuilt(dirs: { cdnDir?: string; demoDir?: string; bundledDir?: string } = {}): boolean {
  return (
    existsSync(join(dirs.demoDir ?? DEMO_DIR, 'index.html')) &&
    existsSync(join(dirs.cdnDir ?? CDN_DIR, 'manifest.json')) &&
    (!hasBundledHost() || existsSync(join(bundledDirFor(dirs), 'index.html')))
  )
}
