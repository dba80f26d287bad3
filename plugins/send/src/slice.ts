import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import type { TokenBalance } from '@portico/plugin-portfolio'

/**
 * The send flow's state: SPEC §3's fields (amounts as exact decimal strings, `gasPrice` in wei as digits because
 * a bigint cannot live in the store; `gasPriceInUSD` is the fee of the previewed transaction in USD), plus where
 * the token list and the fee estimate stand.
 */
export type SendState = {
  token: TokenBalance | undefined
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileImageUrl: string | undefined
  receiverProfileName: string | undefined
  /** The address a typed name resolved to (eip155 names, SPEC §7), else undefined. */
  receiverResolvedAddress: string | undefined
  /** Where the lookup of a typed name stands: `unknown` when no address is registered for it. */
  receiverStatus: 'idle' | 'resolving' | 'resolved' | 'unknown' | 'failed'
  gasPrice: string | undefined
  gasPriceInUSD: number | undefined
  networkBalanceInUSD: string | undefined
  tokenBalances: TokenBalance[]
  loading: boolean
  /** Whose balances `tokenBalances` are (`caipNetworkId|address`). */
  balancesKey: string | undefined
  balancesStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** The previewed transaction's estimated gas (units, as digits) and the fee in wei (digits). */
  gas: string | undefined
  fee: string | undefined
  /** Solana: the rent deposit (lamports, digits) of the receiver's token account the transfer creates; else undefined. */
  rent: string | undefined
  feeStatus: 'idle' | 'loading' | 'ready' | 'failed'
}

export const initialSendState: SendState = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  receiverResolvedAddress: undefined,
  receiverStatus: 'idle',
  gasPrice: undefined,
  gasPriceInUSD: undefined,
  networkBalanceInUSD: undefined,
  tokenBalances: [],
  loading: false,
  balancesKey: undefined,
  balancesStatus: 'idle',
  gas: undefined,
  fee: undefined,
  rent: undefined,
  feeStatus: 'idle',
}

const clearFee = (state: SendState) => {
  state.gas = undefined
  state.fee = undefined
  state.rent = undefined
  state.gasPrice = undefined
  state.gasPriceInUSD = undefined
  state.feeStatus = 'idle'
}

/** The send plugin's slice. */
export const sendSlice = createSlice({
  name: 'send',
  initialState: initialSendState,
  reducers: {
    balancesRequested(state, action: PayloadAction<{ key: string }>) {
      if (state.balancesKey !== action.payload.key) state.tokenBalances = []
      state.balancesKey = action.payload.key
      state.balancesStatus = 'loading'
    },
    balancesLoaded(state, action: PayloadAction<{ key: string; balances: TokenBalance[] }>) {
      if (state.balancesKey !== action.payload.key) return // an answer for an account or network left since
      state.tokenBalances = action.payload.balances
      state.balancesStatus = 'ready'
      // the chosen token's balance follows the new list
      const chosen = state.token
      if (chosen) state.token = action.payload.balances.find((b) => b.address === chosen.address && b.symbol === chosen.symbol) ?? chosen
    },
    balancesFailed(state, action: PayloadAction<{ key: string }>) {
      if (state.balancesKey === action.payload.key) state.balancesStatus = 'failed'
    },
    tokenSelected(state, action: PayloadAction<TokenBalance>) {
      state.token = action.payload
      clearFee(state)
    },
    amountChanged(state, action: PayloadAction<string>) {
      state.sendTokenAmount = action.payload
      clearFee(state)
    },
    receiverChanged(state, action: PayloadAction<string>) {
      state.receiverAddress = action.payload
      state.receiverProfileName = undefined
      state.receiverProfileImageUrl = undefined
      state.receiverResolvedAddress = undefined
      state.receiverStatus = 'idle'
      clearFee(state)
    },
    /** A typed name is being looked up. Answers for a receiver no longer typed are ignored (here and below). */
    receiverLookupStarted(state, action: PayloadAction<{ receiver: string }>) {
      if (state.receiverAddress === action.payload.receiver) state.receiverStatus = 'resolving'
    },
    /** The typed name's address, or (a typed address) the receiver's own name and avatar. */
    receiverResolved(state, action: PayloadAction<{ receiver: string; address?: string; name: string | null; image: string | null }>) {
      if (state.receiverAddress !== action.payload.receiver) return
      state.receiverProfileName = action.payload.name ?? undefined
      state.receiverProfileImageUrl = action.payload.image ?? undefined
      if (action.payload.address !== undefined) {
        state.receiverResolvedAddress = action.payload.address
        state.receiverStatus = 'resolved'
      }
    },
    receiverUnresolved(state, action: PayloadAction<{ receiver: string; status: 'unknown' | 'failed' }>) {
      if (state.receiverAddress === action.payload.receiver) state.receiverStatus = action.payload.status
    },
    feeRequested(state) {
      clearFee(state)
      state.feeStatus = 'loading'
    },
    feeEstimated(
      state,
      action: PayloadAction<{ gas: string; gasPrice: string; fee: string; rent?: string; gasPriceInUSD: number; networkBalanceInUSD: string }>,
    ) {
      Object.assign(state, action.payload)
      state.feeStatus = 'ready'
    },
    feeFailed(state) {
      state.feeStatus = 'failed'
    },
    sendStarted(state) {
      state.loading = true
    },
    sendFailed(state) {
      state.loading = false
    },
    /** After a send, a network or account change: the next send starts from an empty form. */
    sendReset() {
      return initialSendState
    },
  },
})

export const sendActions = sendSlice.actions

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    send: SendState
  }
  interface AccountExtensions {
    /** `smartAccount` when the account is a smart account (which pays its fees its own way: no gas check). */
    preferredAccountType?: string
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectSend(state: PorticoState): SendState {
  return state.send ?? initialSendState
}
