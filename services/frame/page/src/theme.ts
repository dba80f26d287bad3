import type { ThemeSync } from '@portico/contracts/schemas'

/** `accent` → `--portico-accent`, `fontFamily` → `--portico-font-family`, as the modal names its variables. */
export function themeVariableName(key: string): string {
  return key.startsWith('--') ? key : `--portico-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
}

/** Values that could pull in resources or break out of the declaration are not applied. */
const UNSAFE_VALUE = /url\(|image-set\(|expression|[;{}<>\\]/i

/**
 * Applies SYNC_THEME to the frame document: the mode as `data-theme`, and the host's `--portico-*` variables (only
 * those: the frame's other styles are not the host's to change). Set through the CSSOM, which the page's CSP allows.
 */
export function applyTheme(doc: Document, theme: ThemeSync): void {
  const root = doc.documentElement
  if (theme.themeMode) root.dataset.theme = theme.themeMode
  for (const [key, raw] of Object.entries(theme.themeVariables ?? {})) {
    const name = themeVariableName(key)
    const value = String(raw)
    if (!name.startsWith('--portico-') || UNSAFE_VALUE.test(value)) continue
    root.style.setProperty(name, value)
  }
}
