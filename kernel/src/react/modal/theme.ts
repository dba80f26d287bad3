import { useMemo, type CSSProperties } from 'react'
import { usePorticoSelector } from '../hooks.js'

/**
 * Turns the host's theme variables into inline CSS custom properties. Keys may be full names
 * (`--portico-accent`) or short ones (`accent`, `fontFamily` → `--portico-font-family`).
 */
export function themeVariablesToStyle(variables: Readonly<Record<string, string | number>>): CSSProperties {
  const style: Record<string, string> = {}
  for (const [key, value] of Object.entries(variables)) {
    const name = key.startsWith('--') ? key : `--portico-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
    style[name] = String(value)
  }
  return style as CSSProperties
}

/** `data-theme`, inline variables, language and writing direction for a themed root element. */
export function useThemeAttributes(): { 'data-theme': 'light' | 'dark'; style: CSSProperties; lang: string; dir: 'ltr' | 'rtl' } {
  const themeMode = usePorticoSelector((s) => s.theme.themeMode)
  const variables = usePorticoSelector((s) => s.theme.themeVariables)
  const { code, dir } = usePorticoSelector((s) => s.locale)
  const style = useMemo(() => themeVariablesToStyle(variables), [variables])
  return { 'data-theme': themeMode, style, lang: code, dir }
}
