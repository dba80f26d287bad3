import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AccountExtensions, AccountState, CaipNetworkLike, ChainNamespace, ChainsState } from '@portico/contracts/plugin'

export type { AccountState, ChainsState }

export const emptyAccount = (): AccountState => ({ status: 'disconnected', currentTab: 0, allAccounts: [], addressLabels: {} })

const initialState: ChainsState = {
  activeNamespace: undefined,
  activeCaipNetworkId: undefined,
  networks: [],
  pendingNetworkIds: [],
  accounts: {},
}

type Ns = { namespace: ChainNamespace }
const account = (state: ChainsState, ns: ChainNamespace) => (state.accounts[ns] ??= emptyAccount())

/** Networks and the account of each chain namespace. Actions are events: what happened, not which field to set. */
export const chainsSlice = createSlice({
  name: 'chains',
  initialState,
  reducers: {
    networksConfigured(state, action: PayloadAction<{ networks: CaipNetworkLike[]; pendingNetworkIds?: string[] }>) {
      state.networks = action.payload.networks as never
      state.pendingNetworkIds = action.payload.pendingNetworkIds ?? []
    },
    networkAdded(state, action: PayloadAction<CaipNetworkLike>) {
      const n = action.payload
      if (!state.networks.some((x) => x.caipNetworkId === n.caipNetworkId)) state.networks.push(n as never)
      state.pendingNetworkIds = state.pendingNetworkIds.filter((id) => id !== n.caipNetworkId)
    },
    networkRemoved(state, action: PayloadAction<string>) {
      state.networks = state.networks.filter((x) => x.caipNetworkId !== action.payload)
    },
    activeNetworkChanged(state, action: PayloadAction<{ caipNetworkId: string }>) {
      state.activeCaipNetworkId = action.payload.caipNetworkId
      state.activeNamespace = action.payload.caipNetworkId.split(':')[0] as ChainNamespace
    },
    activeNamespaceChanged(state, action: PayloadAction<ChainNamespace | undefined>) {
      state.activeNamespace = action.payload
    },
    accountConnecting(state, action: PayloadAction<Ns>) {
      account(state, action.payload.namespace).status = 'connecting'
    },
    /** A connect attempt ended without a connection; an account that was connected stays so. */
    accountConnectFailed(state, action: PayloadAction<Ns>) {
      const a = account(state, action.payload.namespace)
      if (!a.address) a.status = 'disconnected'
    },
    accountConnected(
      state,
      action: PayloadAction<
        Ns & { address: string; caipAddress: string; connectorId: string; allAccounts: AccountState['allAccounts']; walletInfo: AccountState['connectedWalletInfo']; addressExplorerUrl?: string }
      >,
    ) {
      const { namespace, walletInfo, ...rest } = action.payload
      const a = account(state, namespace)
      Object.assign(a, rest, { status: 'connected' as const, connectedWalletInfo: walletInfo })
      if (rest.addressExplorerUrl === undefined) delete a.addressExplorerUrl
    },
    /** The wallet switched account: the balance read for the old one is dropped. */
    accountChanged(state, action: PayloadAction<Ns & { address: string; caipAddress: string; allAccounts: AccountState['allAccounts'] }>) {
      const { namespace, ...rest } = action.payload
      const a = account(state, namespace)
      Object.assign(a, rest)
      delete a.balance
    },
    /** The account's network changed: its CAIP address and explorer link follow, the balance is read again. */
    accountNetworkChanged(state, action: PayloadAction<Ns & { caipAddress: string; addressExplorerUrl?: string }>) {
      const { namespace, caipAddress, addressExplorerUrl } = action.payload
      const a = account(state, namespace)
      a.caipAddress = caipAddress
      if ('addressExplorerUrl' in action.payload) a.addressExplorerUrl = addressExplorerUrl
      delete a.balance
      delete a.balanceError
    },
    accountDisconnected(state, action: PayloadAction<ChainNamespace>) {
      state.accounts[action.payload] = emptyAccount()
    },
    balanceRequested(state, action: PayloadAction<Ns>) {
      account(state, action.payload.namespace).balanceLoading = true
    },
    balanceReceived(state, action: PayloadAction<Ns & { balance: string; symbol: string }>) {
      const a = account(state, action.payload.namespace)
      a.balance = action.payload.balance
      a.balanceSymbol = action.payload.symbol
      a.balanceLoading = false
      delete a.balanceError
    },
    balanceFailed(state, action: PayloadAction<Ns>) {
      const a = account(state, action.payload.namespace)
      a.balanceLoading = false
      a.balanceError = true
    },
    /** A connector learned who is on the other end (the wallet behind a relayed session, or a login's account). */
    walletInfoReported(state, action: PayloadAction<Ns & { walletInfo: NonNullable<AccountState['connectedWalletInfo']> }>) {
      account(state, action.payload.namespace).connectedWalletInfo = action.payload.walletInfo
    },
    /** A name service resolved the account's name and avatar (`null` when it has none). */
    profileReported(state, action: PayloadAction<Ns & { name: string | null; image: string | null }>) {
      const a = account(state, action.payload.namespace)
      a.profileName = action.payload.name
      a.profileImage = action.payload.image
    },
    /** A plugin reports the account fields it declared in `AccountExtensions`. */
    accountDetailsReported(state, action: PayloadAction<Ns & { details: Partial<AccountExtensions> }>) {
      Object.assign(account(state, action.payload.namespace), action.payload.details)
    },
    accountTabSelected(state, action: PayloadAction<Ns & { index: number }>) {
      account(state, action.payload.namespace).currentTab = action.payload.index
    },
  },
})
