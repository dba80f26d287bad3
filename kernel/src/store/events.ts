import { chainsSlice } from './chainsSlice.js'
import { connectionSlice } from './connectionSlice.js'

// The kernel events plugins dispatch or listen for, as action creators (a plugin never dispatches a string type).
// Kept apart from the public entry so that the entry stays a list of re-exports, which the bundler can skip.

/** A connector learned who is on the other end of its connection (a relayed session's peer, a login's account). */
export const walletInfoReported = chainsSlice.actions.walletInfoReported
/** A plugin reports the account fields it declared in `AccountExtensions`. */
export const accountDetailsReported = chainsSlice.actions.accountDetailsReported
/** A name service resolved the account's name and avatar. */
export const profileReported = chainsSlice.actions.profileReported
/** The visitor picked another tab of the Account view. */
export const accountTabSelected = chainsSlice.actions.accountTabSelected
/** A connect attempt failed (listen with `startListening({ actionCreator: connectFailed, ... })`). */
export const connectFailed = connectionSlice.actions.connectFailed
