import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
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

/** The history plugin's slice: the active account's transactions on the active network, page by page. */
export const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    transactionsRequested(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) {
        state.key = action.payload.key
        state.transactions = []
        state.next = null
      }
      state.status = 'loading'
      state.loadingMore = false
      state.moreFailed = false
    },
    transactionsLoaded(state, action: PayloadAction<{ key: string; transactions: Transaction[]; next: string | null }>) {
      if (state.key !== action.payload.key) return // an answer for an account or network left since
      state.transactions = action.payload.transactions
      state.next = action.payload.next
      state.status = 'ready'
    },
    /** SPEC §8: "Failed to fetch transactions", with an empty list. */
    transactionsFailed(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) return
      state.transactions = []
      state.next = null
      state.status = 'failed'
    },
    moreRequested(state) {
      state.loadingMore = true
      state.moreFailed = false
    },
    moreLoaded(state, action: PayloadAction<{ key: string; cursor: string; transactions: Transaction[]; next: string | null }>) {
      const { key, cursor, transactions, next } = action.payload
      if (state.key !== key || state.next !== cursor) return // the list was reloaded meanwhile
      const seen = new Set(state.transactions.map((tx) => tx.id))
      state.transactions.push(...transactions.filter((tx) => !seen.has(tx.id)))
      state.next = next
      state.loadingMore = false
    },
    moreFailed(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) return
      state.loadingMore = false
      state.moreFailed = true
    },
    /** The account or network changed, or the account left: forget, and load when the tab shows. */
    historyReset() {
      return initialHistoryState
    },
  },
})

export const historyActions = historySlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    history: HistoryState
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectHistory(state: PorticoState): HistoryState {
  return state.history ?? initialHistoryState
}
