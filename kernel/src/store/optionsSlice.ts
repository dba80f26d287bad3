import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** The serializable part of the kernel options, for views. */
export type OptionsState = {
  projectId: string | undefined
  metadata: { name: string; description: string; url: string; icons: string[] } | undefined
  features: Record<string, boolean | Record<string, unknown>>
  connectMethodsOrder: string[]
  embedded: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  debug: boolean
  endpoints: Record<string, string>
  sdkType: string
  sdkVersion: string
}

export const optionsSlice = createSlice({
  name: 'options',
  initialState: {
    projectId: undefined,
    metadata: undefined,
    features: {},
    connectMethodsOrder: ['email', 'social', 'wallet'],
    embedded: false,
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    debug: false,
    endpoints: {},
    sdkType: 'portico',
    sdkVersion: 'portico-0.1.0',
  } as OptionsState,
  reducers: {
    optionsSet(state, action: PayloadAction<Partial<OptionsState>>) {
      return { ...state, ...action.payload }
    },
  },
})
