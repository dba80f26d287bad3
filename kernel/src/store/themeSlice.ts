import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type ThemeState = { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> }

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
