import type { SliceLike } from '@portico/contracts'
import type { Transaction } from './schemas.js'

export type HistoryState = {
  /** Whose history this is: `caipNetworkId|address`. Another key's transactions are never shown. */
  key: string | undefined
  transactions: Transaction[]
  /** Cursor of the next page; `null` when the last page is loaded. */
  next: string | null
  status: 'idle' | 'loading' | 'ready' | 'failed'
  loadingMore: boolean
  /** The last "load more" failed; the list keeps what it has and offers a retry. */
  moreFailed: boolean
}

export const initialHistoryState: HistoryState = {
  key: undefined,
  transactions: [],
  next: null,
  status: 'idle',
  loadingMore: false,
  moreFailed: false,
}

type Action = { type: string; payload?: any }

/** Action creators of the slice; each action's type is `history/<name>`. */
export const historyActions = {
  transactionsRequested: (payload: { key: string }) => ({ type: 'history/transactionsRequested', payload }),
  transactionsLoaded: (payload: { key: string; transactions: Transaction[]; next: string | null }) => ({ type: 'history/transactionsLoaded', payload }),
  /** SPEC §8: "Failed to fetch transactions", with an empty list. */
  transactionsFailed: (payload: { key: string }) => ({ type: 'history/transactionsFailed', payload }),
  moreRequested: () => ({ type: 'history/moreRequested' }),
  moreLoaded: (payload: { key: string; cursor: string; transactions: Transaction[]; next: string | null }) => ({ type: 'history/moreLoaded', payload }),
  moreFailed: (payload: { key: string }) => ({ type: 'history/moreFailed', payload }),
  /** The account or network changed, or the account left: forget, and load when the tab shows. */
  historyReset: () => ({ type: 'history/historyReset' }),
}

/** The reducer, by hand: a remote bundles what it imports, and these spreads cost less than immer. */
function reducer(state: HistoryState = initialHistoryState, action: Action): HistoryState {
  const p = action.payload
  switch (action.type) {
    case 'history/transactionsRequested':
      return {
        ...state,
        ...(state.key === p.key ? {} : { key: p.key, transactions: [], next: null }),
        status: 'loading',
        loadingMore: false,
        moreFailed: false,
      }
    case 'history/transactionsLoaded':
      if (state.key !== p.key) return state // an answer for an account or network left since
      return { ...state, transactions: p.transactions, next: p.next, status: 'ready' }
    case 'history/transactionsFailed':
      if (state.key !== p.key) return state
      return { ...state, transactions: [], next: null, status: 'failed' }
    case 'history/moreRequested':
      return { ...state, loadingMore: true, moreFailed: false }
    case 'history/moreLoaded': {
      if (state.key !== p.key || state.next !== p.cursor) return state // the list was reloaded meanwhile
      const seen = new Set(state.transactions.map((tx) => tx.id))
      const added = (p.transactions as Transaction[]).filter((tx) => !seen.has(tx.id))
      return { ...state, transactions: [...state.transactions, ...added], next: p.next, loadingMore: false }
    }
    case 'history/moreFailed':
      if (state.key !== p.key) return state
      return { ...state, loadingMore: false, moreFailed: true }
    case 'history/historyReset':
      return state === initialHistoryState ? state : initialHistoryState
    default:
      return state
  }
}

/** The history plugin's slice: the active account's transactions on the active network, page by page. */
export const historySlice = { name: 'history', reducer } satisfies SliceLike

declare module '@portico/contracts' {
  interface LazyLoadedSlices {
    history: HistoryState
  }
}

/** The slice, read from any state (absent until the plugin is set up). */
export function selectHistory(state: unknown): HistoryState {
  return (state as { history?: HistoryState }).history ?? initialHistoryState
}
