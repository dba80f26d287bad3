import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'

/** A suggested name (SPEC §3) the service says is free. */
export type NameSuggestion = { name: string }

/**
 * Why the last registration failed: an i18n key with its parameters for the sentences the plugin writes (SPEC §8's
 * "Error registering name {name}"), or the name service's own reason as it gave it (`key` absent).
 */
export type NamesFailure = { message: string; key?: string; params?: Record<string, string> }

/** Where a registration stands: none, waiting on the signature, waiting on the server, done. */
export type RegistrationStep = 'idle' | 'signing' | 'registering' | 'registered'

/**
 * The name service's state (SPEC §3: suggestions and the loading flag), plus the registration's step, the name
 * being registered or last registered, the field's text (kept so the view shows it again after a failure) and the
 * last registration's error.
 */
export type NamesState = {
  /** The suffix names register under (`.portico.id`) and the zone the service is asked for (`portico.id`). */
  suffix: string
  zone: string
  suggestions: NameSuggestion[]
  /** The typed name the suggestions are for. */
  suggestionsFor: string | undefined
  loading: boolean
  step: RegistrationStep
  /** The full name being registered, or registered last. */
  name: string | undefined
  draft: string
  error: NamesFailure | undefined
}

export const initialNamesState: NamesState = {
  suffix: '.portico.id',
  zone: 'portico.id',
  suggestions: [],
  suggestionsFor: undefined,
  loading: false,
  step: 'idle',
  name: undefined,
  draft: '',
  error: undefined,
}

/** The names plugin's slice. */
export const namesSlice = createSlice({
  name: 'names',
  initialState: initialNamesState,
  reducers: {
    configured(state, action: PayloadAction<{ suffix: string; zone: string }>) {
      state.suffix = action.payload.suffix
      state.zone = action.payload.zone
    },
    draftChanged(state, action: PayloadAction<string>) {
      state.draft = action.payload
      state.error = undefined
    },
    suggestionsLoaded(state, action: PayloadAction<{ query: string; suggestions: NameSuggestion[] }>) {
      state.suggestionsFor = action.payload.query
      state.suggestions = action.payload.suggestions
    },
    suggestionsCleared(state) {
      state.suggestionsFor = undefined
      state.suggestions = []
    },
    registrationStarted(state, action: PayloadAction<{ name: string }>) {
      state.loading = true
      state.step = 'signing'
      state.name = action.payload.name
      state.error = undefined
    },
    messageSigned(state) {
      if (state.step === 'signing') state.step = 'registering'
    },
    registrationSucceeded(state, action: PayloadAction<{ name: string }>) {
      state.loading = false
      state.step = 'registered'
      state.name = action.payload.name
      state.draft = ''
      state.suggestions = []
      state.suggestionsFor = undefined
    },
    registrationFailed(state, action: PayloadAction<{ error: NamesFailure }>) {
      state.loading = false
      state.step = 'idle'
      state.error = action.payload.error
    },
    /** SPEC §4: closing the modal on the pending success view cancels it: loading clears. */
    registrationCancelled(state) {
      state.loading = false
      if (state.step !== 'registered') state.step = 'idle'
    },
  },
})

export const namesActions = namesSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    names: NamesState
  }
  interface ViewRegistry {
    RegisterAccountName: undefined
    RegisterAccountNameSuccess: undefined
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectNames(state: PorticoState): NamesState {
  return state.names ?? initialNamesState
}
