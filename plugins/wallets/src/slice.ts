import type { SliceLike } from '@portico/contracts'
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

type Action = { type: string; payload?: any }

/** Action creators of the slice; each action's type is `wallets/<name>`. */
export const walletsActions = {
  configured: (payload: WalletsConfig) => ({ type: 'wallets/configured', payload }),
  topRequested: () => ({ type: 'wallets/topRequested' }),
  topLoaded: (payload: { featured: WalletListing[]; recommended: WalletListing[]; count: number }) => ({ type: 'wallets/topLoaded', payload }),
  topFailed: (payload: { at: number }) => ({ type: 'wallets/topFailed', payload }),
  pageRequested: () => ({ type: 'wallets/pageRequested' }),
  pageLoaded: (payload: { page: number; data: WalletListing[]; count: number }) => ({ type: 'wallets/pageLoaded', payload }),
  pageFailed: () => ({ type: 'wallets/pageFailed' }),
  imagesLoaded: (payload: Record<string, string>) => ({ type: 'wallets/imagesLoaded', payload }),
}

/**
 * The reducer. Written out by hand rather than with Redux Toolkit: a remote bundles what it imports, and a dozen
 * lines of spreads cost less than immer.
 */
function reducer(state: WalletsState = initialWalletsState, action: Action): WalletsState {
  const p = action.payload
  switch (action.type) {
    case 'wallets/configured':
      return { ...state, config: p }
    case 'wallets/topRequested':
      return { ...state, topStatus: 'loading' }
    case 'wallets/topLoaded':
      return { ...state, featured: p.featured, recommended: p.recommended, count: p.count, topStatus: 'ready', topFailedAt: undefined }
    case 'wallets/topFailed':
      return { ...state, topStatus: 'failed', topFailedAt: p.at }
    case 'wallets/pageRequested':
      return { ...state, listStatus: 'loading' }
    case 'wallets/pageLoaded': {
      if (p.page !== state.page + 1) return state // a late answer for a page we already have
      const seen = new Set(state.list.map((w) => w.id))
      const added = (p.data as WalletListing[]).filter((w) => !seen.has(w.id))
      return { ...state, list: [...state.list, ...added], page: p.page, listCount: p.count, listStatus: 'ready' }
    }
    case 'wallets/pageFailed':
      return { ...state, listStatus: 'failed' }
    case 'wallets/imagesLoaded':
      return { ...state, images: { ...state.images, ...p } }
    default:
      return state
  }
}

/** The wallets plugin's slice: registry answers and image URLs, so reopening AllWallets shows them at once. */
export const walletsSlice = { name: 'wallets', reducer } satisfies SliceLike

declare module '@portico/contracts' {
  interface LazyLoadedSlices {
    wallets: WalletsState
  }
}

/** The slice, read from any state (it is absent until the plugin is set up). */
export function selectWallets(state: unknown): WalletsState {
  return (state as { wallets?: WalletsState }).wallets ?? initialWalletsState
}
