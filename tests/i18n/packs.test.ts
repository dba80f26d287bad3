import { describe, expect, it } from 'vitest'
import { arMessages } from '@portico/plugin-locale-ar'
import { esMessages } from '@portico/plugin-locale-es'
import { jaMessages } from '@portico/plugin-locale-ja'
import { englishMessages, placeholders, pluralBases } from './catalog.js'

const PACKS: Record<string, Readonly<Record<string, string>>> = { es: esMessages, ja: jaMessages, ar: arMessages }

describe.each(Object.entries(PACKS))('language pack %s', (locale, pack) => {
  it('behavior: translates every English key, keeps its placeholders, and adds no key of its own', async () => {
    const english = await englishMessages()
    const plurals = pluralBases(Object.keys(english))
    const missing = Object.keys(english).filter((k) => !(k in pack))
    // a pack may give plural forms to a key English writes once (Arabic counts seconds in three forms)
    const base = (k: string) => k.replace(/\.(zero|one|two|few|many|other)$/, '')
    const extra = Object.keys(pack).filter((k) => !(k in english) && !plurals.has(base(k)) && !(base(k) in english))
    const changed = Object.keys(english)
      .filter((k) => k in pack && placeholders(pack[k]!).join() !== placeholders(english[k]!).join())
      .map((k) => `${k}: ${pack[k]}`)
    expect({ missing, extra, changed }).toEqual({ missing: [], extra: [], changed: [] })
  })

  it("behavior: every plural key has each of the locale's plural categories, each with its count", async () => {
    const english = await englishMessages()
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    for (const base of pluralBases(Object.keys(english)))
      for (const category of categories) expect(pack[`${base}.${category}`], `${base}.${category}`).toMatch(/\{count\}/)
  })

  it('behavior: the text is translated, not copied: most entries differ from English', async () => {
    const english = await englishMessages()
    const same = Object.keys(english).filter((k) => pack[k] === english[k])
    // a few entries are names or codes in every language (WalletConnect, QR, `{amount} {symbol}`)
    expect(same.length).toBeLessThan(Object.keys(english).length * 0.1)
  })
})
