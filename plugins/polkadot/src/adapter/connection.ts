import type { AdapterConnection, CaipNetworkLike, Connector } from '@portico/contracts/plugin'
import { addressOn, publicKeyOf, usableAccounts, type UsableAccount } from './addresses.js'
import { chosenAccountKey, handleOf, networkOf, type ParamsOf, type PolkadotContext } from './context.js'

/** What connecting yields: the chain id is the network's CAIP-2 reference (the genesis hash's first 32 hex). */
export type PolkadotConnection = AdapterConnection & { chainId: string }

async function remembered(ctx: PolkadotContext, connectorId: string): Promise<string | undefined> {
  try {
    const value = await ctx.storage?.getItem<unknown>(chosenAccountKey(connectorId))
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

/** The chosen account first, then the others, as addresses on `network`. */
function connectionOf(ctx: PolkadotContext, connector: Connector, accounts: readonly UsableAccount[], chosen: UsableAccount, network: CaipNetworkLike): PolkadotConnection {
  ctx.sessions.set(connector.id, { publicKey: chosen.publicKey, network })
  const ordered = [chosen, ...accounts.filter((a) => a.publicKey !== chosen.publicKey)]
  return { address: addressOn(chosen.publicKey, network), accounts: ordered.map((a) => addressOn(a.publicKey, network)), chainId: String(network.id) }
}

/**
 * Asks the wallet for its accounts (an extension asks the visitor to allow the site). With several, the visitor
 * picks one (the plugin's account picker); a wallet with none is NO_ACCOUNTS, with a message saying what to do.
 */
export async function connect(ctx: PolkadotContext, { connector, network }: ParamsOf<'connect'>): Promise<PolkadotConnection> {
  const wallet = await handleOf(ctx, connector)
  const target = networkOf(ctx, network)
  const listed = await wallet.connect()
  if (listed.length === 0) throw ctx.errors.noAccounts(connector.name)
  const accounts = usableAccounts(listed, target)
  if (accounts.length === 0) throw ctx.errors.noAccount(target.name)
  let chosen = accounts[0]!
  // a connector that drives its own session (WalletConnect) already had the visitor choose in the wallet
  if (accounts.length > 1 && ctx.chooseAccount && wallet.kind === 'extension') {
    const picked = publicKeyOf(await ctx.chooseAccount({ connector, accounts: accounts.map((a) => ({ address: addressOn(a.publicKey, target), name: a.name })) }))
    chosen = accounts.find((a) => a.publicKey === picked) ?? chosen
  }
  await ctx.storage?.setItem(chosenAccountKey(connector.id), chosen.publicKey).catch(() => {})
  return connectionOf(ctx, connector, accounts, chosen, target)
}

/**
 * Restores a session without asking which account: the one chosen before when the wallet still lists it, else its
 * first. Undefined when the wallet lists no usable account any more. (An extension that already allows the site
 * answers `enable` without a prompt; the injection protocol has no silent mode.)
 */
export async function reconnect(ctx: PolkadotContext, { connector, network }: ParamsOf<'reconnect'>): Promise<PolkadotConnection | undefined> {
  const wallet = await handleOf(ctx, connector)
  const target = networkOf(ctx, network)
  const accounts = usableAccounts(await wallet.connect(), target)
  if (accounts.length === 0) return undefined
  const before = await remembered(ctx, connector.id)
  const chosen = accounts.find((a) => a.publicKey === before) ?? accounts[0]!
  return connectionOf(ctx, connector, accounts, chosen, target)
}

/** Forgets the session; extensions keep allowing the site (the protocol has no way to revoke from the page). */
export async function disconnect(ctx: PolkadotContext, { connector }: ParamsOf<'disconnect'>): Promise<void> {
  stopWatching(ctx, connector.id)
  ctx.sessions.delete(connector.id)
}

/**
 * Moves the connector's session to `network`. Extensions sign for any chain, so nothing is asked of the wallet; an
 * account restricted to another chain cannot follow. Watchers get the chain event, then the account's address in
 * the new network's SS58 format.
 */
export async function switchNetwork(ctx: PolkadotContext, { connector, network }: ParamsOf<'switchNetwork'>): Promise<void> {
  const target = networkOf(ctx, network)
  const wallet = await handleOf(ctx, connector)
  let current = ctx.sessions.get(connector.id)
  // a connector that drives its own session (WalletConnect) connected without the adapter: its session's first account
  if (!current && connector.connect) {
    const [first] = usableAccounts(await wallet.connect(), target)
    if (first) current = { publicKey: first.publicKey, network: { ...target, caipNetworkId: '' } }
  }
  if (!current) throw ctx.errors.notConnected(`connector ${connector.id} has no session`)
  if (current.network.caipNetworkId === target.caipNetworkId) return
  const accounts = wallet.kind === 'extension' ? usableAccounts(await wallet.connect(), target) : undefined
  if (accounts && !accounts.some((a) => a.publicKey === current.publicKey)) throw ctx.errors.noAccount(target.name)
  ctx.sessions.set(connector.id, { ...current, network: target })
  for (const listener of [...(ctx.chainListeners.get(connector.id) ?? [])]) listener(String(target.id))
  const others = (accounts ?? []).filter((a) => a.publicKey !== current.publicKey).map((a) => addressOn(a.publicKey, target))
  const addresses = [addressOn(current.publicKey, target), ...others]
  // after the kernel has recorded the switch: the account then shows in the new network's format
  setTimeout(() => {
    if (ctx.sessions.get(connector.id)?.network.caipNetworkId !== target.caipNetworkId) return
    for (const listener of [...(ctx.accountListeners.get(connector.id) ?? [])]) listener(addresses)
  }, 0)
}

function listenersOf<T>(map: Map<string, Set<T>>, id: string): Set<T> {
  let set = map.get(id)
  if (!set) map.set(id, (set = new Set()))
  return set
}

/** Follows the wallet's accounts (an empty list is a disconnect) and the adapter's own chain switches. */
export async function watch(ctx: PolkadotContext, { connector, onAccountsChanged, onChainChanged, onDisconnect }: ParamsOf<'watch'>): Promise<() => void> {
  const wallet = await handleOf(ctx, connector)
  let seen: string | undefined
  const stopAccounts = wallet.onAccountsChanged((listed) => {
    const current = ctx.sessions.get(connector.id)
    const network = current?.network ?? ctx.networks[0]!
    const accounts = usableAccounts(listed, network)
    if (accounts.length === 0) {
      ctx.sessions.delete(connector.id)
      if (current || connector.connect) onDisconnect?.()
      return
    }
    const chosen = accounts.find((a) => a.publicKey === current?.publicKey) ?? accounts[0]!
    const addresses = [chosen, ...accounts.filter((a) => a !== chosen)].map((a) => addressOn(a.publicKey, network))
    // extensions answer a subscription with the current list at once: that first answer, unchanged, is no event
    const key = addresses.join()
    const first = seen === undefined
    if (key === seen || (first && current?.publicKey === chosen.publicKey)) return void (seen = key)
    seen = key
    if (current) ctx.sessions.set(connector.id, { ...current, publicKey: chosen.publicKey })
    onAccountsChanged?.(addresses)
  })
  const chainListener = (chainId: string) => onChainChanged?.(chainId)
  const accountListener = (addresses: string[]) => onAccountsChanged?.(addresses)
  listenersOf(ctx.chainListeners, connector.id).add(chainListener)
  listenersOf(ctx.accountListeners, connector.id).add(accountListener)
  let active = true
  const unsubscribe = () => {
    if (!active) return
    active = false
    stopAccounts()
    ctx.chainListeners.get(connector.id)?.delete(chainListener)
    ctx.accountListeners.get(connector.id)?.delete(accountListener)
    ctx.watchers.get(connector.id)?.delete(unsubscribe)
  }
  listenersOf(ctx.watchers, connector.id).add(unsubscribe)
  return unsubscribe
}

/** Ends every `watch` subscription of a connector. */
export function stopWatching(ctx: PolkadotContext, connectorId: string): void {
  for (const unsubscribe of [...(ctx.watchers.get(connectorId) ?? [])]) unsubscribe()
  ctx.watchers.delete(connectorId)
}

