import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import type { SwapTokenItem } from './tokens.js'

/** A quote for the form's pair and amount (units as digits: a bigint cannot live in the store). */
export type SwapQuote = { fromAmount: string; toAmount: string; key: string; priceImpact?: number }

/**
 * The swap flow's state: the token lists (for whose account and network), the pair and amount, the latest quote
 * (for which input: `quote.key`), the network fee estimate, and where the approve and swap steps stand.
 */
export type SwapsState = {
  listKey: string | undefined
  tokens: SwapTokenItem[]
  suggested: string[]
  popular: string[]
  tokensStatus: 'idle' | 'loading' | 'ready' | 'failed'
  sourceToken: SwapTokenItem | undefined
  toToken: SwapTokenItem | undefined
  sourceTokenAmount: string
  quote: SwapQuote | undefined
  quoteStatus: 'idle' | 'loading' | 'ready' | 'noRoute' | 'failed'
  /** Wei per gas (digits) and the fee of a swap at it (wei, digits), from the api's gas price. */
  gasPrice: string | undefined
  networkFee: string | undefined
  allowanceStatus: 'idle' | 'loading' | 'enough' | 'short' | 'failed'
  step: 'form' | 'approving' | 'swapping' | 'sent' | 'confirmed'
  /** An i18n key (with params) saying why the last approve or swap did not go through. */
  error: { key: string; params?: Record<string, string> } | undefined
  txHash: string | undefined
}

export const initialSwapsState: SwapsState = {
  listKey: undefined,
  tokens: [],
  suggested: [],
  popular: [],
  tokensStatus: 'idle',
  sourceToken: undefined,
  toToken: undefined,
  sourceTokenAmount: '',
  quote: undefined,
  quoteStatus: 'idle',
  gasPrice: undefined,
  networkFee: undefined,
  allowanceStatus: 'idle',
  step: 'form',
  error: undefined,
  txHash: undefined,
}

const clearQuote = (state: SwapsState) => {
  state.quote = undefined
  state.quoteStatus = 'idle'
  state.allowanceStatus = 'idle'
  state.error = undefined
}

/** The swaps plugin's slice. */
export const swapsSlice = createSlice({
  name: 'swaps',
  initialState: initialSwapsState,
  reducers: {
    tokensRequested(state, action: PayloadAction<{ key: string }>) {
      if (state.listKey !== action.payload.key) {
        state.tokens = []
        state.sourceToken = undefined
        state.toToken = undefined
        clearQuote(state)
      }
      state.listKey = action.payload.key
      state.tokensStatus = 'loading'
    },
    tokensLoaded(state, action: PayloadAction<{ key: string; tokens: SwapTokenItem[]; suggested: string[]; popular: string[] }>) {
      if (state.listKey !== action.payload.key) return
      const { tokens, suggested, popular } = action.payload
      state.tokens = tokens
      state.suggested = suggested
      state.popular = popular
      state.tokensStatus = 'ready'
      // the chosen tokens follow the new balances
      const follow = (t: SwapTokenItem | undefined) => (t ? (tokens.find((x) => x.address.toLowerCase() === t.address.toLowerCase()) ?? t) : t)
      state.sourceToken = follow(state.sourceToken)
      state.toToken = follow(state.toToken)
    },
    tokensFailed(state, action: PayloadAction<{ key: string }>) {
      if (state.listKey === action.payload.key) state.tokensStatus = 'failed'
    },
    sourceTokenSelected(state, action: PayloadAction<SwapTokenItem>) {
      if (state.toToken?.address.toLowerCase() === action.payload.address.toLowerCase()) state.toToken = state.sourceToken
      state.sourceToken = action.payload
      clearQuote(state)
    },
    toTokenSelected(state, action: PayloadAction<SwapTokenItem>) {
      if (state.sourceToken?.address.toLowerCase() === action.payload.address.toLowerCase()) state.sourceToken = state.toToken
      state.toToken = action.payload
      clearQuote(state)
    },
    tokensFlipped(state) {
      const from = state.sourceToken
      state.sourceToken = state.toToken
      state.toToken = from
      clearQuote(state)
    },
    amountChanged(state, action: PayloadAction<string>) {
      state.sourceTokenAmount = action.payload
      clearQuote(state)
    },
    quoteRequested(state, action: PayloadAction<{ key: string }>) {
      // a refresh of the same input keeps the shown quote until the new one arrives
      if (state.quote?.key !== action.payload.key) state.quote = undefined
      state.quoteStatus = 'loading'
    },
    quoteLoaded(state, action: PayloadAction<SwapQuote & { gasPrice?: string; networkFee?: string }>) {
      const { gasPrice, networkFee, ...quote } = action.payload
      state.quote = quote
      state.quoteStatus = 'ready'
      if (gasPrice !== undefined) state.gasPrice = gasPrice
      if (networkFee !== undefined) state.networkFee = networkFee
    },
    /**
     * No quote: no route (the shown quote goes: the pools no longer give it), or the api failed (a refresh of the
     * shown quote keeps it on screen, marked failed, so an outage does not wipe the preview).
     */
    quoteFailed(state, action: PayloadAction<{ key: string; noRoute: boolean }>) {
      if (state.quote && state.quote.key !== action.payload.key) return
      if (action.payload.noRoute) state.quote = undefined
      state.quoteStatus = action.payload.noRoute ? 'noRoute' : 'failed'
    },
    allowanceRequested(state) {
      state.allowanceStatus = 'loading'
    },
    allowanceRead(state, action: PayloadAction<'enough' | 'short' | 'failed'>) {
      state.allowanceStatus = action.payload
    },
    approveStarted(state) {
      state.step = 'approving'
      state.error = undefined
    },
    approveFinished(state, action: PayloadAction<{ ok: boolean }>) {
      state.step = 'form'
      if (action.payload.ok) state.allowanceStatus = 'enough'
      else state.error = { key: 'swaps.preview.approveFailed' }
    },
    swapStarted(state) {
      state.step = 'swapping'
      state.error = undefined
    },
    swapFailed(state, action: PayloadAction<{ key: string; params?: Record<string, string> } | undefined>) {
      state.step = 'form'
      state.error = action.payload
    },
    swapSent(state, action: PayloadAction<{ hash: string }>) {
      state.step = 'sent'
      state.txHash = action.payload.hash
    },
    swapConfirmed(state) {
      if (state.step === 'sent') state.step = 'confirmed'
    },
    /** The sent swap reverted on chain (the price moved beyond the slippage tolerance): nothing was swapped. */
    swapReverted(state) {
      state.step = 'form'
      state.txHash = undefined
      state.error = { key: 'swaps.preview.reverted' }
    },
    /** After a swap, a network or account change: the next swap starts from an empty form. */
    swapReset(state) {
      return { ...initialSwapsState, tokens: state.tokens, suggested: state.suggested, popular: state.popular, listKey: state.listKey, tokensStatus: state.tokensStatus }
    },
  },
})

export const swapsActions = swapsSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    swaps: SwapsState
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectSwaps(state: PorticoState): SwapsState {
  return state.swaps ?? initialSwapsState
}
