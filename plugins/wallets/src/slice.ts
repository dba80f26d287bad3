import { createSlice, type PayloadAction } from '@portico/kernel'
import type { WalletListing } from './schemas.js'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed'

/** What the host configured for the registry queries (`features.wallets` or the factory's parameters). */
export type WalletsConfig = {
  /** Wallet ids shown as featured, in this order (at most 4). */
  featuredWalletIds: string[]
  /** When set, only these wallet ids are listed. */
  includeWalletIds: string[]
  /** Wallet ids never listed. */
  excludeWalletIds: string[]
}

export type WalletsState = {
  config: WalletsConfig
  /**
   * The registry's wallet count for the host's networks. The Connect view reads it for the "All wallets" tag;
   * `undefined` until the first answer.
   */
  count: number | undefined
  featured: WalletListing[]
  recommended: WalletListing[]
  topStatus: LoadStatus
  /** When featured and recommended last failed (ms), to space out retries. */
  topFailedAt: number | undefined
  /** Pages of the full list, in order, without the featured and recommended wallets. */
  list: WalletListing[]
  /** Matches of the list query, to know whether another page exists. */
  listCount: number | undefined
  /** Last page loaded (1-based); 0 before the first. */
  page: number
  listStatus: LoadStatus
  /** Object URLs of wallet images by `image_id`. */
  images: Record<string, string>
}

export const initialWalletsState: WalletsState = {
  config: { featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [] },
  count: undefined,
  featured: [],
  recommended: [],
  topStatus: 'idle',
  topFailedAt: undefined,
  list: [],
  listCount: undefined,
  page: 0,
  listStatus: 'idle',
  images: {},
}

/** The wallets plugin's slice: registry answers and image URLs, so reopening AllWallets shows them at once. */
export const walletsSlice = createSlice({
  name: 'wallets',
  initialState: initialWalletsState,
  reducers: {
    configured(state, action: PayloadAction<WalletsConfig>) {
      state.config = action.payload
    },
    topRequested(state) {
      state.topStatus = 'loading'
    },
    topLoaded(state, action: PayloadAction<{ featured: WalletListing[]; recommended: WalletListing[]; count: number }>) {
      state.featured = action.payload.featured
      state.recommended = action.payload.recommended
      state.count = action.payload.count
      state.topStatus = 'ready'
      state.topFailedAt = undefined
    },
    topFailed(state, action: PayloadAction<{ at: number }>) {
      state.topStatus = 'failed'
      state.topFailedAt = action.payload.at
    },
    pageRequested(state) {
      state.listStatus = 'loading'
    },
    pageLoaded(state, action: PayloadAction<{ page: number; data: WalletListing[]; count: number }>) {
      const { page, data, count } = action.payload
      if (page !== state.page + 1) return // a late answer for a page we already have
      const seen = new Set(state.list.map((w) => w.id))
      state.list.push(...data.filter((w) => !seen.has(w.id)))
      state.page = page
      state.listCount = count
      state.listStatus = 'ready'
    },
    pageFailed(state) {
      state.listStatus = 'failed'
    },
    imagesLoaded(state, action: PayloadAction<Record<string, string>>) {
      Object.assign(state.images, action.payload)
    },
  },
})

export const walletsActions = walletsSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    wallets: WalletsState
  }
}

/** The slice, read from the kernel state (it is absent until the plugin is set up). */
export function selectWallets(state: { wallets?: WalletsState | undefined }): WalletsState {
  return state.wallets ?? initialWalletsState
}
