import type { AdapterConnection, CaipNetworkLike, Connector } from '@portico/contracts/plugin'
import { isAddress } from '@portico/contracts/spec'
import { walletChainOf } from '../networks.js'
import { walletOf } from '../wallet/index.js'
import { networkOf, type ParamsOf, type SolanaContext } from './context.js'

/** What connecting yields: the chain id is the network's CAIP-2 reference (`EtWTRABZ…` for devnet). */
export type SolanaConnection = AdapterConnection & { chainId: string }

/**
 * The network to use with the wallet's accounts: the requested one when the first account serves its chain, else
 * the first configured network it serves, else the requested one (a wallet that lists no chains).
 */
function pickNetwork(ctx: SolanaContext, supports: (chain: string) => boolean, requested: CaipNetworkLike): CaipNetworkLike {
  if (supports(walletChainOf(requested))) return requested
  return ctx.networks.find((n) => supports(walletChainOf(n))) ?? requested
}

async function session(ctx: SolanaContext, connector: Connector, network: CaipNetworkLike | undefined, silent: boolean): Promise<SolanaConnection | undefined> {
  const wallet = await walletOf(connector, ctx.errors)
  const requested = networkOf(ctx, network)
  const accounts = (await wallet.connect({ silent, chain: walletChainOf(requested) })).filter((a) => isAddress(a, 'solana'))
  if (accounts.length === 0) return undefined
  const address = accounts[0]!
  const chosen = pickNetwork(ctx, (chain) => wallet.supportsChain(address, chain), requested)
  ctx.sessions.set(connector.id, { address, network: chosen })
  return { address, accounts, chainId: String(chosen.id) }
}

/** Asks the wallet for its accounts (it may prompt). */
export async function connect(ctx: SolanaContext, { connector, network }: ParamsOf<'connect'>): Promise<SolanaConnection> {
  const connection = await session(ctx, connector, network, false)
  if (!connection) throw ctx.errors.noAccount(networkOf(ctx, network).name)
  return connection
}

/** Restores a session without prompting (`standard:connect` with `silent`); undefined when the wallet no longer authorises us. */
export async function reconnect(ctx: SolanaContext, { connector, network }: ParamsOf<'reconnect'>): Promise<SolanaConnection | undefined> {
  return session(ctx, connector, network, true)
}

/** Stops following the wallet and asks it to end the session (`standard:disconnect`) where it can. */
export async function disconnect(ctx: SolanaContext, { connector }: ParamsOf<'disconnect'>): Promise<void> {
  stopWatching(ctx, connector.id)
  ctx.sessions.delete(connector.id)
  const wallet = await walletOf(connector, ctx.errors)
  await wallet.disconnect()
}

/**
 * Moves the connector's session to `network`. Solana wallets sign for whichever chain a request names, so nothing
 * is asked of the wallet; its account must serve the chain. Watchers get the chain event.
 */
export async function switchNetwork(ctx: SolanaContext, { connector, network }: ParamsOf<'switchNetwork'>): Promise<void> {
  const target = networkOf(ctx, network)
  const wallet = await walletOf(connector, ctx.errors)
  const current = ctx.sessions.get(connector.id)
  if (!current) throw ctx.errors.notConnected(`connector ${connector.id} has no session`)
  if (wallet.kind === 'wallet-standard' && !wallet.supportsChain(current.address, walletChainOf(target))) throw ctx.errors.noAccount(target.name)
  if (current.network.caipNetworkId === target.caipNetworkId) return
  ctx.sessions.set(connector.id, { ...current, network: target })
  for (const listener of [...(ctx.chainListeners.get(connector.id) ?? [])]) listener(String(target.id))
}

/** Follows the wallet's accounts (an empty list is a disconnect) and the adapter's own chain switches. */
export async function watch(ctx: SolanaContext, { connector, onAccountsChanged, onChainChanged, onDisconnect }: ParamsOf<'watch'>): Promise<() => void> {
  const wallet = await walletOf(connector, ctx.errors)
  const stopAccounts = wallet.onAccountsChanged((addresses) => {
    const list = addresses.filter((a) => isAddress(a, 'solana'))
    const current = ctx.sessions.get(connector.id)
    if (list.length === 0) {
      // a connector that drives its own session (WalletConnect) connected without the adapter keeping one: the
      // watch itself says the kernel holds the connection, so an empty list ends it either way
      ctx.sessions.delete(connector.id)
      if (current || connector.connect) onDisconnect?.()
      return
    }
    if (current) ctx.sessions.set(connector.id, { ...current, address: list[0]! })
    onAccountsChanged?.(list)
  })
  const chainListener = (chainId: string) => onChainChanged?.(chainId)
  let listeners = ctx.chainListeners.get(connector.id)
  if (!listeners) ctx.chainListeners.set(connector.id, (listeners = new Set()))
  listeners.add(chainListener)
  let active = true
  const unsubscribe = () => {
    if (!active) return
    active = false
    stopAccounts()
    ctx.chainListeners.get(connector.id)?.delete(chainListener)
    ctx.watchers.get(connector.id)?.delete(unsubscribe)
  }
  let set = ctx.watchers.get(connector.id)
  if (!set) ctx.watchers.set(connector.id, (set = new Set()))
  set.add(unsubscribe)
  return unsubscribe
}

/** Ends every `watch` subscription of a connector. */
export function stopWatching(ctx: SolanaContext, connectorId: string): void {
  for (const unsubscribe of [...(ctx.watchers.get(connectorId) ?? [])]) unsubscribe()
  ctx.watchers.delete(connectorId)
}
