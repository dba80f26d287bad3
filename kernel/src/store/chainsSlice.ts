import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { CaipNetworkLike, ChainNamespace } from '@portico/contracts/plugin'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Account state per chain namespace (SPEC §3). */
export type AccountState = {
  caipAddress?: string
  address?: string
  status: ConnectionStatus
  balance?: string
  balanceSymbol?: string
  balanceLoading?: boolean
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  smartAccountDeployed?: boolean
  currentTab: number
  allAccounts: { address: string; type: string }[]
  preferredAccountType?: string
  socialProvider?: string
  connectedWalletInfo?: { name: string; icon?: string; type?: string }
  connectorId?: string
  user?: Record<string, unknown>
  farcasterUrl?: string
  addressLabels: Record<string, string>
}

export type ChainsState = {
  activeNamespace: ChainNamespace | undefined
  /** Active network id, `namespace:chainId`. Not necessarily in `networks` (then it is unsupported). */
  activeCaipNetworkId: string | undefined
  /** Networks the host configured, resolved to full definitions. */
  networks: CaipNetworkLike[]
  /** Network ids the host asked for that no adapter has defined yet. */
  pendingNetworkIds: string[]
  accounts: Partial<Record<ChainNamespace, AccountState>>
}

export const emptyAccount = (): AccountState => ({ status: 'disconnected', currentTab: 0, allAccounts: [], addressLabels: {} })

const initialState: ChainsState = {
  activeNamespace: undefined,
  activeCaipNetworkId: undefined,
  networks: [],
  pendingNetworkIds: [],
  accounts: {},
}

export const chainsSlice = createSlice({
  name: 'chains',
  initialState,
  reducers: {
    networksSet(state, action: PayloadAction<{ networks: CaipNetworkLike[]; pendingNetworkIds?: string[] }>) {
      state.networks = action.payload.networks as typeof state.networks
      state.pendingNetworkIds = action.payload.pendingNetworkIds ?? []
    },
    networkAdded(state, action: PayloadAction<CaipNetworkLike>) {
      const n = action.payload
      if (!state.networks.some((x) => x.caipNetworkId === n.caipNetworkId)) state.networks.push(n as (typeof state.networks)[number])
      state.pendingNetworkIds = state.pendingNetworkIds.filter((id) => id !== n.caipNetworkId)
    },
    networkRemoved(state, action: PayloadAction<string>) {
      state.networks = state.networks.filter((x) => x.caipNetworkId !== action.payload)
    },
    activeNetworkSet(state, action: PayloadAction<{ caipNetworkId: string }>) {
      state.activeCaipNetworkId = action.payload.caipNetworkId
      state.activeNamespace = action.payload.caipNetworkId.split(':')[0] as ChainNamespace
    },
    activeNamespaceSet(state, action: PayloadAction<ChainNamespace | undefined>) {
      state.activeNamespace = action.payload
    },
    accountUpdated(state, action: PayloadAction<{ namespace: ChainNamespace; patch: Partial<AccountState> }>) {
      const { namespace, patch } = action.payload
      state.accounts[namespace] = { ...(state.accounts[namespace] ?? emptyAccount()), ...patch }
    },
    accountReset(state, action: PayloadAction<ChainNamespace>) {
      state.accounts[action.payload] = emptyAccount()
    },
  },
})
