import { createSlice, type PayloadAction } from '@portico/kernel'
import type { PairingPhase } from './pairing.js'

/** The plugin's slice (`state.walletconnect`): the pairing the views show and where the connection attempt stands. */
export type WalletConnectState = {
  phase: PairingPhase
  /** What went wrong, when the phase is `failed`. */
  error: string | undefined
  /** Bumped by every phase change, so a view can tell a new answer from an old one. */
  revision: number
  /** The pairing URI to show (QR code, copy link, wallet deep link), while a pairing is open (SPEC §3 `wcUri`). */
  wcUri: string | undefined
  /** When that pairing expires (ms since the epoch). */
  wcPairingExpiry: number | undefined
  /** The wallet app the visitor last opened from a WalletConnect view, to reopen it for later requests. */
  wcLinking: { name: string; href: string } | undefined
}

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    walletconnect: WalletConnectState
  }
}

export const WALLETCONNECT_SLICE = 'walletconnect'

export const initialWalletConnectState: WalletConnectState = {
  phase: 'idle',
  error: undefined,
  revision: 0,
  wcUri: undefined,
  wcPairingExpiry: undefined,
  wcLinking: undefined,
}

/** The slice; its actions are events (`walletconnect/pairingUriPublished`). */
export const walletConnectSlice = createSlice({
  name: WALLETCONNECT_SLICE,
  initialState: initialWalletConnectState,
  reducers: {
    phaseChanged: {
      reducer(state, action: PayloadAction<{ phase: PairingPhase; error: string | undefined }>) {
        state.phase = action.payload.phase
        state.error = action.payload.error
        state.revision += 1
      },
      prepare: (phase: PairingPhase, error?: string) => ({ payload: { phase, error } }),
    },
    /** A pairing's URI exists (expiry now + 4 minutes). */
    pairingUriPublished(state, action: PayloadAction<{ uri: string; expiry: number }>) {
      state.wcUri = action.payload.uri
      state.wcPairingExpiry = action.payload.expiry
    },
    /** The pairing ended (approved, refused, given up, lapsed) or the modal closed. */
    pairingUriCleared(state) {
      state.wcUri = undefined
      state.wcPairingExpiry = undefined
    },
    /** The visitor opened a wallet's app from a WalletConnect view. */
    walletAppOpened(state, action: PayloadAction<{ name: string; href: string }>) {
      state.wcLinking = action.payload
    },
  },
})

export const { phaseChanged, pairingUriPublished, pairingUriCleared, walletAppOpened } = walletConnectSlice.actions

/** The slice from the whole state (absent until the plugin is set up). */
export const selectWalletConnect = (state: { walletconnect?: WalletConnectState | undefined }): WalletConnectState =>
  state.walletconnect ?? initialWalletConnectState
