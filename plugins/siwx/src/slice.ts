import { createSlice, type PayloadAction } from '@portico/kernel'
import type { Session } from '@portico/contracts/schemas'
import type { SiwxTarget } from './config.js'

/** The plugin's slice (`state.siwx`): whether sign-in is on, the prompt and the session of the active account. */
export type SiwxState = {
  enabled: boolean
  required: boolean
  /** The account and chain the prompt asks to sign in, while it asks. */
  pending: SiwxTarget | undefined
  phase: 'idle' | 'signing' | 'declined' | 'failed'
  /** Why the last attempt failed, when `phase` is `failed`. */
  error: string | undefined
  /** The session that covers the active account and chain, if any. */
  session: Session | undefined
}

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    siwx: SiwxState
  }
}

export const initialSiwxState: SiwxState = { enabled: false, required: false, pending: undefined, phase: 'idle', error: undefined, session: undefined }

/** The slice; its actions are events (`siwx/promptOpened`). */
export const siwxSlice = createSlice({
  name: 'siwx',
  initialState: initialSiwxState,
  reducers: {
    configured(state, action: PayloadAction<{ enabled: boolean; required: boolean }>) {
      state.enabled = action.payload.enabled
      state.required = action.payload.required
    },
    /** No session covers the active account: the prompt asks for one. */
    promptOpened(state, action: PayloadAction<{ target: SiwxTarget; required: boolean }>) {
      state.pending = action.payload.target
      state.required = action.payload.required
      state.phase = 'idle'
      state.error = undefined
      state.session = undefined
    },
    signingStarted(state) {
      state.phase = 'signing'
      state.error = undefined
    },
    signingFailed(state, action: PayloadAction<{ declined: boolean; error: string }>) {
      state.phase = action.payload.declined ? 'declined' : 'failed'
      state.error = action.payload.error
    },
    /** A session covers the active account (just signed, or found in the store). */
    sessionFound(state, action: PayloadAction<Session>) {
      state.session = action.payload
      state.pending = undefined
      state.phase = 'idle'
      state.error = undefined
    },
    /** No account, or the prompt was dismissed: nothing is asked and nothing is signed in. */
    promptCleared(state, action: PayloadAction<{ keepSession?: boolean } | undefined>) {
      state.pending = undefined
      state.phase = 'idle'
      state.error = undefined
      if (!action.payload?.keepSession) state.session = undefined
    },
    sessionEnded(state) {
      state.session = undefined
    },
  },
})

export const { configured, promptOpened, signingStarted, signingFailed, sessionFound, promptCleared, sessionEnded } = siwxSlice.actions

/** The slice from the whole state (absent until the plugin is set up). */
export const selectSiwx = (state: { siwx?: SiwxState | undefined }): SiwxState => state.siwx ?? initialSiwxState
