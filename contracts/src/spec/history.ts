import { parseDecimal, toFixedDecimal } from './decimal.js'
import { localeFixed3 } from './localeNumber.js'

/** Operation types of a transaction as the history API reports them (plain data: no schema library needed). */
export const OPERATION_TYPES = [
  'approve',
  'borrow',
  'burn',
  'cancel',
  'claim',
  'deploy',
  'deposit',
  'execute',
  'mint',
  'receive',
  'repay',
  'send',
  'stake',
  'trade',
  'unstake',
  'withdraw',
] as const

/** Operation types whose amounts show with a `+` (the visitor gains tokens). */
export const POSITIVE_OPERATION_TYPES = ['receive', 'deposit', 'borrow', 'claim'] as const
/** Operation types whose amounts show with a `-` (the visitor gives tokens); `send` is added to the spec's list. */
export const NEGATIVE_OPERATION_TYPES = ['withdraw', 'repay', 'burn', 'send'] as const

const positive: ReadonlySet<string> = new Set(POSITIVE_OPERATION_TYPES)
const negative: ReadonlySet<string> = new Set(NEGATIVE_OPERATION_TYPES)

/**
 * Formats a transfer quantity with 3 decimals (rounded half away from zero, exact on strings) and a sign from the
 * operation type; for other types (trade, mint, approve…) the transfer's direction decides (`in` +, `out` -, else
 * none). The quantity's own sign is ignored; an unreadable quantity counts as 0. A non-English `locale` writes the
 * digits and decimal sign its way.
 */
export function formatFungibleAmount(
  quantity: unknown,
  operationType: string,
  direction?: 'in' | 'out' | 'self' | null,
  locale?: string,
): string {
  const d = parseDecimal(quantity)
  const amount = localeFixed3(d ? toFixedDecimal({ ...d, negative: false }, 3, 'round') : '0.000', locale)
  let sign = ''
  if (positive.has(operationType)) sign = '+'
  else if (negative.has(operationType)) sign = '-'
  else if (direction === 'in') sign = '+'
  else if (direction === 'out') sign = '-'
  return `${sign}${amount}`
}

/** The least of a transaction that spam detection reads. */
export type SpamCheckable = {
  transfers?: ReadonlyArray<{
    nft_info?: { flags?: { is_spam?: boolean | null } | null } | null
    fungible_info?: unknown
  }> | null
}

/** True when every transfer is an NFT flagged as spam; a transaction without transfers is not spam. */
export function isAllSpam(tx: SpamCheckable): boolean {
  const transfers = tx.transfers ?? []
  return transfers.length > 0 && transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/** The least of a transaction that grouping reads. */
export type Datable = { metadata: { minedAt: string } }

const rankOf = (ms: number) => (Number.isNaN(ms) ? -Infinity : ms)

/** Transactions of one calendar month. `key` is `YYYY-MM`, or `unknown` (year and month 0) for unreadable dates. */
export type TransactionGroup<T> = { key: string; title: string; year: number; month: number; transactions: T[] }

/** Options for {@link groupTransactionsByMonth}. */
export type GroupTransactionsOptions = { locale?: string; timeZone?: string }

/**
 * Groups transactions by calendar month of `minedAt`, newest month first and newest transaction first in each;
 * titled by month name in the current year and `Month YYYY` otherwise. Unreadable dates go in a last group titled ''.
 */
export function groupTransactionsByMonth<T extends Datable>(
  txs: readonly T[],
  now: number | Date = Date.now(),
  options: GroupTransactionsOptions = {},
): TransactionGroup<T>[] {
  const { locale = 'en-US', timeZone } = options
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', timeZone })
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone })
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone })
  const yearMonth = (ms: number) => {
    const p = parts.formatToParts(ms)
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(p.find((x) => x.type === type)?.value)
    return { year: part('year'), month: part('month') }
  }
  const currentYear = yearMonth(now instanceof Date ? now.getTime() : now).year

  const dated = txs
    .map((tx, index) => ({ tx, index, ms: Date.parse(tx.metadata.minedAt) }))
    // Unreadable dates rank last; ties keep input order.
    .sort((a, b) => rankOf(b.ms) - rankOf(a.ms) || a.index - b.index)

  const groups: TransactionGroup<T>[] = []
  for (const { tx, ms } of dated) {
    let key = 'unknown'
    let group: Omit<TransactionGroup<T>, 'transactions'> = { key, title: '', year: 0, month: 0 }
    if (!Number.isNaN(ms)) {
      const { year, month } = yearMonth(ms)
      key = `${year}-${String(month).padStart(2, '0')}`
      group = { key, year, month, title: (year === currentYear ? monthName : monthYear).format(ms) }
    }
    const last = groups[groups.length - 1]
    if (last?.key === key) last.transactions.push(tx)
    else groups.push({ ...group, transactions: [tx] })
  }
  return groups
}
