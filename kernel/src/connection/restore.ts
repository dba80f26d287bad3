import type { ConnectionRecord, Connector } from '@portico/contracts/plugin'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { checkSupported, findNetwork, persist, type ConnectionContext } from './context.js'
import { ConnectorNotFoundError } from './errors.js'
import { established } from './lifecycle.js'
import { STORAGE_KEYS } from './storageKeys.js'
import { readStoredChoices } from './storedChoices.js'

/** How long a restore waits for a connector to register (EIP-6963 wallets announce asynchronously). */
export const RESTORE_CONNECTOR_WAIT_MS = 3000

/** Loads stored recent wallets and, when the stored status is connected, restores each connection (SPEC §4). */
export async function restore(ctx: ConnectionContext) {
  const { store, storage } = ctx
  const [status, connections, activeId] = await Promise.all([
    readStoredChoices(storage, store),
    storage.getItem<ConnectionRecord[]>(STORAGE_KEYS.connections),
    storage.getItem<string | null>(STORAGE_KEYS.activeCaipNetworkId),
  ])
  if (status !== 'connected' || !Array.isArray(connections) || connections.length === 0) return
  // another tab's connection may already have been followed here (./sync.ts): nothing left to restore then
  if (connections.every((c) => isConnectedHere(ctx, c))) return
  if (typeof activeId === 'string') store.dispatch(chainsSlice.actions.activeNetworkChanged({ caipNetworkId: activeId }))
  store.dispatch(connectionSlice.actions.restoreStarted())
  for (const c of connections) store.dispatch(chainsSlice.actions.accountConnecting({ namespace: c.namespace }))
  await ctx.registry.loadActivated().catch((e) => ctx.log('error', '[portico] restore:', e))
  // a stored connector from a plugin that loads after the first view (the embedded wallet): load those now too
  if (connections.some((c) => !ctx.registry.getConnector(c.connectorId)))
    await ctx.registry.loadActivated('idle').catch((e) => ctx.log('error', '[portico] restore:', e))
  const results = await Promise.all(
    connections.map(async (c) => {
      try {
        await reconnectRecord(ctx, c)
        return true
      } catch (error) {
        ctx.log('warn', `[portico] could not restore ${c.connectorId}:`, error)
        store.dispatch(chainsSlice.actions.accountDisconnected(c.namespace))
        return false
      }
    }),
  )
  if (!results.some(Boolean)) {
    store.dispatch(connectionSlice.actions.restoreFailed(connections))
    await persist(ctx)
    return
  }
  // active namespace: the stored one when it restored, else the first that did
  const restored = store.getState().connection.connections
  const activeNs = store.getState().chains.activeNamespace
  if (!restored.some((r) => r.namespace === activeNs) && restored[0]) store.dispatch(chainsSlice.actions.activeNamespaceChanged(restored[0].namespace))
  checkSupported(ctx)
  // the plugins that follow a connection (the account's name on the connect button, its balances) load now, in the
  // background, as they would after a first view
  void ctx.registry.loadActivated('idle').catch((e) => ctx.log('error', '[portico] restore:', e))
}

/** Whether this tab already holds the connection `c` (same namespace, connector and address). */
export function isConnectedHere(ctx: ConnectionContext, c: Pick<ConnectionRecord, 'namespace' | 'connectorId' | 'address'>) {
  const account = ctx.store.getState().chains.accounts[c.namespace]
  return account?.status === 'connected' && account.connectorId === c.connectorId && account.address === c.address
}

/** Reconnects one stored (or another tab's) connection through the adapter's `reconnect`: no wallet prompt. */
export async function reconnectRecord(ctx: ConnectionContext, c: ConnectionRecord) {
  const connector = await waitForConnector(ctx, c.connectorId)
  const adapter = ctx.registry.getAdapter(c.namespace)
  if (!connector || !adapter) throw new ConnectorNotFoundError(c.connectorId)
  const network = findNetwork(ctx, `${c.namespace}:${c.chainId}`)
  const result = await adapter.reconnect({ connector, ...(network ? { network } : {}) })
  if (!result) throw new Error('The wallet no longer authorises this site.')
  await established(ctx, c.namespace, connector, result)
}

function waitForConnector(ctx: ConnectionContext, id: string): Promise<Connector | undefined> {
  const found = ctx.registry.getConnector(id)
  if (found) return Promise.resolve(found)
  return new Promise((resolve) => {
    const timer = setTimeout(() => (unsubscribe(), resolve(ctx.registry.getConnector(id))), RESTORE_CONNECTOR_WAIT_MS)
    const unsubscribe = ctx.store.subscribe(() => {
      const c = ctx.registry.getConnector(id)
      if (c) (clearTimeout(timer), unsubscribe(), resolve(c))
    })
  })
}
