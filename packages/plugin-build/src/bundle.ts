/**
 * A bundle of plugins: the plugins a page loads together on its first open (`activation: 'open'`), built as one
 * more container beside their own remotes. Each member's manifest entry names the bundle and the build of the member
 * it holds; a kernel loads a member from the bundle only while that build is the one the manifest lists, so a
 * plugin published again on its own is taken from its own remote, and the bundle never holds a plugin back.
 *
 * One entry and one set-up chunk instead of one pair per plugin: fewer requests on the first open, and the code the
 * plugins share (zod, the contracts, the container runtime) downloaded and run once.
 */
import { createHash } from 'node:crypto'
import { readFileSync, rmdirSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { Configuration, Stats } from '@rspack/core'
import type { BuiltPlugin, PreparedPlugin } from './build.js'
import { contentHash, publishFolder } from './files.js'
import type { FinishOptions } from './finish.js'
import { sri } from './metadata.js'
import { normalizePublicUrl } from './publicUrl.js'
import { BUNDLE_CHUNK, bundleConfig, REMOTE_ENTRY, type RemoteConfigOptions } from './remoteConfig.js'

/** Bundles live in `<outDir>/bundles/<content hash>/`. */
export const BUNDLES_DIR = 'bundles'

export type PreparedBundle = {
  members: readonly PreparedPlugin[]
  /** The container's global name: `portico_bundle_<hash of the member names>`. */
  container: string
  stagingDir: string
  config: Configuration
}

/** A file of a container with its sha384, as the manifest lists it. */
type HintedFile = { file: string; integrity: string }

/** What a member's manifest entry says of the bundle (`entry.bundle`). */
export type BundleRef = {
  /** The container's global name. */
  container: string
  entry: string
  integrity: string
  /** Member → the build (manifest `version`) of it the bundle holds. */
  members: Record<string, string>
  /** The bundle's set-up chunk and its stylesheet. */
  preload: HintedFile[]
  /** This member's views' chunks in the bundle. */
  viewPreload?: Record<string, HintedFile[]>
}

export type BuiltBundle = {
  container: string
  /** `<outDir>/bundles/<hash>` */
  buildDir: string
  status: 'published' | 'unchanged'
  /** Each member's `bundle` field. */
  refs: Record<string, BundleRef>
  /** Files of the first open (entry, set-up chunk), relative to `<outDir>`, for `npm run size`. */
  files: string[]
}

/**
 * The plugins worth bundling among those prepared: the ones that load on open, but those most hosts leave off
 * (`optIn`: a host that switches one on loads it from its own remote). Fewer than two: no bundle.
 *
 * @example
 * bundleMembers(prepared, { optIn: ['solana'] }).map((p) => p.plugin.name) // ['connect', 'email', 'evm', ...]
 */
export function bundleMembers(prepared: readonly PreparedPlugin[], options: { optIn?: readonly string[] } = {}): PreparedPlugin[] {
  const open = prepared.filter((p) => p.metadata.activation === 'open' && !options.optIn?.includes(p.plugin.name))
  return open.length >= 2 ? open : []
}

let stagingCounter = 0

/**
 * The bundle's rspack configuration (built in the same run as the members' remotes).
 *
 * @example
 * const bundle = prepareBundle(bundleMembers(prepared), { outDir: 'dist/cdn', source: true })
 */
export function prepareBundle(members: readonly PreparedPlugin[], options: { outDir: string } & Omit<RemoteConfigOptions, 'outputPath'>): PreparedBundle {
  const names = members.map((m) => m.plugin.name).sort()
  const container = `portico_bundle_${createHash('sha256').update(names.join('\0')).digest('hex').slice(0, 8)}`
  const stagingDir = join(resolve(options.outDir), '.staging', `bundle-${process.pid}-${Date.now().toString(36)}-${stagingCounter++}`)
  const config = bundleConfig(
    container,
    members.map((m) => ({ name: m.plugin.name, dir: m.plugin.dir, entry: m.plugin.entry })),
    { ...options, outputPath: stagingDir },
  )
  return { members, container, stagingDir, config }
}

/**
 * After rspack wrote the bundle's staging folder: moves it to `<outDir>/bundles/<hash>/` and returns each member's
 * `bundle` manifest field, naming the build of that member its own remote has (`built`, from `finishPlugin`).
 *
 * @example
 * const bundle = finishBundle(prepared, stats, builtPlugins, { outDir: 'dist/cdn' })
 * entries.connect.bundle = bundle.refs.connect
 */
export function finishBundle(prepared: PreparedBundle, stats: Stats, built: readonly BuiltPlugin[], options: FinishOptions): BuiltBundle {
  const hash = contentHash(prepared.stagingDir)
  const folder = `${BUNDLES_DIR}/${hash}`
  const buildDir = join(resolve(options.outDir), BUNDLES_DIR, hash)
  const status = publishFolder(prepared.stagingDir, buildDir)
  try {
    rmdirSync(join(resolve(options.outDir), '.staging'))
  } catch {
    // another build is still staging
  }
  const base = normalizePublicUrl(options.publicUrl) ?? ''
  const hint = (file: string): HintedFile => ({ file: `${base}${folder}/${file}`, integrity: sri(readFileSync(join(buildDir, file))) })
  const json = stats.toJson({ all: false, chunks: true, chunkOrigins: true, ids: true })
  const chunks = json.chunks ?? []
  const setup = chunks.filter((c) => c.names?.includes(BUNDLE_CHUNK)).flatMap((c) => c.files ?? [])
  const asset = (f: string) => f.endsWith('.js') || f.endsWith('.css')
  const preload = [...setup.filter((f) => f.endsWith('.js')), ...setup.filter((f) => f.endsWith('.css'))].map(hint)
  const versions = new Map(built.map((b) => [b.name, b.version]))
  const members: Record<string, string> = {}
  for (const m of prepared.members) {
    const version = versions.get(m.plugin.name)
    if (!version) throw new Error(`the bundle holds "${m.plugin.name}", which was not built with it.`)
    members[m.plugin.name] = version
  }
  const refs: Record<string, BundleRef> = {}
  for (const m of prepared.members) {
    // a view's chunks: those a dynamic import of that request loads, from a module of this member's folder
    const inMember = (identifier: string | undefined) => !!identifier && identifier.includes(m.plugin.dir + sep)
    const viewPreload = Object.entries(m.metadata.viewImports).flatMap(([view, request]) => {
      const files = chunks
        .filter((c) => (c.origins ?? []).some((o) => o.request === request && inMember(o.moduleIdentifier)))
        .flatMap((c) => (c.files ?? []).filter(asset))
      const unique = [...new Set(files)].sort((a, b) => Number(b.endsWith('.js')) - Number(a.endsWith('.js')))
      return unique.length ? [[view, unique.map(hint)] as const] : []
    })
    refs[m.plugin.name] = {
      container: prepared.container,
      entry: `${base}${folder}/${REMOTE_ENTRY}`,
      integrity: sri(readFileSync(join(buildDir, REMOTE_ENTRY))),
      members,
      preload,
      ...(viewPreload.length ? { viewPreload: Object.fromEntries(viewPreload) } : {}),
    }
  }
  return { container: prepared.container, buildDir, status, refs, files: [`${folder}/${REMOTE_ENTRY}`, ...setup.filter((f) => f.endsWith('.js')).map((f) => `${folder}/${f}`)] }
}
