import '../zodConfig.js'

// ---- for hosts --------------------------------------------------------------------------------------------
export { createKernel } from '../kernel/createKernel.js'
export type { Kernel, KernelNotify, KernelPlugins, KernelRouter, ResolvedView } from '../kernel/types.js'
export type { KernelOptions, ResolvedKernelOptions } from '../options/kernelOptions.js'
export { createMemoryStorage } from '../storage/createStorage.js'
export { KERNEL_VERSION } from '../version.js'

// ---- kernel events plugins dispatch or listen for (action creators; never dispatch a string type) ------------
export { accountDetailsReported, accountTabSelected, connectFailed, profileReported, walletInfoReported } from '../store/events.js'

// Remote plugins build their slices with the kernel's Redux Toolkit: it is shared with the host, so a plugin
// carries no copy of its own. That is the only reason this one function is re-exported.
export { createSlice, type PayloadAction } from '@reduxjs/toolkit'

// ---- React bindings, hooks and the UI kit views are built from ---------------------------------------------
export * from '../react/index.js'
