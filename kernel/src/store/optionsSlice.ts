import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { OptionsState } from '@portico/contracts/plugin'

export type { OptionsState }

export const optionsSlice = createSlice({
  name: 'options',
  initialState: {
    projectId: undefined,
    metadata: undefined,
    features: {},
    connectMethodsOrder: undefined,
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
