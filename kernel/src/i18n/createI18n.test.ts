import { describe, expect, it } from 'vitest'
import { canonicalLocale, createI18n, directionOf } from './createI18n.js'

describe('i18n', () => {
  it('behavior: locale first, then English, then the key; params substituted', () => {
    const i18n = createI18n('de', { de: { 'modal.close': 'Schließen' } })
    i18n.add({ en: { 'x.hello': 'Hello {name}, {missing}' } })
    expect(i18n.t('modal.close')).toBe('Schließen')
    expect(i18n.t('modal.back')).toBe('Back')
    expect(i18n.t('x.hello', { name: 'Ada' })).toBe('Hello Ada, {missing}')
    expect(i18n.t('no.such.key')).toBe('no.such.key')
  })
})

describe('i18n: locales', () => {
  it('behavior: setLocale switches the language at runtime; a regional tag falls back to its language', () => {
    const i18n = createI18n('en', { es: { 'modal.close': 'Cerrar' } })
    expect(i18n.t('modal.close')).toBe('Close')
    i18n.setLocale('es-MX')
    expect(i18n.locale).toBe('es-MX')
    expect(i18n.t('modal.close')).toBe('Cerrar')
    expect(i18n.t('modal.back')).toBe('Back')
  })

  it('behavior: numbers in params are written the locale way', () => {
    const i18n = createI18n('en', { es: { n: '{n} s' }, ar: { n: '{n} ث' } })
    i18n.add({ en: { n: '{n} seconds' } })
    expect(i18n.t('n', { n: 12345 })).toBe('12,345 seconds')
    i18n.setLocale('es')
    expect(i18n.t('n', { n: 12345 })).toBe('12.345 s')
    i18n.setLocale('ar')
    expect(i18n.t('n', { n: 12 })).toBe(`${new Intl.NumberFormat('ar').format(12)} ث`)
  })

  it('behavior: a numeric count picks the plural form of the locale, then other, then the bare key', () => {
    const i18n = createI18n('en', {
      en: { 'w.one': '{count} wallet', 'w.other': '{count} wallets', bare: '{count} things' },
      ar: { 'w.zero': 'zero {count}', 'w.two': 'two {count}', 'w.few': 'few {count}', 'w.other': 'other {count}' },
    })
    expect(i18n.t('w', { count: 1 })).toBe('1 wallet')
    expect(i18n.t('w', { count: 3 })).toBe('3 wallets')
    expect(i18n.t('bare', { count: 3 })).toBe('3 things')
    i18n.setLocale('ar')
    const ar = (n: number) => new Intl.NumberFormat('ar').format(n)
    expect(i18n.t('w', { count: 0 })).toBe(`zero ${ar(0)}`)
    expect(i18n.t('w', { count: 2 })).toBe(`two ${ar(2)}`)
    expect(i18n.t('w', { count: 5 })).toBe(`few ${ar(5)}`)
    // `one` is missing in this catalogue: other, in Arabic, before English
    expect(i18n.t('w', { count: 1 })).toBe(`other ${ar(1)}`)
  })

  it('behavior: has() tells whether a locale or its language has messages', () => {
    const i18n = createI18n('en', { ja: { x: 'y' } })
    expect(i18n.has('ja')).toBe(true)
    expect(i18n.has('ja-JP')).toBe(true)
    expect(i18n.has('es')).toBe(false)
    expect(i18n.has('en-GB')).toBe(true)
  })

  it('behavior: tags are canonical; direction follows the script', () => {
    expect(canonicalLocale('ES-mx')).toBe('es-MX')
    expect(canonicalLocale('pt_BR')).toBe('pt-BR')
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('ar-EG')).toBe('rtl')
    expect(directionOf('he')).toBe('rtl')
    expect(directionOf('ja')).toBe('ltr')
  })

  it('error: a tag that is not BCP 47 is refused, and setLocale keeps the current locale', () => {
    for (const bad of ['', 'e', 'español', 'en--US', '12', 'x'.repeat(20), 42, null]) expect(canonicalLocale(bad)).toBeUndefined()
    const i18n = createI18n('not a locale')
    expect(i18n.locale).toBe('en')
    i18n.setLocale('ja')
    i18n.setLocale('???')
    expect(i18n.locale).toBe('ja')
  })
})

describe('i18n: host messages', () => {
  it("behavior: the host's messages win over a plugin's or a pack's added later", () => {
    const i18n = createI18n('es', { es: { 'connect.title': 'Entra con tu cartera' } })
    i18n.add({ es: { 'connect.title': 'Conectar billetera', 'modal.close': 'Cerrar' } })
    expect(i18n.t('connect.title')).toBe('Entra con tu cartera')
    expect(i18n.t('modal.close')).toBe('Cerrar')
  })
})
