import type { AdapterConnection, CaipNetworkLike, Connector } from '@portico/contracts/plugin'
import { isAddress } from '@portico/contracts/spec'
import { addressFitsNetwork, walletNetworkOf } from '../networks.js'
import { walletOf, type BitcoinAccount } from '../wallet/index.js'
import { accountTypesOf, applyWalletState, networkOf, type BitcoinContext, type ParamsOf } from './context.js'

/** What connecting yields: the payment address first, the ordinals one after, each with its purpose as its type. */
export type BitcoinConnection = AdapterConnection & { chainId: string; accountTypes: Record<string, string> }

/** The network to use with the wallet's payment address: the requested one when the address fits it, else the first configured one it fits. */
function pickNetwork(ctx: BitcoinContext, address: string, requested: CaipNetworkLike): CaipNetworkLike | undefined {
  if (addressFitsNetwork(address, requested)) return requested
  return ctx.networks.find((n) => addressFitsNetwork(address, n))
}

const usable = (accounts: BitcoinAccount[]) => accounts.filter((a) => isAddress(a.address, 'bip122'))

async function session(ctx: BitcoinContext, connector: Connector, network: CaipNetworkLike | undefined, silent: boolean): Promise<BitcoinConnection | undefined> {
  const wallet = await walletOf(connector, ctx.errors)
  const requested = networkOf(ctx, network)
  const accounts = usable(await wallet.getAccounts({ silent }))
  const payment = accounts.find((a) => a.purpose === 'payment') ?? accounts[0]
  if (!payment) return undefined
  const chosen = pickNetwork(ctx, payment.address, requested)
  if (!chosen) throw ctx.errors.noAccount(requested.name)
  ctx.sessions.set(connector.id, { accounts, network: chosen })
  return { address: payment.address, accounts: accounts.map((a) => a.address), chainId: String(chosen.id), accountTypes: accountTypesOf(accounts) }
}

/** Asks the wallet for its payment and ordinals addresses (it may prompt). */
export async function connect(ctx: BitcoinContext, { connector, network }: ParamsOf<'connect'>): Promise<BitcoinConnection> {
  const connection = await session(ctx, connector, network, false)
  if (!connection) throw ctx.errors.noAccount(networkOf(ctx, network).name)
  return connection
}

/** Restores a session without prompting (`wallet_getAccount`); undefined when the wallet no longer authorises us. */
export async function reconnect(ctx: BitcoinContext, { connector, network }: ParamsOf<'reconnect'>): Promise<BitcoinConnection | undefined> {
  return session(ctx, connector, network, true)
}

/** Forgets the session and asks the wallet to drop the site's permission (`wallet_renouncePermissions`) where it can. */
export async function disconnect(ctx: BitcoinContext, { connector }: ParamsOf<'disconnect'>): Promise<void> {
  stopWatching(ctx, connector.id)
  ctx.sessions.delete(connector.id)
  const wallet = await walletOf(connector, ctx.errors)
  await wallet.disconnect()
}

/**
 * Moves the connector's session to `network`: a bitcoin address belongs to one network, so the wallet is asked to
 * change (`wallet_changeNetwork`) and its addresses are read again. A wallet that cannot be asked (WalletConnect)
 * switches only between networks its address fits. Watchers get the chain event, then the new addresses.
 */
export async function switchNetwork(ctx: BitcoinContext, { connector, network }: ParamsOf<'switchNetwork'>): Promise<void> {
  const target = networkOf(ctx, network)
  const wallet = await walletOf(connector, ctx.errors)
  const current = ctx.sessions.get(connector.id)
  if (!current) throw ctx.errors.notConnected(`connector ${connector.id} has no session`)
  if (current.network.caipNetworkId === target.caipNetworkId) return
  let accounts = current.accounts
  if (!addressFitsNetwork(accounts[0]!.address, target) || (wallet.changeNetwork && walletNetworkOf(target) !== walletNetworkOf(current.network))) {
    if (!wallet.changeNetwork) throw ctx.errors.featureMissing('wallet_changeNetwork')
    await wallet.changeNetwork(walletNetworkOf(target))
    accounts = usable(await wallet.getAccounts({ silent: true }))
  }
  if (!accounts[0] || !addressFitsNetwork(accounts[0].address, target)) throw ctx.errors.noAccount(target.name)
  applyWalletState(ctx, connector.id, { accounts, network: target })
}

/** Follows the wallet's events (addresses, network, disconnect) and the adapter's own switches. */
export async function watch(ctx: BitcoinContext, { connector, onAccountsChanged, onChainChanged, onDisconnect }: ParamsOf<'watch'>): Promise<() => void> {
  const wallet = await walletOf(connector, ctx.errors)
  const subscriber = { onAccountsChanged, onChainChanged, onDisconnect }
  let set = ctx.subscribers.get(connector.id)
  if (!set) ctx.subscribers.set(connector.id, (set = new Set()))
  set.add(subscriber)
  if (!ctx.walletEvents.has(connector.id)) {
    const stop = wallet.onEvent((event) => {
      if (event.type === 'disconnect') return applyWalletState(ctx, connector.id, { accounts: [] })
      if (event.type === 'accounts') return applyWalletState(ctx, connector.id, { accounts: usable(event.accounts) })
      const network = ctx.networks.find((n) => walletNetworkOf(n) === event.name)
      applyWalletState(ctx, connector.id, { ...(network ? { network } : {}), ...(event.accounts ? { accounts: usable(event.accounts) } : {}) })
    })
    ctx.walletEvents.set(connector.id, stop)
  }
  let active = true
  return () => {
    if (!active) return
    active = false
    const subscribers = ctx.subscribers.get(connector.id)
    subscribers?.delete(subscriber)
    if (subscribers?.size === 0) stopWatching(ctx, connector.id)
  }
}

/** Ends every `watch` subscription of a connector and its wallet-event subscription. */
export function stopWatching(ctx: BitcoinContext, connectorId: string): void {
  ctx.walletEvents.get(connectorId)?.()
  ctx.walletEvents.delete(connectorId)
  ctx.subscribers.delete(connectorId)
}
