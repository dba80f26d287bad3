/**
 * `portico-plugin prune`: deletes the published build folders no manifest refers to. A build folder is one holding
 * a `remoteEntry.js`; a manifest refers to the folder of each of its entries. Manifests, signatures and other
 * files outside build folders are never touched.
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { normalizePublicUrl } from './publicUrl.js'
import { readManifestEntries } from './manifestFile.js'
import { REMOTE_ENTRY } from './remoteConfig.js'

export type PruneOptions = {
  /**
   * The manifests whose builds are kept: default `<cdnDir>/manifest.json`. Add the manifests still served
   * elsewhere (a previous release pages may still run) so their builds stay.
   */
  manifests?: readonly string[]
  /** The public URL `cdnDir` is served at, to recognise absolute entry URLs in the manifests. */
  publicUrl?: string | undefined
  /** List what would be deleted, delete nothing. */
  dryRun?: boolean
  /** Only these plugins' folders (`<cdnDir>/<plugin>/`); default: every folder under `cdnDir`. */
  plugins?: readonly string[]
}

export type PruneResult = {
  /** Build folders kept, relative to `cdnDir`. */
  kept: string[]
  /** Files deleted (or that would be, in a dry run), relative to `cdnDir`. */
  removed: string[]
}

/** The build folders (relative to `cdnDir`, with `/`) the manifests' entries are in. */
function referredFolders(cdnDir: string, manifests: readonly string[], publicUrl: string | undefined): Set<string> {
  const base = normalizePublicUrl(publicUrl)
  const folders = new Set<string>()
  for (const file of manifests) {
    const read = readManifestEntries(file)
    if (!read) throw new Error(`${file} does not exist: without it, prune cannot tell which builds are still needed, and deletes nothing.`)
    for (const [name, entry] of Object.entries(read.entries)) {
      const url = entry.entry
      if (typeof url !== 'string') throw new Error(`${file}: the entry of "${name}" has no "entry".`)
      // a bundle that holds the plugin is a build folder of its own
      const bundle = (entry.bundle as { entry?: unknown } | undefined)?.entry
      for (const u of typeof bundle === 'string' ? [url, bundle] : [url]) {
        const folder = folderOf(cdnDir, file, u, base)
        if (folder !== undefined) folders.add(folder)
      }
    }
  }
  return folders
}

/** The build folder (relative to `cdnDir`, with `/`) an entry URL of `manifestFile` is in; undefined when not ours. */
function folderOf(cdnDir: string, manifestFile: string, url: string, base: string | undefined): string | undefined {
  let path: string | undefined
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
    // absolute: one of ours only under the public URL
    if (base && url.startsWith(base)) path = join(cdnDir, decodeURIComponent(url.slice(base.length)))
  } else path = resolve(dirname(manifestFile), decodeURIComponent(url))
  if (path === undefined) return undefined
  const folder = relative(cdnDir, dirname(path))
  return folder.startsWith('..') ? undefined : folder.split(sep).join('/')
}

/**
 * Deletes the files of every build folder under `cdnDir` that no manifest refers to, then the folders left empty.
 * Throws, deleting nothing, when a manifest to keep does not exist or cannot be read.
 *
 * @example
 * prune('dist/cdn') // { kept: ['connect/0.1.0+3f2a9c1b7d'], removed: ['connect/0.1.0+0a1b2c3d4e/remoteEntry.js', ...] }
 */
export function prune(cdnDir: string, options: PruneOptions = {}): PruneResult {
  const root = resolve(cdnDir)
  if (!existsSync(root)) throw new Error(`${cdnDir} does not exist.`)
  const manifests = (options.manifests?.length ? options.manifests : [join(root, 'manifest.json')]).map((m) => resolve(m))
  const keep = referredFolders(root, manifests, options.publicUrl)
  const kept: string[] = []
  const removed: string[] = []
  /** Returns whether it deleted something under `dir` (a folder it emptied is deleted too, not one found empty). */
  const visit = (dir: string, rel: string): boolean => {
    const entries = readdirSync(dir, { withFileTypes: true })
    const isBuild = rel !== '' && entries.some((e) => e.isFile() && e.name === REMOTE_ENTRY)
    if (isBuild && keep.has(rel)) kept.push(rel)
    let deleted = false
    for (const e of entries) {
      if (e.name.startsWith('.')) continue
      const childRel = rel ? `${rel}/${e.name}` : e.name
      if (rel === '' && options.plugins && !options.plugins.includes(e.name)) continue
      if (e.isDirectory()) deleted = visit(join(dir, e.name), childRel) || deleted
      else if (isBuild && !keep.has(rel)) {
        removed.push(childRel)
        deleted = true
        if (!options.dryRun) rmSync(join(dir, e.name), { force: true })
      }
    }
    if (deleted && rel !== '' && !options.dryRun && readdirSync(dir).length === 0) rmdirSync(dir)
    return deleted
  }
  visit(root, '')
  return { kept: kept.sort(), removed: removed.sort() }
}
