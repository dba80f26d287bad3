/** Where things are in the repository, and which plugins exist. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const DIST = join(ROOT, 'dist')
export const CDN_DIR = join(DIST, 'cdn')
export const DEMO_DIR = join(DIST, 'demo')
/** The bundled host's build (hosts/bundled: kernel + evm + injected + connect + account in one bundle). */
export const BUNDLED_DIR = join(DIST, 'bundled')
/** The wagmi example's build (hosts/wagmi-example: a wagmi app with the bundled plugins and @portico/wagmi). */
export const WAGMI_DIR = join(DIST, 'wagmi')
/** The composer's build (hosts/composer: compose a modal by picking plugins from the CDN). */
export const COMPOSER_DIR = join(DIST, 'composer')
/** Build facts that are not served (per-remote chunk lists for `npm run size`). */
export const STATS_DIR = join(DIST, 'stats')
export const PLUGINS_DIR = join(ROOT, 'plugins')
export const DEMO_SRC = join(ROOT, 'hosts/demo')
export const BUNDLED_SRC = join(ROOT, 'hosts/bundled')
export const WAGMI_SRC = join(ROOT, 'hosts/wagmi-example')
export const COMPOSER_SRC = join(ROOT, 'hosts/composer')

/** The `portico` field of a plugin's package.json: what the manifest says about it. */
export type PorticoField = {
  kind?: 'adapter' | 'connector' | 'feature'
  activation?: 'open' | 'idle' | 'view'
  views?: string[]
  requires?: string[]
  contracts?: string
}

export type PluginPackage = {
  /** Folder name under plugins/, also the plugin's name. */
  name: string
  dir: string
  /** `plugins/<name>/src/plugin.ts` */
  entry: string
  version: string
  packageName: string
  portico: PorticoField
}

export type SkippedPlugin = { name: string; reason: string }

export function readJson<T = any>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

/** The federation container name of a plugin: `portico_<name with - as _>` (@portico/plugin-build's). */
export { remoteName } from '../../packages/plugin-build/src/remoteConfig.ts'

/**
 * Every plugin folder under `pluginsDir`. A plugin exists when `src/plugin.ts` exists; the others (a
 * package.json only, while someone writes them) are returned as skipped with the reason.
 */
export function discoverPlugins(pluginsDir = PLUGINS_DIR): { plugins: PluginPackage[]; skipped: SkippedPlugin[] } {
  const plugins: PluginPackage[] = []
  const skipped: SkippedPlugin[] = []
  if (!existsSync(pluginsDir)) return { plugins, skipped }
  for (const name of readdirSync(pluginsDir).sort()) {
    const dir = resolve(pluginsDir, name)
    const pkgFile = join(dir, 'package.json')
    if (!existsSync(pkgFile)) continue
    const entry = join(dir, 'src/plugin.ts')
    if (!existsSync(entry)) {
      skipped.push({ name, reason: 'no src/plugin.ts yet' })
      continue
    }
    const pkg = readJson(pkgFile)
    plugins.push({
      name,
      dir,
      entry,
      version: pkg.version ?? '0.0.0',
      packageName: pkg.name ?? `@portico/plugin-${name}`,
      portico: pkg.portico ?? {},
    })
  }
  return { plugins, skipped }
}

/** Where the bundled host's build is: `bundledDir`, else beside a given demo folder, else dist/bundled. */
export function bundledDirFor(dirs: { demoDir?: string; bundledDir?: string } = {}): string {
  return dirs.bundledDir ?? (dirs.demoDir ? join(dirs.demoDir, '..', 'bundled') : BUNDLED_DIR)
}

/** Whether the bundled host exists in the repository (hosts/bundled/src/index.tsx). */
export const hasBundledHost = () => existsSync(join(BUNDLED_SRC, 'src/index.tsx'))

/** Where the wagmi example's build is: `wagmiDir`, else beside a given demo folder, else dist/wagmi. */
export function wagmiDirFor(dirs: { demoDir?: string; wagmiDir?: string } = {}): string {
  return dirs.wagmiDir ?? (dirs.demoDir ? join(dirs.demoDir, '..', 'wagmi') : WAGMI_DIR)
}

/** Whether the wagmi example exists in the repository (hosts/wagmi-example/src/index.tsx). */
export const hasWagmiExample = () => existsSync(join(WAGMI_SRC, 'src/index.tsx'))

/** Where the composer's build is: `composerDir`, else beside a given demo folder, else dist/composer. */
export function composerDirFor(dirs: { demoDir?: string; composerDir?: string } = {}): string {
  return dirs.composerDir ?? (dirs.demoDir ? join(dirs.demoDir, '..', 'composer') : COMPOSER_DIR)
}

/** Whether the composer exists in the repository (hosts/composer/src/index.tsx). */
export const hasComposer = () => existsSync(join(COMPOSER_SRC, 'src/index.tsx'))
