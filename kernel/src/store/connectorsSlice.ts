import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ConnectorInfo, ConnectorsState } from '@portico/contracts/plugin'

export type { ConnectorInfo, ConnectorsState }

export const connectorsSlice = createSlice({
  name: 'connectors',
  initialState: { list: [] } as ConnectorsState,
  reducers: {
    connectorAdded(state, action: PayloadAction<ConnectorInfo>) {
      const i = state.list.findIndex((c) => c.id === action.payload.id)
      if (i === -1) state.list.push(action.payload)
      else state.list[i] = action.payload
    },
    connectorRemoved(state, action: PayloadAction<string>) {
      state.list = state.list.filter((c) => c.id !== action.payload)
    },
  },
})
