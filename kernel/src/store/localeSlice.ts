import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { LocaleState } from '@portico/contracts/plugin'

export type { LocaleState }

/** The modal's language and writing direction; `kernel.setLocale` changes both. */
export const localeSlice = createSlice({
  name: 'locale',
  initialState: { code: 'en', dir: 'ltr' } as LocaleState,
  reducers: {
    localeSet(_state, action: PayloadAction<LocaleState>) {
      return action.payload
    },
  },
})
