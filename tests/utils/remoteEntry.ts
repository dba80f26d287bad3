/**
 * Where a plugin's remote entry is on the plugin CDN: each build has its own immutable folder,
 * `/<plugin>/<version>+<hash>/remoteEntry.js` (@portico/plugin-build), so tests match the plugin, not the version.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether a URL path is the remote entry of `plugin` (any build of it).
 *
 * @example
 * isRemoteEntry('/connect/0.1.0+f0df0bd28d/remoteEntry.js', 'connect') // true
 */
export function isRemoteEntry(path: string, plugin: string): boolean {
  const prefix = `/${plugin}/`
  return path.startsWith(prefix) && /^[^/]+\/remoteEntry\.js$/.test(path.slice(prefix.length))
}

/**
 * The URL path of `plugin`'s remote entry in the manifest of a CDN folder.
 *
 * @example
 * remoteEntryPath(stack.cdnDir, 'connect') // '/connect/0.1.0+f0df0bd28d/remoteEntry.js'
 */
export function remoteEntryPath(cdnDir: string, plugin: string): string {
  const manifest = JSON.parse(readFileSync(join(cdnDir, 'manifest.json'), 'utf8')) as Record<string, { entry: string }>
  const entry = manifest[plugin]?.entry
  if (!entry) throw new Error(`${join(cdnDir, 'manifest.json')} lists no plugin "${plugin}".`)
  return `/${entry}`
}

type ManifestEntry = { entry: string; version?: string; bundle?: { entry: string; container: string; members: Record<string, string> } }
const readManifest = (cdnDir: string) => JSON.parse(readFileSync(join(cdnDir, 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>

/**
 * The bundle a page takes `plugin` from (its manifest entry names a bundle holding this very build), or undefined.
 *
 * @example
 * bundleOf(stack.cdnDir, 'connect') // { entry: 'bundles/3f2a9c1b7d/remoteEntry.js', container: 'portico_bundle_1a2b3c4d', ... }
 */
export function bundleOf(cdnDir: string, plugin: string): ManifestEntry['bundle'] {
  const entry = readManifest(cdnDir)[plugin]
  return entry?.bundle && entry.bundle.members[plugin] === entry.version ? entry.bundle : undefined
}

/**
 * Whether a URL path is where `plugin`'s code comes from on a page that prefers bundles: the bundle holding its
 * build when the manifest has one, else its own remote entry.
 *
 * @example
 * isEntryOf('/bundles/3f2a9c1b7d/remoteEntry.js', 'connect', stack.cdnDir) // true
 */
export function isEntryOf(path: string, plugin: string, cdnDir: string): boolean {
  const bundle = bundleOf(cdnDir, plugin)
  return bundle ? path === `/${bundle.entry}` : isRemoteEntry(path, plugin)
}

/** The federation container `plugin` is loaded through on such a page: its bundle's, else `portico_<name>`. */
export function containerOf(plugin: string, cdnDir: string): string {
  return bundleOf(cdnDir, plugin)?.container ?? `portico_${plugin.replace(/-/g, '_')}`
}
