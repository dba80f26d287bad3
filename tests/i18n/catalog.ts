import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The English text of the kernel and of every plugin that has `src/messages.ts` (language packs aside): what a
 * language pack must translate.
 */
export async function englishMessages(): Promise<Record<string, string>> {
  const { kernelMessages } = await import('../../kernel/src/i18n/createI18n.js')
  const all: Record<string, string> = { ...kernelMessages }
  for (const name of readdirSync(join(ROOT, 'plugins'))) {
    if (name.startsWith('locale-')) continue
    let mod: Record<string, unknown>
    try {
      mod = await import(pathToFileURL(join(ROOT, 'plugins', name, 'src/messages.ts')).href)
    } catch {
      continue // a plugin without text
    }
    for (const value of Object.values(mod)) if (value && typeof value === 'object') Object.assign(all, value)
  }
  return all
}

/** The plural variants of English keys (`wallets.results.count.one|other`) grouped under their base key. */
export function pluralBases(keys: readonly string[]): Set<string> {
  return new Set(keys.filter((k) => /\.(zero|one|two|few|many|other)$/.test(k)).map((k) => k.replace(/\.[a-z]+$/, '')))
}

/** The `{name}` placeholders of a text, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
