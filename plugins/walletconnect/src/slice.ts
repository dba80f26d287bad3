import type { SliceLike } from '@portico/contracts/plugin'
import type { PairingPhase } from './pairing.js'

/** The plugin's slice (`state.walletconnect`): where the connection attempt stands, for the views. */
export type WalletConnectState = {
  phase: PairingPhase
  /** What went wrong, when the phase is `failed`. */
  error: string | undefined
  /** Bumped by every phase change, so a view can tell a new answer from an old one. */
  revision: number
}

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    walletconnect: WalletConnectState
  }
}

export const WALLETCONNECT_SLICE = 'walletconnect'
export const PHASE_CHANGED = 'walletconnect/phaseChanged'

export const initialWalletConnectState: WalletConnectState = { phase: 'idle', error: undefined, revision: 0 }

export function phaseChanged(phase: PairingPhase, error?: string) {
  return { type: PHASE_CHANGED, payload: { phase, error } }
}

/** A plain reducer (the plugin needs no Redux Toolkit of its own). */
export const walletConnectSlice: SliceLike = {
  name: WALLETCONNECT_SLICE,
  reducer(state: WalletConnectState = initialWalletConnectState, action: { type: string; payload?: { phase: PairingPhase; error?: string } }) {
    if (action.type !== PHASE_CHANGED || !action.payload) return state
    return { phase: action.payload.phase, error: action.payload.error, revision: state.revision + 1 }
  },
}
