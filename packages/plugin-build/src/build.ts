/**
 * Building plugin packages into federated remotes with their manifest entries. A plugin package is a folder with
 * a package.json and `src/plugin.ts` (a default-exported factory returning `definePlugin({...})`).
 *
 * Each build goes to its own immutable folder, `<outDir>/<plugin>/<version>+<hash>/` (the hash is the build's
 * content), and its manifest entry names that folder: a page still running an older build keeps fetching its
 * chunks, and a rebuild whose content changed has a new `version`. `prune` deletes the folders no manifest needs.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { rspack, type Configuration, type Stats } from '@rspack/core'
import { readPluginDefinitions, type PluginMetadata } from './definitions.js'
import { bundleMembers, finishBundle, prepareBundle, type BuiltBundle } from './bundle.js'
import { finishPlugin, type BuiltPlugin, type FinishOptions } from './finish.js'
import { readManifestEntries, writeManifestFile, type ManifestEntries } from './manifestFile.js'
import { kernelRange, manifestMetadata, type ManifestMetadata, type PackageDeps } from './metadata.js'
import { remoteConfig } from './remoteConfig.js'
import { findPackageDir, packageVersion, resolveExport } from './resolve.js'

/** A plugin package as read from its folder. */
export type PluginPackage = {
  /** The plugin's name: its definition's (the name the kernel loads it by). */
  name: string
  dir: string
  /** `<dir>/src/plugin.ts` */
  entry: string
  /** The package.json version. */
  version: string
  packageName: string
  /** The package.json `portico` field (only `activation` is still read from it). */
  portico: Record<string, unknown>
  packageJson: PackageDeps
}

/** A plugin package to build: its folder, and the name its definition must have when the caller knows it. */
export type PluginTarget = { dir: string; name?: string | undefined }

export type PrepareOptions = {
  /** The CDN folder: builds go to `<outDir>/<plugin>/<version>+<hash>/`, the manifest to `<outDir>/manifest.json`. */
  outDir: string
  /** Paths in messages are relative to this folder. Default: the current directory. */
  root?: string
  /**
   * Resolve packages through their `source` export condition, as inside the Portico repository (their TypeScript
   * sources). Default: false (the packages' published `dist`).
   */
  source?: boolean
  /** The tsconfig.json the definitions are read with. Default: the plugin's own, else one for react-jsx. */
  tsconfig?: string
  /** An enhanced container with the federation runtime inside instead of a classic container. Default: false. */
  bundleRuntime?: boolean
  log?: (line: string) => void
}

/** A plugin ready to bundle: what its manifest entry says, and the rspack configuration writing its staging folder. */
export type PreparedPlugin = {
  plugin: PluginPackage
  metadata: Omit<ManifestMetadata, 'kernel'> & { kernel: string | undefined }
  /** Where rspack writes it before it is moved to its versioned folder. */
  stagingDir: string
  config: Configuration
}

type ContractsModule = {
  CONTRACTS_VERSION: string
  satisfies: (version: string, range: string) => boolean
  PluginManifestSchema: {
    safeParse: (value: unknown) => { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  }
}

const contractsCache = new Map<string, Promise<ContractsModule>>()

/**
 * The `@portico/contracts/plugin` a plugin is built against: the one installed where the plugin is. Throws, naming
 * the folder, when it is not installed.
 *
 * @example
 * const { CONTRACTS_VERSION, satisfies } = await contractsFor('./my-plugin')
 */
export function contractsFor(dir: string, source = false): Promise<ContractsModule> {
  const packageDir = findPackageDir(dir, '@portico/contracts')
  if (!packageDir) throw new Error(`${dir}: @portico/contracts is not installed there; a plugin is built against it (npm install @portico/contracts).`)
  const file = resolveExport(packageDir, './plugin', source ? ['source', 'import'] : ['import'])
  let loaded = contractsCache.get(file)
  if (!loaded) contractsCache.set(file, (loaded = import(pathToFileURL(file).href) as Promise<ContractsModule>))
  return loaded
}

/**
 * A plugin package's folder read: package.json and `src/plugin.ts`. Throws when either is missing.
 *
 * @example
 * readPluginPackage('/work/hello') // { dir: '/work/hello', entry: '/work/hello/src/plugin.ts', version: '0.1.0', ... }
 */
export function readPluginPackage(dir: string): Omit<PluginPackage, 'name'> {
  const absolute = resolve(dir)
  const pkgFile = join(absolute, 'package.json')
  if (!existsSync(pkgFile)) throw new Error(`${absolute} is not a plugin package: it has no package.json.`)
  const entry = join(absolute, 'src/plugin.ts')
  if (!existsSync(entry)) throw new Error(`${absolute} is not a plugin package: it has no src/plugin.ts (export default function myPlugin() { return definePlugin({...}) }).`)
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as PackageDeps & { name?: string; version?: string; portico?: Record<string, unknown> }
  return {
    dir: absolute,
    entry,
    version: pkg.version ?? '0.0.0',
    packageName: pkg.name ?? '',
    portico: pkg.portico ?? {},
    packageJson: pkg,
  }
}

export { finishPlugin, type BuiltPlugin, type FinishOptions, type RemoteStats } from './finish.js'
export { normalizePublicUrl } from './publicUrl.js'

let stagingCounter = 0

/**
 * Reads each plugin's definition and package.json, checks them (its contracts range accepts the installed
 * `@portico/contracts`, its kernel range the installed `@portico/kernel`) and returns its rspack configuration.
 * Throws one error naming every plugin that cannot be built, before anything is bundled.
 *
 * @example
 * const [hello] = await preparePlugins([{ dir: 'plugins/hello', name: 'hello' }], { outDir: 'dist/cdn', source: true })
 */
export async function preparePlugins(targets: readonly PluginTarget[], options: PrepareOptions): Promise<PreparedPlugin[]> {
  const root = options.root ?? process.cwd()
  const log = options.log ?? (() => {})
  const packages = targets.map((t) => ({ ...readPluginPackage(t.dir), expected: t.name }))
  const definitions = readPluginDefinitions(
    packages.map((p) => ({ entry: p.entry, name: p.expected })),
    { root, ...(options.source ? { conditions: ['source'] } : {}), ...(options.tsconfig ? { tsconfig: options.tsconfig } : {}) },
  )
  const problems: string[] = []
  const prepared: PreparedPlugin[] = []
  for (const [i, p] of packages.entries()) {
    const d: PluginMetadata = definitions[i]!
    const where = relative(root, join(p.dir, 'package.json'))
    try {
      const contracts = await contractsFor(p.dir, options.source)
      if (!contracts.satisfies(contracts.CONTRACTS_VERSION, d.contracts)) {
        throw new Error(
          `${relative(root, p.entry)}: its definition's contracts range "${d.contracts}" does not accept the @portico/contracts ` +
            `${contracts.CONTRACTS_VERSION} it is built with: every host on these contracts would refuse it.`,
        )
      }
      const kernelDir = findPackageDir(p.dir, '@portico/kernel')
      const kernel = kernelDir ? kernelRange(p.packageJson, packageVersion(kernelDir), contracts.satisfies, where) : undefined
      const plugin: PluginPackage = { name: d.name, ...p }
      const stagingDir = join(resolve(options.outDir), '.staging', `${d.name}-${process.pid}-${Date.now().toString(36)}-${stagingCounter++}`)
      prepared.push({
        plugin,
        metadata: { ...manifestMetadata(d, p.portico, kernel ?? '', log), kernel },
        stagingDir,
        config: remoteConfig(plugin, { outputPath: stagingDir, container: options.bundleRuntime ? 'enhanced' : 'classic', externalRuntime: !options.bundleRuntime, source: options.source ?? false }),
      })
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  if (problems.length) throw new Error(`The plugin manifest cannot be generated:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  return prepared
}

/**
 * Runs rspack on several configurations at once (plugins and hosts); rejects with every failed build's errors.
 *
 * @example
 * const stats = await runRspack(prepared.map((p) => p.config))
 */
export function runRspack(configs: Configuration[]): Promise<Stats[]> {
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

export type BuildPluginsOptions = PrepareOptions &
  FinishOptions & {
    /**
     * The manifest file to write. Default: `<outDir>/manifest.json`. `false`: write none (the entries are returned).
     */
    manifest?: string | false
    /**
     * `merge` (default): keep the other plugins of an existing manifest and replace these; `replace`: a manifest of
     * these plugins only.
     */
    manifestMode?: 'merge' | 'replace'
    /**
     * Also build the first-open bundle: the `open` plugins of this build (but `optIn` ones) as one more container
     * in `<outDir>/bundles/<hash>/`, named in each member's manifest entry (see bundle.ts). Default: false.
     */
    bundle?: boolean | { optIn?: readonly string[] }
  }

export type BuildPluginsResult = {
  plugins: BuiltPlugin[]
  /** The bundle, when `bundle` was asked for and at least two of the plugins load on open. */
  bundle?: BuiltBundle | undefined
  /** The manifest as written (after the manifest schema applied its defaults). */
  manifest: Record<string, unknown>
  manifestFile: string | undefined
}

/**
 * Builds plugin packages into federated remotes and writes their manifest entries: the command
 * `portico-plugin build` in a function.
 *
 * @example
 * const { plugins } = await buildPlugins([{ dir: './my-plugin' }], { outDir: './cdn', publicUrl: 'https://plugins.example.com/' })
 * plugins[0].entry // { entry: 'https://plugins.example.com/my-plugin/0.1.0+3f2a9c1b7d/remoteEntry.js', integrity: 'sha384-…', ... }
 */
export async function buildPlugins(targets: readonly PluginTarget[], options: BuildPluginsOptions): Promise<BuildPluginsResult> {
  const log = options.log ?? (() => {})
  const prepared = await preparePlugins(targets, options)
  mkdirSync(resolve(options.outDir), { recursive: true })
  const members = options.bundle ? bundleMembers(prepared, typeof options.bundle === 'object' ? options.bundle : {}) : []
  const bundle = members.length
    ? prepareBundle(members, { outDir: options.outDir, source: options.source ?? false, container: options.bundleRuntime ? 'enhanced' : 'classic', externalRuntime: !options.bundleRuntime })
    : undefined
  let stats: Stats[]
  try {
    stats = await runRspack([...prepared.map((p) => p.config), ...(bundle ? [bundle.config] : [])])
  } catch (error) {
    for (const p of [...prepared, ...(bundle ? [bundle] : [])]) rmStaging(p.stagingDir, options.outDir)
    throw error
  }
  const plugins = prepared.map((p, i) => finishPlugin(p, stats[i]!, options))
  for (const b of plugins) log(`plugin ${b.name}: ${relative(options.root ?? process.cwd(), b.buildDir)} (${b.status === 'published' ? 'new build' : 'unchanged, already published'})`)
  const built = bundle ? finishBundle(bundle, stats[prepared.length]!, plugins, options) : undefined
  if (built) log(`bundle of ${Object.keys(built.refs).join(', ')}: ${relative(options.root ?? process.cwd(), built.buildDir)} (${built.status === 'published' ? 'new build' : 'unchanged, already published'})`)
  const manifestFile = options.manifest === false ? undefined : resolve(options.manifest ?? join(options.outDir, 'manifest.json'))
  const existing = manifestFile && options.manifestMode !== 'replace' ? readManifestEntries(manifestFile) : undefined
  if (existing?.signed) log(`${manifestFile} was signed: written unsigned with the new entries, sign it again (portico-plugin sign)`)
  const entries: ManifestEntries = { ...(existing?.entries ?? {}) }
  for (const b of plugins) entries[b.name] = built?.refs[b.name] ? { ...b.entry, bundle: built.refs[b.name] } : b.entry
  const contracts = await contractsFor(prepared[0]?.plugin.dir ?? resolve(options.outDir), options.source)
  const checked = contracts.PluginManifestSchema.safeParse(entries)
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `  - ${i.path.map(String).join('.') || '(manifest)'}: ${i.message}`)
    throw new Error(`The manifest${manifestFile ? ` ${manifestFile}` : ''} would not be valid, so it was not written:\n${issues.join('\n')}`)
  }
  const manifest = checked.data as Record<string, unknown>
  if (manifestFile) writeManifestFile(manifestFile, manifest)
  return { plugins, bundle: built, manifest, manifestFile }
}

function rmStaging(stagingDir: string, outDir: string) {
  rmSync(stagingDir, { recursive: true, force: true })
  try {
    rmdirSync(join(resolve(outDir), '.staging'))
  } catch {
    // not empty, or gone
  }
}

/**
 * Builds one plugin package (`<dir>/package.json` + `<dir>/src/plugin.ts`) into `<outDir>` and adds its entry to
 * `<outDir>/manifest.json`.
 *
 * @example
 * const built = await buildPlugin('./my-plugin', { outDir: './cdn' })
 * built.entry.version // '0.1.0+3f2a9c1b7d'
 */
export async function buildPlugin(dir: string, options: BuildPluginsOptions & { name?: string }): Promise<BuiltPlugin & { manifestFile: string | undefined }> {
  const { plugins, manifestFile } = await buildPlugins([{ dir, name: options.name }], options)
  return { ...plugins[0]!, manifestFile }
}
