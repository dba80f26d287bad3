import { describe, expect, it } from 'vitest'
import { createI18n } from '../../../../kernel/src/i18n/createI18n.js'
import { walletsMessages } from '../messages.js'
import { searchAnnouncement } from './announcements.js'

describe('searchAnnouncement', () => {
  it("counts matches with the plugin's English messages, and uses the empty title for none", () => {
    const { t } = createI18n('en', { en: walletsMessages })
    expect(searchAnnouncement(t, 0)).toBe('No wallet found')
    expect(searchAnnouncement(t, 1)).toBe('1 wallet found')
    expect(searchAnnouncement(t, 1200)).toBe('1,200 wallets found')
  })

  it("a language pack's plural forms follow its locale's rules", () => {
    const i18n = createI18n('ar', {
      en: walletsMessages,
      ar: { 'wallets.results.count.two': 'محفظتان ({count})', 'wallets.results.count.few': '{count} محافظ', 'wallets.results.count.other': '{count} محفظة' },
    })
    const ar = (n: number) => new Intl.NumberFormat('ar').format(n)
    expect(searchAnnouncement(i18n.t, 2)).toBe(`محفظتان (${ar(2)})`)
    expect(searchAnnouncement(i18n.t, 7)).toBe(`${ar(7)} محافظ`)
    expect(searchAnnouncement(i18n.t, 100)).toBe(`${ar(100)} محفظة`)
  })
})
