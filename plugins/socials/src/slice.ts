import { createSlice, type PayloadAction } from '@portico/kernel'
import type { OfferedProvider, SocialProvider } from './providers.js'

/**
 * The plugin's slice (`state.socials`): where the sign-in in progress is. `opening` while the frame prepares the
 * provider's URL, `waiting` while the visitor is at the provider (popup), `redirecting` when the page itself goes
 * there (no popup), `connecting` once a result came back, `error` with a sentence and a retry.
 */
export type SocialsState = {
  status: 'idle' | 'opening' | 'waiting' | 'redirecting' | 'connecting' | 'error'
  provider: SocialProvider | undefined
  error: string | undefined
  /** The providers the Connect view offers, in order (the plugin's `providers` option, or SPEC §9's default). */
  providers: OfferedProvider[]
}

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    socials: SocialsState
  }
}

export const initialSocialsState: SocialsState = { status: 'idle', provider: undefined, error: undefined, providers: [] }

/** The slice; its actions are events (`socials/signInStarted`). */
export const socialsSlice = createSlice({
  name: 'socials',
  initialState: initialSocialsState,
  reducers: {
    providersConfigured(state, action: PayloadAction<OfferedProvider[]>) {
      state.providers = action.payload
    },
    signInStarted(state, action: PayloadAction<SocialProvider | undefined>) {
      state.status = 'opening'
      state.provider = action.payload
      state.error = undefined
    },
    providerOpened(state, action: PayloadAction<'waiting' | 'redirecting'>) {
      state.status = action.payload
    },
    resultReceived(state) {
      state.status = 'connecting'
    },
    signInFailed(state, action: PayloadAction<string>) {
      state.status = 'error'
      state.error = action.payload
    },
    signInEnded(state) {
      state.status = 'idle'
      state.provider = undefined
      state.error = undefined
    },
  },
})

export const { providersConfigured, signInStarted, providerOpened, resultReceived, signInFailed, signInEnded } = socialsSlice.actions
