import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ThemeState } from '@portico/contracts/plugin'

export type { ThemeState }

export const themeSlice = createSlice({
  name: 'theme',
  initialState: { themeMode: 'light', themeVariables: {} } as ThemeState,
  reducers: {
    themeModeSet(state, action: PayloadAction<'light' | 'dark'>) {
      state.themeMode = action.payload
    },
    themeVariablesSet(state, action: PayloadAction<Record<string, string | number>>) {
      state.themeVariables = { ...state.themeVariables, ...action.payload }
    },
  },
})
