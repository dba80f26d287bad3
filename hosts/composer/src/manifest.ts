import { PluginManifestSchema, type PluginManifest, type PluginManifestEntry } from '@portico/contracts/plugin'

/** The groups the composer shows, in display order. Language packs are features that list locales. */
export const GROUPS = [
  { id: 'chains', title: 'Chains', description: 'Chain adapters: the networks a visitor can connect on.' },
  { id: 'connectors', title: 'Connectors', description: 'Ways to connect a wallet.' },
  { id: 'features', title: 'Features', description: 'Views and sections of the modal.' },
  { id: 'languages', title: 'Language packs', description: 'The modal in another language; English is built in.' },
] as const

export type GroupId = (typeof GROUPS)[number]['id']

export type ManifestPlugin = {
  name: string
  group: GroupId
  version: string
  /** Plugins it needs (the manifest's `requires`). */
  requires: readonly string[]
  /** A language pack's locales. */
  locales: readonly string[]
  entry: PluginManifestEntry
}

export type ManifestGroup = { id: GroupId; title: string; description: string; plugins: ManifestPlugin[] }

/** The group a manifest entry belongs to: its `kind`, with features that list locales as language packs. */
export function groupOf(entry: Pick<PluginManifestEntry, 'kind' | 'locales'>): GroupId {
  if (entry.kind === 'adapter') return 'chains'
  if (entry.kind === 'connector') return 'connectors'
  return entry.locales.length > 0 ? 'languages' : 'features'
}

/**
 * The manifest's plugins grouped by kind (chains, connectors, features, language packs), each group sorted by
 * name; empty groups are kept so the page can say they are empty.
 *
 * @example
 * groupManifest(manifest).find((g) => g.id === 'connectors')!.plugins.map((p) => p.name) // ['injected', 'walletconnect']
 */
export function groupManifest(manifest: PluginManifest): ManifestGroup[] {
  const plugins = Object.entries(manifest)
    .map(([name, entry]): ManifestPlugin => ({ name, group: groupOf(entry), version: entry.version, requires: entry.requires, locales: entry.locales, entry }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return GROUPS.map((g) => ({ ...g, plugins: plugins.filter((p) => p.group === g.id) }))
}

export class ManifestLoadError extends Error {
  override name = 'ManifestLoadError'
}

/**
 * Fetches and validates the plugin manifest; rejects with a {@link ManifestLoadError} whose message says what
 * went wrong (unreachable, an HTTP status, not a manifest).
 *
 * @example
 * const manifest = await fetchManifest('http://localhost:4301/manifest.json')
 */
export async function fetchManifest(url: string, doFetch: typeof fetch = (...args) => fetch(...args)): Promise<PluginManifest> {
  let res: Response
  try {
    res = await doFetch(url, { credentials: 'omit', cache: 'no-cache' })
  } catch {
    throw new ManifestLoadError(`The plugin manifest at ${url} is unreachable.`)
  }
  if (!res.ok) throw new ManifestLoadError(`The plugin manifest at ${url} answered HTTP status code: ${res.status}.`)
  const body = await res.json().catch(() => undefined)
  const parsed = PluginManifestSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : ''
    const reason = (issue?.message ?? 'unknown error').replace(/\.$/, '')
    throw new ManifestLoadError(`The plugin manifest at ${url} is not a valid manifest${where}: ${reason}.`)
  }
  return parsed.data
}

/** `names` with every plugin they require, transitively (requirements the manifest does not list are kept out). */
export function withRequirements(names: Iterable<string>, manifest: PluginManifest): string[] {
  const out = new Set<string>()
  const visit = (name: string) => {
    if (out.has(name) || !manifest[name]) return
    out.add(name)
    for (const r of manifest[name].requires) visit(r)
  }
  for (const n of names) visit(n)
  return Object.keys(manifest).filter((n) => out.has(n))
}
