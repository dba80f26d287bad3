/** Immutable build folders: a build's content hash, and its move to `<outDir>/<plugin>/<version>+<hash>/`. */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Every file under `dir`, as paths relative to it with `/`, sorted.
 *
 * @example
 * listFiles('cdn/hello/0.1.0+3f2a9c1b7d') // ['600.927c9d72.js', '600.927c9d72.js.map', 'remoteEntry.js', ...]
 */
export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...listFiles(join(dir, entry.name), rel))
    else if (entry.isFile()) out.push(rel)
  }
  return out.sort()
}

/**
 * A short hash of a folder's content (every file's relative path and bytes): two builds share it only when
 * every file is the same.
 *
 * @example
 * contentHash('/tmp/staging/hello') // '3f2a9c1b7d'
 */
export function contentHash(dir: string): string {
  const hash = createHash('sha256')
  for (const file of listFiles(dir)) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(join(dir, file)))
    hash.update('\0')
  }
  return hash.digest('hex').slice(0, 10)
}

/**
 * The version a build is published under: the package version with the content hash as semver build metadata
 * (`0.1.0+3f2a9c1b7d`), so a build whose content changed always has a new version and a new folder.
 *
 * @example
 * buildVersion('0.1.0', '3f2a9c1b7d') // '0.1.0+3f2a9c1b7d'
 */
export function buildVersion(version: string, hash: string): string {
  return `${version.split('+')[0]}+${hash}`
}

/**
 * Moves a finished build from its staging folder to `target`. Published folders are never overwritten: when
 * `target` exists it holds the same bytes (its name is their hash), and the staging copy is dropped.
 *
 * @example
 * publishFolder('cdn/.staging/hello-1', 'cdn/hello/0.1.0+3f2a9c1b7d') // 'published', then 'unchanged' for a rebuild
 */
export function publishFolder(staging: string, target: string): 'published' | 'unchanged' {
  mkdirSync(join(target, '..'), { recursive: true })
  if (existsSync(target)) {
    rmSync(staging, { recursive: true, force: true })
    return 'unchanged'
  }
  try {
    renameSync(staging, target)
    return 'published'
  } catch (error) {
    // another build of the same content got there first
    if (existsSync(target)) {
      rmSync(staging, { recursive: true, force: true })
      return 'unchanged'
    }
    throw error
  }
}
