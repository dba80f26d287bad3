import { KERNEL_VIEWS, type CaipNetworkLike, type ChainAdapter, type ChainNamespace, type KeyValueStorage } from '@portico/contracts/plugin'
import type { KernelHookInstances } from '../hooks/createHooks.js'
import type { KernelNotify, KernelRouter } from '../kernel/types.js'
import type { Registry } from '../registry/createRegistry.js'
import { chainsSlice, type PorticoStore } from '../store/index.js'
import type { TabChannel } from './channel.js'
import { AdapterNotFoundError } from './errors.js'
import { STORAGE_KEYS } from './storageKeys.js'

export type ConnectionDeps = {
  store: PorticoStore
  registry: Registry
  hooks: KernelHookInstances
  notify: KernelNotify
  storage: KeyValueStorage
  router: KernelRouter
  open: (view?: string, data?: unknown) => Promise<void>
  close: () => void
  log: (level: 'debug' | 'warn' | 'error', ...args: unknown[]) => void
  /** A kernel message in the visitor's language (toasts); `{name}` in it takes `params.name`. */
  t: (key: string, params?: Record<string, string | number>) => string
  /**
   * The channel to the site's other tabs, opened by the kernel before this chunk loads (so a message can load it);
   * without one, the connection opens its own and closes it on destroy.
   */
  tabs?: TabChannel
}

/** What the connection actions share: the kernel's parts, the wallet-event subscriptions and small state readers. */
export type ConnectionContext = ConnectionDeps & {
  /** Unsubscribe functions of the wallet-event watches, by `namespace:connectorId`. */
  unwatch: Map<string, () => void>
  /** `namespace:connectorId` of the connections the visitor is disconnecting now: their wallet's own end is no news. */
  ending: Set<string>
}

export const watchKey = (ns: ChainNamespace, connectorId: string) => `${ns}:${connectorId}`

export const findNetwork = (ctx: ConnectionContext, caipNetworkId: string): CaipNetworkLike | undefined =>
  ctx.store.getState().chains.networks.find((n) => n.caipNetworkId === caipNetworkId)

export const networksOf = (ctx: ConnectionContext, ns: ChainNamespace) => ctx.store.getState().chains.networks.filter((n) => n.chainNamespace === ns)

export const isSupported = (ctx: ConnectionContext, caipNetworkId: string | undefined) => Boolean(caipNetworkId && findNetwork(ctx, caipNetworkId))

export function adapterFor(ctx: ConnectionContext, ns: ChainNamespace): ChainAdapter {
  const adapter = ctx.registry.getAdapter(ns)
  if (!adapter) throw new AdapterNotFoundError(ns)
  return adapter
}

/** The active namespace's account, its connection record and connector. */
export function activeConnection(ctx: ConnectionContext) {
  const s = ctx.store.getState()
  const ns = s.chains.activeNamespace
  const account = ns ? s.chains.accounts[ns] : undefined
  const record = s.connection.connections.find((c) => c.namespace === ns && c.connectorId === account?.connectorId)
  const connector = record ? ctx.registry.getConnector(record.connectorId) : undefined
  return { ns, account, record, connector }
}

export function explorerUrl(network: CaipNetworkLike | undefined, address: string) {
  const base = network?.blockExplorers?.default.url
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
}

/** Writes the connections, recent wallets, last connector and active network to storage. */
export async function persist(ctx: ConnectionContext) {
  const s = ctx.store.getState()
  await Promise.all([
    ctx.storage.setItem(STORAGE_KEYS.status, s.connection.connections.length ? 'connected' : 'disconnected'),
    ctx.storage.setItem(STORAGE_KEYS.connections, s.connection.connections),
    ctx.storage.setItem(STORAGE_KEYS.recentWallets, s.connection.recentWallets),
    ctx.storage.setItem(STORAGE_KEYS.lastConnectorId, s.connection.lastConnectorId ?? null),
    ctx.storage.setItem(STORAGE_KEYS.activeCaipNetworkId, s.chains.activeCaipNetworkId ?? null),
  ]).catch((e) => ctx.log('warn', '[portico] could not persist the connection:', e))
}

export function setActiveNetwork(ctx: ConnectionContext, caipNetworkId: string) {
  const previous = ctx.store.getState().chains.activeCaipNetworkId
  if (previous === caipNetworkId) return
  ctx.store.dispatch(chainsSlice.actions.activeNetworkChanged({ caipNetworkId }))
  ctx.hooks.afterNetworkChange.call({ caipNetworkId, previous })
}

/** Shows the unsupported-network view when the network is unsupported, switching is on and unsupported chains are not allowed. */
export function checkSupported(ctx: ConnectionContext) {
  const s = ctx.store.getState()
  const { enableNetworkSwitch, allowUnsupportedChain } = s.options
  if (isSupported(ctx, s.chains.activeCaipNetworkId) || !enableNetworkSwitch || allowUnsupportedChain) return
  void ctx.open(KERNEL_VIEWS.unsupportedChain)
}

/** Whether the view stack shows the unsupported-network view. */
export const showsUnsupported = (ctx: ConnectionContext) =>
  ctx.store.getState().router.history.some((h) => h.view === KERNEL_VIEWS.unsupportedChain)
