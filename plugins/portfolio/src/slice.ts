import type { SliceLike } from '@portico/contracts'
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

type Action = { type: string; payload?: any }

/** Action creators of the slice; each action's type is `portfolio/<name>`. */
export const portfolioActions = {
  balancesRequested: (payload: { key: string }) => ({ type: 'portfolio/balancesRequested', payload }),
  balancesLoaded: (payload: { key: string; balances: TokenBalance[]; source?: 'wallet' | 'api'; emptyReason?: EmptyReason }) => ({
    type: 'portfolio/balancesLoaded',
    payload,
  }),
  balancesFailed: (payload: { key: string; at: number }) => ({ type: 'portfolio/balancesFailed', payload }),
  /** The account or network changed while nobody looks: drop what we have, fetch when the tab shows. */
  balancesInvalidated: () => ({ type: 'portfolio/balancesInvalidated' }),
}

/** The reducer, by hand: a remote bundles what it imports, and these spreads cost less than immer. */
function reducer(state: PortfolioState = initialPortfolioState, action: Action): PortfolioState {
  const p = action.payload
  switch (action.type) {
    case 'portfolio/balancesRequested':
      return state.key === p.key ? { ...state, status: 'loading' } : { ...state, key: p.key, balances: [], source: undefined, status: 'loading' }
    case 'portfolio/balancesLoaded':
      if (state.key !== undefined && state.key !== p.key) return state // an answer for an account or network left since
      return { ...state, key: p.key, balances: p.balances, source: p.source, emptyReason: p.emptyReason ?? 'none', status: 'ready', failedAt: undefined }
    case 'portfolio/balancesFailed':
      return { ...state, ...(state.key === p.key ? {} : { key: p.key, balances: [] }), status: 'failed', failedAt: p.at }
    case 'portfolio/balancesInvalidated':
      return { ...state, key: undefined, balances: [], source: undefined, emptyReason: 'none', status: state.status === 'failed' ? 'failed' : 'idle' }
    default:
      return state
  }
}

/** The portfolio plugin's slice: the active account's token balances on the active network. */
export const portfolioSlice = { name: 'portfolio', reducer } satisfies SliceLike

declare module '@portico/contracts' {
  interface LazyLoadedSlices {
    portfolio: PortfolioState
  }
}

/** The slice, read from any state (absent until the plugin is set up). */
export function selectPortfolio(state: unknown): PortfolioState {
  return (state as { portfolio?: PortfolioState }).portfolio ?? initialPortfolioState
}
