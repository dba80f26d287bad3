import { ACTIVITY_NAMESPACES, isAllSpam } from '@portico/contracts/spec'
import {
  type ActionLike,
  type ChainNamespace,
  type HttpClient,
  type PorticoState,
  type SchemaLike,
  type ToastVariant,
} from '@portico/contracts/plugin'
import { TransactionSchema, type Transaction } from './schemas.js'
import { historyActions, selectHistory } from './slice.js'

/** What loading transactions needs from the kernel. */
export type HistoryDeps = {
  http: HttpClient
  dispatch: (action: ActionLike) => unknown
  getState: () => PorticoState
  toast: (message: string, variant: ToastVariant) => void
  t: (key: string, params?: Record<string, string | number>) => string
  warn?: (...args: unknown[]) => void
}

/** One page of history as the modal reads it; `dropped` counts transactions that did not parse. */
export type HistoryPage = { data: Transaction[]; next: string | null; dropped: number }

/**
 * The history answer, read leniently: the page must have `data` and `next`, but one transaction the modal cannot
 * read is left out rather than losing the page (servers add operation types and fields over time).
 */
export const HistoryPageSchema: SchemaLike<HistoryPage> = {
  safeParse(value: unknown) {
    const page = value as { data?: unknown; next?: unknown } | null
    if (!page || typeof page !== 'object' || !Array.isArray(page.data) || !(page.next === null || page.next === undefined || typeof page.next === 'string')) {
      return { success: false, error: new Error('A history page needs `data` (a list) and `next` (a cursor or null).') }
    }
    const data: Transaction[] = []
    for (const item of page.data) {
      const parsed = TransactionSchema.safeParse(item)
      if (parsed.success) data.push(parsed.data)
    }
    return { success: true, data: { data, next: typeof page.next === 'string' && page.next ? page.next : null, dropped: page.data.length - data.length } }
  },
}

/** The account whose history shows: the active namespace's connected address on the active network. */
export type HistoryTarget = { namespace: ChainNamespace; address: string; caipNetworkId: string }

/** SPEC §5: fetching transactions requires an account address; `undefined` without one. */
export function historyTarget(state: PorticoState): HistoryTarget | undefined {
  const { activeNamespace: namespace, activeCaipNetworkId: caipNetworkId, accounts } = state.chains
  const account = namespace ? accounts[namespace] : undefined
  if (!namespace || !account?.address || account.status !== 'connected' || !caipNetworkId?.startsWith(`${namespace}:`)) return undefined
  return { namespace, address: account.address, caipNetworkId }
}

export const historyKey = (target: HistoryTarget) => `${target.caipNetworkId}|${target.address}`

/** SPEC §5: only the active chain's transactions, and none whose transfers are all NFT spam. */
export function visibleTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((tx) => tx.metadata.chain === caipNetworkId && !isAllSpam(tx))
}

async function fetchPage(deps: HistoryDeps, target: HistoryTarget, cursor?: string): Promise<HistoryPage> {
  const page = await deps.http.get({
    path: `v1/account/${encodeURIComponent(target.address)}/history`,
    query: { chainId: target.caipNetworkId, ...(cursor ? { cursor } : {}) },
    schema: HistoryPageSchema,
  })
  if (!page) throw new Error('The history endpoint sent an answer that does not match its contract.')
  if (page.dropped) deps.warn?.(`left out ${page.dropped} transaction(s) the modal cannot read`)
  return { ...page, data: visibleTransactions(page.data, target.caipNetworkId) }
}

const supported = (target: HistoryTarget) => (ACTIVITY_NAMESPACES as readonly string[]).includes(target.namespace)

/**
 * Loads the first page of the active account's transactions on the active network (newest first). Empty on
 * networks the api does not serve; on failure "Failed to fetch transactions" with an empty list (SPEC §8).
 */
export async function loadTransactions(deps: HistoryDeps): Promise<void> {
  const target = historyTarget(deps.getState())
  if (!target) {
    deps.dispatch(historyActions.historyReset())
    return
  }
  const key = historyKey(target)
  const current = selectHistory(deps.getState())
  if (current.key === key && current.status === 'loading') return
  deps.dispatch(historyActions.transactionsRequested({ key }))
  try {
    if (!supported(target) || !(await deps.http.isNetworkSupported(target.caipNetworkId))) {
      deps.dispatch(historyActions.transactionsLoaded({ key, transactions: [], next: null }))
      return
    }
    const page = await fetchPage(deps, target)
    deps.dispatch(historyActions.transactionsLoaded({ key, transactions: page.data, next: page.next }))
  } catch (error) {
    deps.warn?.('transactions:', error)
    deps.dispatch(historyActions.transactionsFailed({ key }))
    deps.toast(deps.t('history.failed'), 'error')
  }
}

/** Loads the next page by cursor, when there is one and nothing else is loading. */
export async function loadMoreTransactions(deps: HistoryDeps): Promise<void> {
  const target = historyTarget(deps.getState())
  const current = selectHistory(deps.getState())
  if (!target || current.key !== historyKey(target) || current.status !== 'ready' || !current.next || current.loadingMore) return
  const key = current.key
  const cursor = current.next
  deps.dispatch(historyActions.moreRequested())
  try {
    const page = await fetchPage(deps, target, cursor)
    deps.dispatch(historyActions.moreLoaded({ key, cursor, transactions: page.data, next: page.next }))
  } catch (error) {
    deps.warn?.('more transactions:', error)
    deps.dispatch(historyActions.moreFailed({ key }))
    deps.toast(deps.t('history.failed'), 'error')
  }
}
