import { createSlice, type PayloadAction } from '@portico/kernel'

export type LegalDocuments = { termsUrl?: string; privacyUrl?: string }

export type ConnectState = {
  /** The documents the visitor must agree to before connecting; `null` when the host asks for no agreement. */
  legal: LegalDocuments | null
  /** Whether the visitor ticked the legal checkbox (kept in the plugin's storage for these documents). */
  legalAccepted: boolean
  /** The wallet list waits behind "Continue with a wallet". */
  collapseWallets: boolean
}

const initialState: ConnectState = { legal: null, legalAccepted: false, collapseWallets: false }

/** The Connect view's options as state, so its lazily loaded views read them like any other state. */
export const connectSlice = createSlice({
  name: 'connect',
  initialState,
  reducers: {
    configured(state, action: PayloadAction<{ legal: LegalDocuments | null; collapseWallets: boolean }>) {
      state.legal = action.payload.legal
      state.collapseWallets = action.payload.collapseWallets
    },
    legalAcceptanceChanged(state, action: PayloadAction<boolean>) {
      state.legalAccepted = action.payload
    },
  },
})

export const { configured, legalAcceptanceChanged } = connectSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    connect: ConnectState
  }
}

/** Whether every way to connect is enabled: no agreement asked, or the visitor agreed. */
export const selectConnectAllowed = (state: { connect?: ConnectState }): boolean => !state.connect?.legal || state.connect.legalAccepted
