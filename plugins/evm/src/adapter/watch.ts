import { getAddress, isAddress } from 'viem'
import { getEip1193Provider } from '../provider.js'
import { normalizeChainId } from './chainId.js'
import type { EvmContext, ParamsOf } from './context.js'

/** Ends every `watch` subscription of a connector. */
export function stopWatching(ctx: EvmContext, connectorId: string): void {
  const set = ctx.watchers.get(connectorId)
  ctx.watchers.delete(connectorId)
  for (const unsubscribe of set ?? []) unsubscribe()
}

/**
 * Relays the wallet's events: accounts (checksummed, invalid entries dropped), chain (always a decimal number,
 * whatever form the wallet used; an unreadable id is dropped) and disconnect (not MetaMask's temporary 1013).
 * Returns the unsubscribe, which `disconnect` and `destroy` also call.
 */
export async function watch(ctx: EvmContext, { connector, onAccountsChanged, onChainChanged, onDisconnect }: ParamsOf<'watch'>): Promise<() => void> {
  const provider = await getEip1193Provider(connector)
  const accountsChanged = (accounts: unknown) => {
    const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false })) : []
    onAccountsChanged?.(list.map((a) => getAddress(a)))
  }
  const chainChanged = (chainId: unknown) => {
    const id = normalizeChainId(chainId)
    if (id === undefined) return
    ctx.chainIds.set(connector.id, id)
    onChainChanged?.(id)
  }
  const disconnected = (error?: { code?: unknown }) => {
    // 1013: MetaMask lost its node and will reconnect by itself; the session is still there
    if (error?.code === 1013) return
    ctx.chainIds.delete(connector.id)
    onDisconnect?.()
  }
  provider.on?.('accountsChanged', accountsChanged)
  provider.on?.('chainChanged', chainChanged)
  provider.on?.('disconnect', disconnected)
  let active = true
  const unsubscribe = () => {
    if (!active) return
    active = false
    provider.removeListener?.('accountsChanged', accountsChanged)
    provider.removeListener?.('chainChanged', chainChanged)
    provider.removeListener?.('disconnect', disconnected)
    ctx.watchers.get(connector.id)?.delete(unsubscribe)
  }
  let set = ctx.watchers.get(connector.id)
  if (!set) ctx.watchers.set(connector.id, (set = new Set()))
  set.add(unsubscribe)
  return unsubscribe
}
