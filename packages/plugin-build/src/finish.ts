/**
 * The last step of a plugin build: its staging folder moved to `<outDir>/<plugin>/<version>+<hash>/` (published
 * folders are never overwritten), and its manifest entry with the sha384 of the entry and of the chunks to preload.
 */
import { readFileSync, rmdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Stats } from '@rspack/core'
import type { PreparedPlugin } from './build.js'
import { buildVersion, contentHash, publishFolder } from './files.js'
import { sri } from './metadata.js'
import { normalizePublicUrl } from './publicUrl.js'
import { REMOTE_ENTRY } from './remoteConfig.js'

/** What `npm run size` and the tests need about a remote: its files, relative to `<outDir>/<plugin>/`. */
export type RemoteStats = {
  name: string
  entry: string
  exposed: string[]
  /** The stylesheets of the `./plugin` chunks (loaded with them: hinted beside them). */
  exposedStyles: string[]
  all: string[]
  /** The JS files of the chunk each dynamic `import('<request>')` of the remote loads, by its request. */
  byImport: Record<string, string[]>
  /** The stylesheets the same chunks load with them, by request. */
  stylesByImport: Record<string, string[]>
}

/** A published build. */
export type BuiltPlugin = {
  name: string
  /** `<package version>+<content hash>` */
  version: string
  /** `<outDir>/<plugin>/<version>` */
  buildDir: string
  /** Whether this build's folder is new, or an identical build was already published. */
  status: 'published' | 'unchanged'
  /** Its manifest entry (before the manifest schema applies defaults). */
  entry: Record<string, unknown>
  stats: RemoteStats
}

/** The remote's chunks from its rspack stats: the entry, the `./plugin` chunks, every JS file, by dynamic import. */
function remoteStats(stats: Stats, name: string, folder: string): RemoteStats {
  const json = stats.toJson({ all: false, chunks: true, chunkRelations: true, chunkOrigins: true, ids: true })
  const chunks = json.chunks ?? []
  const entry = chunks.find((c) => c.entry)
  const exposed = chunks.filter((c) => entry && c.parents?.includes(entry.id!)).flatMap((c) => c.files ?? [])
  const js = (f: string) => f.endsWith('.js')
  const css = (f: string) => f.endsWith('.css')
  const at = (f: string) => `${folder}/${f}`
  // every chunk a dynamic import loads names the import among its origins (a shared split chunk names several)
  const byImport = (keep: (f: string) => boolean) =>
    chunks.reduce<Record<string, string[]>>((out, c) => {
      for (const o of c.origins ?? []) if (o.request) (out[o.request] ??= []).push(...(c.files ?? []).filter(keep).map(at))
      return out
    }, {})
  return {
    name,
    entry: at(REMOTE_ENTRY),
    exposed: exposed.filter(js).map(at),
    exposedStyles: exposed.filter(css).map(at),
    all: chunks.flatMap((c) => c.files ?? []).filter(js).map(at),
    byImport: byImport(js),
    stylesByImport: byImport(css),
  }
}

export type FinishOptions = {
  outDir: string
  /**
   * The public URL `outDir` is served at (`https://plugins.example.com/`): entries and chunks are then absolute
   * URLs in the manifest. Default: paths relative to the manifest, which sits in `outDir`.
   */
  publicUrl?: string | undefined
}

/**
 * After rspack wrote a prepared plugin's staging folder: moves it to `<outDir>/<plugin>/<version>+<hash>/` and
 * returns its manifest entry (entry, sha384 integrity, version, kernel and contracts ranges, kind, views, activation,
 * requires, locales, and the preload hints with their sha384).
 *
 * @example
 * const built = finishPlugin(prepared, stats, { outDir: 'dist/cdn' }) // built.entry.entry === 'hello/0.1.0+3f2a9c1b7d/remoteEntry.js'
 */
export function finishPlugin(prepared: PreparedPlugin, stats: Stats, options: FinishOptions): BuiltPlugin {
  const { plugin, metadata: meta } = prepared
  const version = buildVersion(plugin.version, contentHash(prepared.stagingDir))
  const pluginDir = join(resolve(options.outDir), plugin.name)
  const buildDir = join(pluginDir, version)
  const status = publishFolder(prepared.stagingDir, buildDir)
  try {
    rmdirSync(join(resolve(options.outDir), '.staging'))
  } catch {
    // another build is still staging
  }
  const remote = remoteStats(stats, plugin.name, version)
  const base = normalizePublicUrl(options.publicUrl) ?? ''
  const url = (file: string) => `${base}${plugin.name}/${file}`
  // the `./plugin` chunks and their stylesheets, so the kernel fetches them beside the entry (the entry would ask for
  // them only once it has run: a round trip each on the first open)
  const hint = (file: string) => ({ file: url(file), integrity: sri(readFileSync(join(pluginDir, file))) })
  // and each view's chunks, which the kernel asks for as soon as it knows which view opens first
  const viewPreload = Object.entries(meta.viewImports).flatMap(([view, request]) => {
    const files = [...new Set([...(remote.byImport[request] ?? []), ...(remote.stylesByImport[request] ?? [])])]
    return files.length ? [[view, files.map(hint)] as const] : []
  })
  const entry: Record<string, unknown> = {
    entry: url(remote.entry),
    integrity: sri(readFileSync(join(pluginDir, remote.entry))),
    version,
    ...(meta.kernel !== undefined ? { kernel: meta.kernel } : {}),
    contracts: meta.contracts,
    kind: meta.kind,
    views: meta.views,
    activation: meta.activation,
    requires: meta.requires,
    ...(meta.locales.length ? { locales: meta.locales } : {}),
    preload: [...remote.exposed, ...remote.exposedStyles].map(hint),
    ...(viewPreload.length ? { viewPreload: Object.fromEntries(viewPreload) } : {}),
  }
  return { name: plugin.name, version, buildDir, status, entry, stats: remote }
}
