import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ChainNamespace, ConnectorType } from '@portico/contracts/plugin'

/** Serializable facts about a registered connector; the connector object itself lives in the registry. */
export type ConnectorInfo = {
  id: string
  name: string
  type: ConnectorType
  chains: ChainNamespace[]
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
}

export type ConnectorsState = { list: ConnectorInfo[] }

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
