import type { OnrampOptionsResponse, OnrampProvider, OnrampPurchase, OnrampQuoteResponse } from '@portico/contracts/api'
import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import { FALLBACK_ONRAMP_OPTIONS } from './defaults.js'

/**
 * The buy flow's state: the providers, the options (or the SPEC fallback), the form (provider, token, fiat
 * currency, amount), the latest quote (for which input: `quoteKey`), and the checkout being followed.
 */
export type OnrampState = {
  providers: OnrampProvider[]
  providersStatus: 'idle' | 'loading' | 'ready'
  options: OnrampOptionsResponse
  /** `fallback`: the options call failed and the built-in defaults are shown. */
  optionsStatus: 'idle' | 'loading' | 'ready' | 'fallback'
  provider: string | undefined
  purchaseCurrency: string | undefined
  paymentCurrency: string
  amount: string
  quote: OnrampQuoteResponse | undefined
  quoteKey: string | undefined
  quoteStatus: 'idle' | 'loading' | 'ready' | 'placeholder'
  checkout: { id: string | undefined; url: string; provider: string; blocked: boolean } | undefined
  checkoutStatus: 'idle' | 'opening' | 'open' | 'failed'
  /** Why the checkout could not be opened. */
  checkoutError: string | undefined
  purchase: OnrampPurchase | undefined
  /** The latest status read failed (it keeps polling). */
  followFailed: boolean
}

export const initialOnrampState: OnrampState = {
  providers: [],
  providersStatus: 'idle',
  options: FALLBACK_ONRAMP_OPTIONS,
  optionsStatus: 'idle',
  provider: undefined,
  purchaseCurrency: undefined,
  paymentCurrency: 'USD',
  amount: '50.00',
  quote: undefined,
  quoteKey: undefined,
  quoteStatus: 'idle',
  checkout: undefined,
  checkoutStatus: 'idle',
  checkoutError: undefined,
  purchase: undefined,
  followFailed: false,
}

export const onrampSlice = createSlice({
  name: 'onramp',
  initialState: initialOnrampState,
  reducers: {
    providersRequested(state) {
      state.providersStatus = 'loading'
    },
    providersLoaded(state, action: PayloadAction<OnrampProvider[]>) {
      state.providers = action.payload
      state.providersStatus = 'ready'
    },
    optionsRequested(state) {
      if (state.optionsStatus === 'idle') state.optionsStatus = 'loading'
    },
    optionsLoaded(state, action: PayloadAction<OnrampOptionsResponse>) {
      state.options = action.payload
      state.optionsStatus = 'ready'
    },
    /** SPEC §8: the options call failed; the built-in defaults stand in. */
    optionsFailed(state) {
      state.options = FALLBACK_ONRAMP_OPTIONS
      state.optionsStatus = 'fallback'
    },
    providerSelected(state, action: PayloadAction<string>) {
      state.provider = action.payload
    },
    purchaseCurrencySelected(state, action: PayloadAction<string>) {
      state.purchaseCurrency = action.payload
    },
    paymentCurrencySelected(state, action: PayloadAction<string>) {
      state.paymentCurrency = action.payload
    },
    amountChanged(state, action: PayloadAction<string>) {
      state.amount = action.payload
    },
    quoteRequested(state, action: PayloadAction<{ key: string }>) {
      state.quoteKey = action.payload.key
      state.quoteStatus = 'loading'
    },
    quoteLoaded(state, action: PayloadAction<{ key: string; quote: OnrampQuoteResponse; placeholder: boolean }>) {
      if (state.quoteKey !== action.payload.key) return
      state.quote = action.payload.quote
      state.quoteStatus = action.payload.placeholder ? 'placeholder' : 'ready'
    },
    quoteCleared(state) {
      state.quote = undefined
      state.quoteKey = undefined
      state.quoteStatus = 'idle'
    },
    checkoutRequested(state) {
      state.checkoutStatus = 'opening'
      state.checkoutError = undefined
    },
    checkoutOpened(state, action: PayloadAction<{ id: string | undefined; url: string; provider: string; blocked: boolean }>) {
      state.checkout = action.payload
      state.checkoutStatus = 'open'
      state.purchase = undefined
      state.followFailed = false
    },
    checkoutFailed(state, action: PayloadAction<string>) {
      state.checkoutStatus = 'failed'
      state.checkoutError = action.payload
    },
    purchaseUpdated(state, action: PayloadAction<OnrampPurchase | undefined>) {
      state.purchase = action.payload
      state.followFailed = false
    },
    followFailed(state) {
      state.followFailed = true
    },
    /** After a purchase, a network or account change: the next buy starts over (the lists are kept). */
    onrampReset(state) {
      return { ...initialOnrampState, providers: state.providers, providersStatus: state.providersStatus, options: state.options, optionsStatus: state.optionsStatus }
    },
  },
})

export const onrampActions = onrampSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    onramp: OnrampState
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectOnramp(state: PorticoState): OnrampState {
  return state.onramp ?? initialOnrampState
}
