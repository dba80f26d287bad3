import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { RouterEntry, RouterState } from '@portico/contracts/plugin'

export type { RouterEntry, RouterState }

const initialState: RouterState = { history: [] }

/** The modal's view stack (SPEC §2). There are no URL routes. */
export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    /** Pushing the view already on top does nothing. */
    pushed(state, action: PayloadAction<RouterEntry>) {
      if (state.history.at(-1)?.view === action.payload.view) return
      state.history.push(action.payload)
    },
    replaced(state, action: PayloadAction<RouterEntry>) {
      if (state.history.length === 0) state.history.push(action.payload)
      else state.history[state.history.length - 1] = action.payload
    },
    reset(state, action: PayloadAction<RouterEntry>) {
      state.history = [action.payload]
    },
    popped(state) {
      if (state.history.length > 1) state.history.pop()
    },
    cleared(state) {
      state.history = []
    },
  },
})
