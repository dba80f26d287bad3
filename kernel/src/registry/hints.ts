/** A file of a remote, relative to the manifest, with its sha384 (a manifest entry's `preload` item). */
export type HintedFile = { file: string; integrity: string }

const hinted = new Set<string>()

/**
 * Asks the browser for remote files now, as `<link rel=preload>` (`as=script`, or `as=style` for a `.css` file) with
 * their sha384 and the same CORS mode as the script and stylesheet tags that load them later, which then take them
 * from the preload instead of fetching again. Each URL once per page. Only a hint: a file's own loader still checks it.
 */
export function hintScripts(files: readonly HintedFile[], base: string | undefined): void {
  if (typeof document === 'undefined') return
  for (const { file, integrity } of files) {
    let href: string
    try {
      href = new URL(file, base ?? location.href).href
    } catch {
      continue
    }
    if (hinted.has(href)) continue
    hinted.add(href)
    const link = document.createElement('link')
    link.rel = 'preload'
    link.setAttribute('as', /\.css$/.test(new URL(href).pathname) ? 'style' : 'script')
    link.href = href
    link.integrity = integrity
    link.crossOrigin = 'anonymous'
    document.head.appendChild(link)
  }
}

/**
 * Whether a page loads a bundle's members from it: when at least half of them are switched on. A bundle holds the
 * plugins most hosts load on the first open; a host that switched most of them off loads the rest from their own
 * remotes rather than downloading the others' code with them.
 *
 * @example
 * preferBundle(['first', 'second', 'third'], (name) => name !== 'second') // true
 */
export function preferBundle(members: readonly string[], isEnabled: (name: string) => boolean): boolean {
  return members.length > 0 && members.filter(isEnabled).length * 2 >= members.length
}

type RawBundle = { entry?: unknown; integrity?: unknown; members?: Record<string, unknown>; preload?: unknown; viewPreload?: Record<string, unknown> }

/** The bundle a raw (unparsed) manifest entry is loaded from: it holds this very build and the page prefers it. */
function rawBundle(name: string, e: { version?: unknown; bundle?: unknown }, isEnabled: (name: string) => boolean): RawBundle | undefined {
  const b = e.bundle as RawBundle | undefined
  if (!b || typeof b !== 'object' || !b.members || typeof b.members !== 'object') return undefined
  if (b.members[name] !== e.version) return undefined
  return preferBundle(Object.keys(b.members), isEnabled) ? b : undefined
}

const isFile = (f: unknown): f is HintedFile =>
  !!f && typeof (f as HintedFile).file === 'string' && /^sha384-[A-Za-z0-9+/]{64}$/.test(String((f as HintedFile).integrity))

/**
 * From a manifest the host inlined (not parsed yet: this runs at the click, before the loader's code is here):
 * the entries and `./plugin` chunks of the enabled `open` plugins, and the chunks of the view about to show. The
 * downloads then start with the modal's shell instead of after the loader, the manifest check and the federation
 * runtime. Anything malformed is skipped; the loader validates the manifest as before.
 */
export function hintFirstOpen(manifest: unknown, base: string | undefined, isEnabled: (name: string) => boolean, view: string): void {
  if (!manifest || typeof manifest !== 'object') return
  const files: HintedFile[] = []
  for (const [name, raw] of Object.entries(manifest as Record<string, unknown>)) {
    const e = raw as { entry?: unknown; integrity?: unknown; version?: unknown; activation?: unknown; preload?: unknown; viewPreload?: Record<string, unknown>; bundle?: unknown } | null
    if (!e || !isEnabled(name)) continue
    // a plugin the page takes from a bundle: the bundle's files instead of its own (each URL is asked for once)
    const from = rawBundle(name, e, isEnabled) ?? e
    if (e.activation === 'open') {
      const entry = { file: from.entry, integrity: from.integrity }
      if (isFile(entry)) files.push(entry)
      if (Array.isArray(from.preload)) files.push(...from.preload.filter(isFile))
    }
    const viewFiles = from.viewPreload && typeof from.viewPreload === 'object' ? from.viewPreload[view] : undefined
    if (Array.isArray(viewFiles)) files.push(...viewFiles.filter(isFile))
  }
  hintScripts(files, base)
}
