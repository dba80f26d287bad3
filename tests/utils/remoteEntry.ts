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
