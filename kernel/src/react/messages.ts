import type { I18n } from '../i18n/createI18n.js'

/**
 * English defaults for the React shell's strings that the kernel catalogue does not hold (yet). The shell
 * asks `kernel.t` first and falls back to these, so a language pack that defines the keys wins.
 */
export const reactMessages: Readonly<Record<string, string>> = {
  'view.crashed': 'Something went wrong on this screen.',
  'notification.close': 'Dismiss notification',
}

/** Adds {@link reactMessages} to an i18n catalogue (the kernel calls this once when it builds its i18n). */
export function registerReactMessages(i18n: Pick<I18n, 'add'>): void {
  i18n.add({ en: reactMessages })
}

/** `kernel.t`, falling back to the shell's English defaults when the kernel does not know the key. */
export function translateWith(
  t: (key: string, params?: Record<string, string | number>) => string,
  key: string,
  params?: Record<string, string | number>,
): string {
  const text = t(key, params)
  const fallback = reactMessages[key]
  if (text !== key || fallback === undefined) return text
  if (!params) return fallback
  return fallback.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}
