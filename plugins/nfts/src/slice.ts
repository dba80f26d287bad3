import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import type { Nft } from './schemas.js'

/** Why a list is empty even though the answer was fine. */
export type NftsEmptyReason = 'none' | 'unsupported-network'

export type NftsState = {
  /** Whose NFTs these are: `caipNetworkId|address`. Another key's NFTs are never shown. */
  key: string | undefined
  nfts: Nft[]
  /** Cursor of the next page; `null` when the last page is loaded. */
  next: string | null
  /** Pages shown (1 after a load, more after "show more"). */
  pages: number
  status: 'idle' | 'loading' | 'ready' | 'failed'
  emptyReason: NftsEmptyReason
  loadingMore: boolean
  /** The last "show more" failed; the grid keeps what it has and offers a retry. */
  moreFailed: boolean
}

export const initialNftsState: NftsState = {
  key: undefined,
  nfts: [],
  next: null,
  pages: 0,
  status: 'idle',
  emptyReason: 'none',
  loadingMore: false,
  moreFailed: false,
}

/** The nfts plugin's slice: the active account's NFTs on the active network, page by page. */
export const nftsSlice = createSlice({
  name: 'nfts',
  initialState: initialNftsState,
  reducers: {
    /** A (re)load started; the NFTs of the same key stay on screen meanwhile. */
    nftsRequested(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) {
        state.key = action.payload.key
        state.nfts = []
        state.next = null
        state.pages = 0
      }
      state.status = 'loading'
      state.loadingMore = false
      state.moreFailed = false
    },
    nftsLoaded(state, action: PayloadAction<{ key: string; nfts: Nft[]; next: string | null; emptyReason?: NftsEmptyReason }>) {
      if (state.key !== action.payload.key) return // an answer for an account or network left since
      state.nfts = action.payload.nfts
      state.next = action.payload.next
      state.pages = 1
      state.emptyReason = action.payload.emptyReason ?? 'none'
      state.status = 'ready'
    },
    nftsFailed(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) return
      state.status = 'failed'
    },
    moreRequested(state) {
      state.loadingMore = true
      state.moreFailed = false
    },
    moreLoaded(state, action: PayloadAction<{ key: string; cursor: string; nfts: Nft[]; next: string | null }>) {
      const { key, cursor, nfts, next } = action.payload
      if (state.key !== key || state.next !== cursor) return // the grid was reloaded meanwhile
      const id = (n: Nft) => `${n.chainId}|${n.contract}|${n.tokenId}`
      const seen = new Set(state.nfts.map(id))
      state.nfts.push(...nfts.filter((n) => !seen.has(id(n))))
      state.next = next
      state.pages += 1
      state.loadingMore = false
    },
    moreFailed(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) return
      state.loadingMore = false
      state.moreFailed = true
    },
    /** The account or network changed, or the account left: forget, and load when the tab shows. */
    nftsReset() {
      return initialNftsState
    },
  },
})

export const nftsActions = nftsSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    nfts: NftsState
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectNfts(state: PorticoState): NftsState {
  return state.nfts ?? initialNftsState
}
