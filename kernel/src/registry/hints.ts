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
    const e = raw as { entry?: unknown; integrity?: unknown; activation?: unknown; preload?: unknown; viewPreload?: Record<string, unknown> } | null
    if (!e || !isEnabled(name)) continue
    if (e.activation === 'open') {
      const entry = { file: e.entry, integrity: e.integrity }
      if (isFile(entry)) files.push(entry)
      if (Array.isArray(e.preload)) files.push(...e.preload.filter(isFile))
    }
    const viewFiles = e.viewPreload && typeof e.viewPreload === 'object' ? e.viewPreload[view] : undefined
    if (Array.isArray(viewFiles)) files.push(...viewFiles.filter(isFile))
  }
  hintScripts(files, base)
}
