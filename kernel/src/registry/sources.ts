import { PluginManifestIndexSchema, parseErrorMessage, type PluginManifestIndex, type PluginManifestIndexEntry } from './deps.js'
import { ManifestError } from './errors.js'

/**
 * One plugin source a host lists: a manifest URL, or the manifest itself (then `url`, when given, is only the base
 * of its relative entries), and optionally the publisher key the host pins for it (its manifest must then be
 * signed by that key).
 */
export type PluginSource = { url?: string | undefined; manifest?: unknown; publicKey?: string | undefined }

/**
 * A source's manifest once fetched, checked and validated (every entry's planning fields: see
 * `PluginManifestIndexSchema`), with the URL its relative entries resolve against.
 */
export type LoadedSource = { manifest: PluginManifestIndex; base: string | undefined }

/** How errors name a source: its URL, else its place in the host's list. */
export const sourceLabel = (source: PluginSource, index: number) => source.url ?? `#${index + 1} (inlined)`

/** True when `raw` is shaped like a signed manifest (`{ manifest, signature }`), whether or not it verifies. */
export function isSignedManifest(raw: unknown): raw is { manifest: unknown; signature: unknown } {
  if (typeof raw !== 'object' || raw === null || !('manifest' in raw) || !('signature' in raw)) return false
  const signature = (raw as { signature: unknown }).signature
  return typeof signature === 'object' && signature !== null && 'sig' in signature
}

/**
 * Fetches (unless inlined), checks and validates one source's manifest (the fields the kernel plans with; the
 * rest of an entry is validated when its plugin loads). A pinned source loads the signature
 * verifier (its own chunk) and is refused unless its publisher key signed it; an unpinned one may be signed or
 * not (its signature is then not checked: nothing says whose key to trust). Errors name the source.
 *
 * @example
 * const { manifest, base } = await loadSource({ url: 'https://cdn.example/manifest.json', publicKey: 'Xq3…' }, 0, fetch)
 */
export async function loadSource(source: PluginSource, index: number, doFetch: typeof fetch): Promise<LoadedSource> {
  const label = sourceLabel(source, index)
  let raw = source.manifest
  if (raw === undefined) {
    if (!source.url) throw new ManifestError('no manifest URL was given.')
    let res: Response
    try {
      res = await doFetch(source.url, { credentials: 'omit' })
    } catch (error) {
      throw new ManifestError('it is unreachable.', error, label)
    }
    if (!res.ok) throw new ManifestError(`it answered HTTP status code: ${res.status}.`, undefined, label)
    raw = await res.json().catch(() => undefined)
  }
  if (source.publicKey) raw = await (await import(/* webpackChunkName: "portico-signature" */ './signature.js')).verifySignedManifest(label, raw, source.publicKey)
  else if (isSignedManifest(raw)) raw = raw.manifest
  const parsed = PluginManifestIndexSchema.safeParse(raw)
  if (!parsed.success) throw new ManifestError(parseErrorMessage(parsed.error), undefined, source.url ? label : undefined)
  return { manifest: parsed.data, base: source.url }
}

/**
 * The plugins of several sources as one manifest, in the host's order: a name two sources list is taken from the
 * first, with a warning. `baseOf` learns each entry's source URL, which its relative files resolve against, and
 * `indexOf` its source's place in the host's list.
 *
 * @example
 * const merged = mergeSources([own, thirdParty], baseOf, (m) => console.warn(m))
 */
export function mergeSources(
  loaded: readonly (LoadedSource & { label: string; index?: number })[],
  baseOf: WeakMap<PluginManifestIndexEntry, string | undefined>,
  warn: (message: string) => void,
  indexOf?: WeakMap<PluginManifestIndexEntry, number>,
): PluginManifestIndex {
  const merged: PluginManifestIndex = {}
  const from = new Map<string, string>()
  for (const { manifest, base, label, index } of loaded)
    for (const [name, entry] of Object.entries(manifest)) {
      if (name in merged) {
        warn(`[portico] plugin "${name}" is in the plugin sources ${from.get(name)} and ${label}; the first one is kept.`)
        continue
      }
      merged[name] = entry
      from.set(name, label)
      baseOf.set(entry, base)
      if (index !== undefined) indexOf?.set(entry, index)
    }
  return merged
}
