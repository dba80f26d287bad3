import { createSlice, type PayloadAction } from '@portico/kernel'

/**
 * The Farcaster sign-in (`state.socialsFarcaster`): `opening` while the frame opens a channel, `waiting` with its
 * `farcaster://connect?…` URL (SPEC §3 farcasterUrl: the QR code) until a Farcaster app approves it, `connecting`
 * once approved, `expired` after the code's 5 minutes, `error` with a sentence.
 */
export type FarcasterState = {
  status: 'idle' | 'opening' | 'waiting' | 'connecting' | 'expired' | 'error'
  /** The channel's URL, shown as the QR code and copied by "Copy link". */
  url: string | undefined
  error: string | undefined
}

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    socialsFarcaster: FarcasterState
  }
}

export const initialFarcasterState: FarcasterState = { status: 'idle', url: undefined, error: undefined }

/** The slice; its actions are events (`socialsFarcaster/channelOpened`). */
export const farcasterSlice = createSlice({
  name: 'socialsFarcaster',
  initialState: initialFarcasterState,
  reducers: {
    farcasterStarted(state) {
      state.status = 'opening'
      state.url = undefined
      state.error = undefined
    },
    channelOpened(state, action: PayloadAction<string>) {
      state.status = 'waiting'
      state.url = action.payload
    },
    channelApproved(state) {
      state.status = 'connecting'
    },
    channelExpired(state) {
      state.status = 'expired'
    },
    farcasterFailed(state, action: PayloadAction<string>) {
      state.status = 'error'
      state.error = action.payload
    },
    farcasterEnded() {
      return initialFarcasterState
    },
  },
})

export const { farcasterStarted, channelOpened, channelApproved, channelExpired, farcasterFailed, farcasterEnded } = farcasterSlice.actions
