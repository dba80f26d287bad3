import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ChainNamespace, ConnectionRecord, ConnectionState, RecentWallet } from '@portico/contracts/plugin'
import { RECENT_WALLETS_LIMIT } from '@portico/contracts/spec'

export type { ConnectionRecord, ConnectionState, RecentWallet }

const initialState: ConnectionState = {
  status: 'disconnected',
  recentWallets: [],
  connections: [],
  lastConnectorId: undefined,
  connectError: undefined,
}

export { RECENT_WALLETS_LIMIT }

/** The connections and the last connect attempt. Actions are events. */
export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connectStarted(state) {
      state.status = 'connecting'
      state.connectError = undefined
    },
    connectFailed(state, action: PayloadAction<NonNullable<ConnectionState['connectError']>>) {
      state.status = state.connections.length > 0 ? 'connected' : 'disconnected'
      state.connectError = action.payload
    },
    restoreStarted(state) {
      state.status = 'connecting'
    },
    /** Newest first, at most two; a wallet already listed moves to the front. */
    recentWalletUsed(state, action: PayloadAction<RecentWallet>) {
      state.recentWallets = [action.payload, ...state.recentWallets.filter((w) => w.id !== action.payload.id)].slice(0, RECENT_WALLETS_LIMIT)
    },
    storedConnectionRead(state, action: PayloadAction<{ recentWallets?: RecentWallet[]; lastConnectorId?: string }>) {
      if (action.payload.recentWallets) state.recentWallets = action.payload.recentWallets.slice(0, RECENT_WALLETS_LIMIT)
      if (action.payload.lastConnectorId !== undefined) state.lastConnectorId = action.payload.lastConnectorId
    },
    connectionEstablished(state, action: PayloadAction<ConnectionRecord>) {
      const c = action.payload
      state.connections = [...state.connections.filter((x) => x.namespace !== c.namespace || x.connectorId !== c.connectorId), c]
      state.connectError = undefined
      state.status = 'connected'
    },
    /** The wallet moved to another account or chain. */
    connectionChanged(state, action: PayloadAction<ConnectionRecord>) {
      const c = action.payload
      state.connections = state.connections.map((x) => (x.namespace === c.namespace && x.connectorId === c.connectorId ? c : x))
    },
    /** A connection ended; the connector is remembered as the last one used, and the status follows what is left. */
    connectionClosed(state, action: PayloadAction<{ namespace: ChainNamespace; connectorId: string }>) {
      const { namespace, connectorId } = action.payload
      state.connections = state.connections.filter((x) => !(x.namespace === namespace && x.connectorId === connectorId))
      state.lastConnectorId = connectorId
      if (state.connections.length === 0) state.status = 'disconnected'
    },
    /** No stored connection could be restored. */
    restoreFailed(state, action: PayloadAction<ConnectionRecord[]>) {
      state.status = 'disconnected'
      state.connections = state.connections.filter((x) => !action.payload.some((c) => c.namespace === x.namespace && c.connectorId === x.connectorId))
    },
  },
})
