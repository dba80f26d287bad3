import '../zodConfig.js'
import { chainsSlice } from '../store/chainsSlice.js'
import { connectionSlice } from '../store/connectionSlice.js'

// ---- for hosts --------------------------------------------------------------------------------------------
export { createKernel } from '../kernel/createKernel.js'
export type { Kernel, KernelNotify, KernelPlugins, KernelRouter, ResolvedView } from '../kernel/types.js'
export type { KernelOptions, ResolvedKernelOptions } from '../options/kernelOptions.js'
export { createMemoryStorage } from '../storage/createStorage.js'
export { KERNEL_VERSION } from '../version.js'

// ---- kernel events plugins dispatch or listen for (action creators; never dispatch a string type) ------------
/** A connector learned who is on the other end of its connection (a session's peer, a login's account). */
export const walletInfoReported = chainsSlice.actions.walletInfoReported
/** A plugin reports the account fields it declared in `AccountExtensions`. */
export const accountDetailsReported = chainsSlice.actions.accountDetailsReported
/** A name service resolved the account's name and avatar. */
export const profileReported = chainsSlice.actions.profileReported
/** The visitor picked another tab of the Account view. */
export const accountTabSelected = chainsSlice.actions.accountTabSelected
/** A connect attempt failed (listen with `startListening({ actionCreator: connectFailed, ... })`). */
export const connectFailed = connectionSlice.actions.connectFailed

// Remote plugins build their slices with the kernel's Redux Toolkit: it is shared with the host, so a plugin
// carries no copy of its own. That is the only reason this one function is re-exported.
export { createSlice, type PayloadAction } from '@reduxjs/toolkit'

// ---- React bindings, hooks and the UI kit views are built from ---------------------------------------------
export * from '../react/index.js'
