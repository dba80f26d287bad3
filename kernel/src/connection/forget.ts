import { KERNEL_VIEWS, type ChainNamespace } from '@portico/contracts/plugin'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { persist, setActiveNetwork, watchKey, type ConnectionContext } from './context.js'

/** Forgets a connection locally and falls back to the next one (SPEC §4 Disconnect). */
export async function forget(ctx: ConnectionContext, ns: ChainNamespace, connectorId: string) {
  const k = watchKey(ns, connectorId)
  ctx.unwatch.get(k)?.()
  ctx.unwatch.delete(k)
  ctx.store.dispatch(connectionSlice.actions.connectionClosed({ namespace: ns, connectorId }))
  ctx.store.dispatch(chainsSlice.actions.accountDisconnected(ns))
  const next = ctx.store.getState().connection.connections[0]
  if (next) {
    ctx.store.dispatch(chainsSlice.actions.activeNamespaceChanged(next.namespace))
    setActiveNetwork(ctx, `${next.namespace}:${next.chainId}`)
  }
  await persist(ctx)
  ctx.hooks.afterDisconnect.call({ namespace: ns, connectorId })
  if (ctx.store.getState().modal.open && !next) ctx.router.reset(KERNEL_VIEWS.connect)
}
