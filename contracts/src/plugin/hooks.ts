/**
 * The kernel's hooks, declared once. The kernel builds one frozen object of real hooks from
 * {@link KERNEL_HOOK_KINDS}; plugins receive {@link KernelHooks}, a facade that can tap (their name is
 * filled in) but cannot call. Names follow the lifecycle: `beforeX` may rewrite its input, `afterX` notifies,
 * `xFailed` carries an error, `shouldX` answers yes or no. Lists that one plugin renders and others extend are
 * not kernel hooks but extension points, owned by that plugin (see `ExtensionPoints`).
 */
import type { ChainNamespace } from './shared.js'

/** Where a tap runs relative to others: lower `stage` first; `before` names taps to run ahead of. */
export type TapOptions = { stage?: number; before?: string | string[] }

/** A hook a plugin can tap synchronously. */
export interface SyncTap<Fn extends (...args: any[]) => any> {
  tap(fn: Fn): void
  tap(options: TapOptions, fn: Fn): void
}
/** A hook a plugin taps with a promise-returning function. */
export interface AsyncTap<Fn extends (...args: any[]) => Promise<any>> {
  tapPromise(fn: Fn): void
  tapPromise(options: TapOptions, fn: Fn): void
}

export type SyncHookFacade<Args extends unknown[]> = SyncTap<(...args: Args) => void>
export type SyncWaterfallHookFacade<T, Args extends unknown[] = []> = SyncTap<(value: T, ...args: Args) => T>
export type SyncBailHookFacade<Args extends unknown[], R> = SyncTap<(...args: Args) => R | undefined>
export type AsyncSeriesHookFacade<Args extends unknown[]> = AsyncTap<(...args: Args) => Promise<void>>

/** Lazily loaded component module, as `import('./views/X.js')` returns it. */
export type ComponentModule<P = Record<string, unknown>> = { default: (props: P) => unknown }

/** What a connection event carries. */
export type ConnectionInfo = {
  namespace: ChainNamespace
  connectorId: string
  address: string
  caipAddress: string
  chainId: string | number
}

export type OpenRequest = { view?: string; data?: unknown }

/** The hook map that plugins see. */
export interface KernelHooks {
  /** May rewrite which view the modal opens on. */
  beforeOpen: SyncWaterfallHookFacade<OpenRequest>
  afterOpen: SyncHookFacade<[{ view: string }]>
  /** The modal closed (e.g. reset a pairing URI, reject pending requests). */
  afterClose: SyncHookFacade<[]>
  /** Bail with `false` to keep the modal open. */
  shouldCloseModal: SyncBailHookFacade<[], boolean>
  afterViewChange: SyncHookFacade<[{ view: string | undefined; action: 'push' | 'replace' | 'goBack' | 'reset' }]>
  /** A connection was made or restored (e.g. prompt a sign-in). */
  afterConnect: AsyncSeriesHookFacade<[ConnectionInfo]>
  afterDisconnect: SyncHookFacade<[{ namespace: ChainNamespace; connectorId: string | undefined }]>
  afterNetworkChange: SyncHookFacade<[{ caipNetworkId: string; previous: string | undefined }]>
  afterPluginReady: SyncHookFacade<[{ name: string }]>
  pluginFailed: SyncHookFacade<[{ name: string; error: unknown }]>
}

export type HookKind = 'Sync' | 'SyncWaterfall' | 'SyncBail' | 'AsyncSeries'

/** How each kernel hook runs; typed so a hook cannot be added to one list and not the other. */
export const KERNEL_HOOK_KINDS: { readonly [K in keyof KernelHooks]: HookKind } = Object.freeze({
  beforeOpen: 'SyncWaterfall',
  afterOpen: 'Sync',
  afterClose: 'Sync',
  shouldCloseModal: 'SyncBail',
  afterViewChange: 'Sync',
  afterConnect: 'AsyncSeries',
  afterDisconnect: 'Sync',
  afterNetworkChange: 'Sync',
  afterPluginReady: 'Sync',
  pluginFailed: 'Sync',
})
