import type { ChainNamespace } from '@portico/contracts/plugin'
import { watchKey, type ConnectionContext } from './context.js'
import { forget } from './forget.js'

/** Disconnects the namespace's connection (default: the active one) and falls back to the next one. */
export async function disconnect(ctx: ConnectionContext, namespace?: ChainNamespace) {
  const s = ctx.store.getState()
  const ns = namespace ?? s.chains.activeNamespace
  const record = s.connection.connections.find((c) => c.namespace === ns)
  if (!ns || !record) return
  const connector = ctx.registry.getConnector(record.connectorId)
  const k = watchKey(ns, record.connectorId)
  // the wallet may answer with its own disconnect event: the watch then forgets without a "wallet ended" toast
  ctx.ending.add(k)
  try {
    if (connector?.disconnect) await connector.disconnect()
    else if (connector) await ctx.registry.getAdapter(ns)?.disconnect({ connector })
  } catch (error) {
    ctx.ending.delete(k)
    ctx.notify.toast('Failed to disconnect', 'error')
    ctx.log('error', '[portico] disconnect:', error)
    throw error
  }
  await forget(ctx, ns, record.connectorId)
  ctx.ending.delete(k)
}
