import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import type { TokenBalance } from './schemas.js'

/** Why a list is empty even though the answer was fine. */
export type EmptyReason = 'none' | 'unsupported-network'

export type PortfolioState = {
  /** Whose balances these are: `caipNetworkId|address`. Balances of another key are never shown. */
  key: string | undefined
  status: 'idle' | 'loading' | 'ready' | 'failed'
  balances: TokenBalance[]
  /** Where the balances came from: the wallet (`wallet_getAssets`) or the balance endpoint. */
  source: 'wallet' | 'api' | undefined
  emptyReason: EmptyReason
  /** When the last fetch failed (ms since the epoch); retries wait 30 s from here (SPEC §5). */
  failedAt: number | undefined
}

export const initialPortfolioState: PortfolioState = {
  key: undefined,
  status: 'idle',
  balances: [],
  source: undefined,
  emptyReason: 'none',
  failedAt: undefined,
}

/** The portfolio plugin's slice: the active account's token balances on the active network. */
export const portfolioSlice = createSlice({
  name: 'portfolio',
  initialState: initialPortfolioState,
  reducers: {
    balancesRequested(state, action: PayloadAction<{ key: string }>) {
      if (state.key !== action.payload.key) {
        state.key = action.payload.key
        state.balances = []
        state.source = undefined
      }
      state.status = 'loading'
    },
    balancesLoaded(
      state,
      action: PayloadAction<{ key: string; balances: TokenBalance[]; source?: 'wallet' | 'api'; emptyReason?: EmptyReason }>,
    ) {
      const { key, balances, source, emptyReason = 'none' } = action.payload
      if (state.key !== undefined && state.key !== key) return // an answer for an account or network left since
      state.key = key
      state.balances = balances
      state.source = source
      state.emptyReason = emptyReason
      state.status = 'ready'
      state.failedAt = undefined
    },
    balancesFailed(state, action: PayloadAction<{ key: string; at: number }>) {
      if (state.key !== action.payload.key) {
        state.key = action.payload.key
        state.balances = []
      }
      state.status = 'failed'
      state.failedAt = action.payload.at
    },
    /** The account or network changed while nobody looks: drop what we have, fetch when the tab shows. */
    balancesInvalidated(state) {
      state.key = undefined
      state.balances = []
      state.source = undefined
      state.emptyReason = 'none'
      if (state.status !== 'failed') state.status = 'idle'
    },
  },
})

export const portfolioActions = portfolioSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    portfolio: PortfolioState
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectPortfolio(state: PorticoState): PortfolioState {
  return state.portfolio ?? initialPortfolioState
}
