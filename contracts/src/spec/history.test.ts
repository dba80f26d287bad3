import { describe, expect, it } from 'vitest'
import { formatFungibleAmount, groupTransactionsByMonth, isAllSpam } from './history.js'

describe('formatFungibleAmount', () => {
  it.each(['receive', 'deposit', 'borrow', 'claim'])('behavior: %s gets a + prefix', (type) => {
    expect(formatFungibleAmount('1.23456', type)).toBe('+1.235')
  })

  it.each(['withdraw', 'repay', 'burn', 'send'])('behavior: %s gets a - prefix', (type) => {
    expect(formatFungibleAmount('1.23449', type)).toBe('-1.234')
  })

  it('behavior: trade and other types take the sign from the transfer direction, else none', () => {
    expect(formatFungibleAmount('2', 'trade', 'in')).toBe('+2.000')
    expect(formatFungibleAmount('2', 'trade', 'out')).toBe('-2.000')
    expect(formatFungibleAmount('2', 'trade', 'self')).toBe('2.000')
    expect(formatFungibleAmount('2', 'trade')).toBe('2.000')
    expect(formatFungibleAmount('2', 'approve', null)).toBe('2.000')
    // The operation type wins over the direction.
    expect(formatFungibleAmount('2', 'send', 'in')).toBe('-2.000')
  })

  it('behavior: always 3 decimals, rounded half up exactly on long strings', () => {
    expect(formatFungibleAmount('0.0005', 'receive')).toBe('+0.001')
    expect(formatFungibleAmount('0.00049999999999999999', 'receive')).toBe('+0.000')
    expect(formatFungibleAmount('0.9995', 'receive')).toBe('+1.000')
    expect(formatFungibleAmount('123456789012345678901.2345', 'receive')).toBe('+123456789012345678901.235')
    expect(formatFungibleAmount(7, 'claim')).toBe('+7.000')
  })

  it("behavior: the quantity's own sign is ignored and garbage counts as zero", () => {
    expect(formatFungibleAmount('-5', 'receive')).toBe('+5.000')
    expect(formatFungibleAmount('abc', 'send')).toBe('-0.000')
    expect(formatFungibleAmount(undefined, 'trade')).toBe('0.000')
  })
})

describe('isAllSpam', () => {
  const spam = { nft_info: { flags: { is_spam: true } } }
  const nft = { nft_info: { flags: { is_spam: false } } }
  const fungible = { fungible_info: { symbol: 'ETH' } }

  it('behavior: hidden only when every transfer is spam', () => {
    expect(isAllSpam({ transfers: [spam] })).toBe(true)
    expect(isAllSpam({ transfers: [spam, spam] })).toBe(true)
    expect(isAllSpam({ transfers: [spam, nft] })).toBe(false)
    expect(isAllSpam({ transfers: [spam, fungible] })).toBe(false)
  })

  it('behavior: an empty or missing transfer list is shown', () => {
    expect(isAllSpam({ transfers: [] })).toBe(false)
    expect(isAllSpam({ transfers: null })).toBe(false)
    expect(isAllSpam({})).toBe(false)
  })

  it('behavior: a missing flag is not spam', () => {
    expect(isAllSpam({ transfers: [{ nft_info: {} }] as never })).toBe(false)
    expect(isAllSpam({ transfers: [{ nft_info: null }] })).toBe(false)
  })
})

describe('groupTransactionsByMonth', () => {
  const tx = (id: string, minedAt: string) => ({ id, metadata: { minedAt } })
  const now = Date.UTC(2024, 5, 15)
  const utc = { timeZone: 'UTC' }

  it('behavior: newest month first; current-year months by name, older ones with the year', () => {
    const groups = groupTransactionsByMonth(
      [
        tx('a', '2023-12-31T10:00:00Z'),
        tx('b', '2024-06-01T00:00:00Z'),
        tx('c', '2024-05-20T00:00:00Z'),
        tx('d', '2024-06-10T00:00:00Z'),
        tx('e', '2022-01-05T00:00:00Z'),
      ],
      now,
      utc,
    )
    expect(groups.map((g) => [g.key, g.title, g.transactions.map((t) => t.id)])).toEqual([
      ['2024-06', 'June', ['d', 'b']],
      ['2024-05', 'May', ['c']],
      ['2023-12', 'December 2023', ['a']],
      ['2022-01', 'January 2022', ['e']],
    ])
    expect(groups[0]).toMatchObject({ year: 2024, month: 6 })
  })

  it('behavior: months follow the given time zone', () => {
    const late = [tx('x', '2024-01-31T20:00:00Z')]
    expect(groupTransactionsByMonth(late, now, utc)[0]?.title).toBe('January')
    expect(groupTransactionsByMonth(late, now, { timeZone: 'Asia/Tokyo' })[0]?.title).toBe('February')
  })

  it('behavior: the "current year" is taken from now, not from the newest transaction', () => {
    const groups = groupTransactionsByMonth([tx('a', '2024-03-01T00:00:00Z')], Date.UTC(2025, 0, 2), utc)
    expect(groups[0]?.title).toBe('March 2024')
  })

  it('behavior: same-time transactions keep their input order; unreadable dates go last', () => {
    const groups = groupTransactionsByMonth(
      [tx('bad', 'not a date'), tx('first', '2024-06-01T00:00:00Z'), tx('second', '2024-06-01T00:00:00Z')],
      now,
      utc,
    )
    expect(groups.map((g) => [g.key, g.title, g.transactions.map((t) => t.id)])).toEqual([
      ['2024-06', 'June', ['first', 'second']],
      ['unknown', '', ['bad']],
    ])
  })

  it('behavior: titles can be localized', () => {
    expect(groupTransactionsByMonth([tx('a', '2023-03-01T00:00:00Z')], now, { ...utc, locale: 'de-DE' })[0]?.title).toBe(
      'März 2023',
    )
  })

  it('behavior: no transactions, no groups; the input is not mutated', () => {
    expect(groupTransactionsByMonth([], now)).toEqual([])
    const input = [tx('old', '2020-01-01T00:00:00Z'), tx('new', '2024-01-01T00:00:00Z')]
    groupTransactionsByMonth(input, now, utc)
    expect(input.map((t) => t.id)).toEqual(['old', 'new'])
  })
})

describe('formatFungibleAmount in a locale', () => {
  it('behavior: the sign stays, the digits and decimal sign follow the locale', () => {
    expect(formatFungibleAmount('1234.5678', 'receive', null, 'es')).toBe('+1234,568')
    expect(formatFungibleAmount('1.5', 'send', null, 'en')).toBe('-1.500')
  })
})
