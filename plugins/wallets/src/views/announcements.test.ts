import { describe, expect, it } from 'vitest'
import { walletsMessages } from '../messages.js'
import { searchAnnouncement } from './announcements.js'

/** A catalog that knows only `known`; like kernel.t, it answers the key itself for anything else. */
const catalog =
  (known: Record<string, string>) =>
  (key: string, params?: Record<string, string | number>) =>
    (known[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole))

describe('searchAnnouncement', () => {
  it('counts matches with the plugin\'s English messages, and uses the empty title for none', () => {
    const t = catalog(walletsMessages)
    expect(searchAnnouncement(t, 0)).toBe('No wallet found')
    expect(searchAnnouncement(t, 1)).toBe('1 wallet found')
    expect(searchAnnouncement(t, 42)).toBe('42 wallets found')
  })

  it('a catalog that has the keys wins (language packs)', () => {
    const t = catalog({ 'wallets.results.count.one': '1 billetera', 'wallets.results.count.other': '{count} billeteras' })
    expect(searchAnnouncement(t, 1)).toBe('1 billetera')
    expect(searchAnnouncement(t, 7)).toBe('7 billeteras')
  })
})
