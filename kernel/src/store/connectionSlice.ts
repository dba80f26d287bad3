import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ChainNamespace } from '@portico/contracts/plugin'

export type RecentWallet = { id: string; name: string; imageUrl?: string; connectorId?: string }

export type ConnectionRecord = {
  namespace: ChainNamespace
  connectorId: string
  address: string
  chainId: string | number
}

export type ConnectionState = {
  status: 'disconnected' | 'connecting' | 'connected'
  wcUri: string | undefined
  wcPairingExpiry: number | undefined
  wcLinking: { name: string; href: string } | undefined
  recentWallets: RecentWallet[]
  connections: ConnectionRecord[]
  lastConnectorId: string | undefined
  /** Error of the last connect attempt, for the ConnectingExternal view. */
  connectError: { connectorId: string; message: string; declined: boolean } | undefined
}

const initialState: ConnectionState = {
  status: 'disconnected',
  wcUri: undefined,
  wcPairingExpiry: undefined,
  wcLinking: undefined,
  recentWallets: [],
  connections: [],
  lastConnectorId: undefined,
  connectError: undefined,
}

export const RECENT_WALLETS_LIMIT = 2

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    statusSet(state, action: PayloadAction<ConnectionState['status']>) {
      state.status = action.payload
    },
    wcUriSet(state, action: PayloadAction<{ uri: string; expiry: number }>) {
      state.wcUri = action.payload.uri
      state.wcPairingExpiry = action.payload.expiry
    },
    wcUriReset(state) {
      state.wcUri = undefined
      state.wcPairingExpiry = undefined
    },
    wcLinkingSet(state, action: PayloadAction<ConnectionState['wcLinking']>) {
      state.wcLinking = action.payload
    },
    /** Newest first, at most two; a wallet already listed moves to the front. */
    recentWalletAdded(state, action: PayloadAction<RecentWallet>) {
      state.recentWallets = [action.payload, ...state.recentWallets.filter((w) => w.id !== action.payload.id)].slice(
        0,
        RECENT_WALLETS_LIMIT,
      )
    },
    recentWalletsSet(state, action: PayloadAction<RecentWallet[]>) {
      state.recentWallets = action.payload.slice(0, RECENT_WALLETS_LIMIT)
    },
    connectionAdded(state, action: PayloadAction<ConnectionRecord>) {
      const c = action.payload
      state.connections = [...state.connections.filter((x) => x.namespace !== c.namespace || x.connectorId !== c.connectorId), c]
      state.connectError = undefined
    },
    connectionRemoved(state, action: PayloadAction<{ namespace: ChainNamespace; connectorId?: string }>) {
      const { namespace, connectorId } = action.payload
      state.connections = state.connections.filter((x) => !(x.namespace === namespace && (!connectorId || x.connectorId === connectorId)))
    },
    lastConnectorIdSet(state, action: PayloadAction<string | undefined>) {
      state.lastConnectorId = action.payload
    },
    connectErrorSet(state, action: PayloadAction<ConnectionState['connectError']>) {
      state.connectError = action.payload
    },
  },
})
