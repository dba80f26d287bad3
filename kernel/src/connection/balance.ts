import type { ChainNamespace } from '@portico/contracts/plugin'
import { chainsSlice } from '../store/index.js'
import { findNetwork, type ConnectionContext } from './context.js'

/** Reads the namespace's native balance (default: the active namespace) through its adapter. */
export async function refreshBalance(ctx: ConnectionContext, ns?: ChainNamespace) {
  const s = ctx.store.getState()
  const namespace = ns ?? s.chains.activeNamespace
  if (!namespace) return
  const account = s.chains.accounts[namespace]
  const network = findNetwork(ctx, s.chains.activeCaipNetworkId ?? '')
  const adapter = ctx.registry.getAdapter(namespace)
  if (!account?.address || !network || network.chainNamespace !== namespace || !adapter) return
  ctx.store.dispatch(chainsSlice.actions.balanceRequested({ namespace }))
  try {
    const { balance, symbol } = await adapter.getBalance({ address: account.address, network })
    if (ctx.store.getState().chains.accounts[namespace]?.address !== account.address) return // changed meanwhile
    ctx.store.dispatch(chainsSlice.actions.balanceReceived({ namespace, balance, symbol }))
  } catch (error) {
    ctx.log('warn', '[portico] balance:', error)
    ctx.store.dispatch(chainsSlice.actions.balanceFailed({ namespace }))
  }
}
