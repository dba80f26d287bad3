import { describe, expect, it } from 'vitest'
import { createI18n } from './createI18n.js'

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
