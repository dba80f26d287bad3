import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findLiterals } from './literals.js'
import { englishMessages } from './catalog.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
const VIEW_ROOTS = [join(ROOT, 'kernel/src'), join(ROOT, 'plugins')]

describe('i18n: no English in views', () => {
  it('behavior: no view of the kernel or a plugin writes user-facing text without t()', () => {
    expect(findLiterals(VIEW_ROOTS, ROOT)).toEqual([])
  })

  it('behavior: the check finds text, read attributes and shown branches, and ignores codes and conditions', () => {
    const found = findLiterals([join(ROOT, 'tests/i18n/fixtures')], ROOT).map((l) => `${l.where}: ${l.text}`)
    expect(found).toEqual(['aria-label: Your wallet', 'text: Choose a wallet', 'alt: Wallet logo', 'placeholder: Search wallets', 'text: Working…'])
  })
})

/** `t('a.key')` and `title: 'a.key'` in the sources: every literal key has English text (a typo shows as the key). */
function usedKeys(): { file: string; key: string }[] {
  const out: { file: string; key: string }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (['node_modules', 'dist', 'test', 'testing'].includes(name)) continue
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const text = readFileSync(path, 'utf8')
        for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) out.push({ file: path.slice(ROOT.length + 1), key: m[1]! })
        for (const m of text.matchAll(/\b(?:title|label):\s*'([a-z]+(?:\.[a-zA-Z]+)+)'/g)) out.push({ file: path.slice(ROOT.length + 1), key: m[1]! })
      }
    }
  }
  VIEW_ROOTS.forEach(walk)
  return out
}

describe('i18n: every key used has English text', () => {
  it('behavior: t() and view titles name keys of the English catalogues', async () => {
    const english = await englishMessages()
    const has = (key: string) => key in english || `${key}.other` in english
    const missing = usedKeys().filter((u) => !has(u.key))
    expect(missing).toEqual([])
  })
})
