import type { CaipNetworkLike, ChainAdapter, ConnectorEvents, Connector } from '@portico/contracts/plugin'
import { bitcoinErrors, type BitcoinErrors } from '../errors.js'
import { englishText, type Translate } from '../messages.js'
import { isAddress } from '@portico/contracts/spec'
import { addressFitsNetwork, configuredBitcoinNetworks, type BitcoinNetworkParameters } from '../networks.js'
import { walletOf, type BitcoinAccount, type BitcoinWalletHandle } from '../wallet/index.js'

export type BitcoinAdapterParameters = BitcoinNetworkParameters & {
  /** Words the visitor-facing errors; the plugin passes the kernel's `t`. Default: English. */
  t?: Translate
  /** The fetch balances are read with (tests pass their own). Default: the global `fetch`. */
  fetch?: typeof fetch
}

/** What a connector's session holds: the wallet's addresses (payment first) and the network the dapp talks to. */
export type BitcoinSession = { accounts: BitcoinAccount[]; network: CaipNetworkLike }

/**
 * What the adapter's methods share: the networks and each connector's session and subscribers. Every method is a
 * `fn(ctx, params)` function over it; `createBitcoinAdapter` makes one per adapter.
 */
export type BitcoinContext = {
  readonly networks: readonly CaipNetworkLike[]
  readonly t: Translate
  readonly errors: BitcoinErrors
  readonly fetch: typeof fetch | undefined
  /** Sessions by connector id. */
  readonly sessions: Map<string, BitcoinSession>
  /** `watch` subscribers by connector id. */
  readonly subscribers: Map<string, Set<ConnectorEvents>>
  /** Each connector's wallet-event subscription, shared by its `watch` calls. */
  readonly walletEvents: Map<string, () => void>
}

/** The parameters of a chain adapter method, e.g. `ParamsOf<'connect'>`. */
export type ParamsOf<K extends keyof ChainAdapter> = Parameters<Extract<ChainAdapter[K], (...args: any[]) => unknown>>[0]

/** Builds the shared state; touches no network. */
export function createBitcoinContext(parameters: BitcoinAdapterParameters = {}): BitcoinContext {
  const t = parameters.t ?? englishText
  return {
    networks: configuredBitcoinNetworks(parameters),
    t,
    errors: bitcoinErrors(t),
    fetch: parameters.fetch,
    sessions: new Map(),
    subscribers: new Map(),
    walletEvents: new Map(),
  }
}

/** The adapter's own definition of a network (its API overrides applied); the first network when none is given. */
export function networkOf(ctx: BitcoinContext, network: CaipNetworkLike | undefined): CaipNetworkLike {
  const found = network ? ctx.networks.find((n) => n.caipNetworkId === network.caipNetworkId) : ctx.networks[0]
  if (found) return found
  if (network?.chainNamespace === 'bip122') return network
  throw ctx.errors.noAccount(network?.name ?? 'this network')
}

/** The connector's wallet and its session (connect first); NOT_CONNECTED without one. */
export async function sessionOf(ctx: BitcoinContext, connector: Connector): Promise<{ wallet: BitcoinWalletHandle; session: BitcoinSession }> {
  const wallet = await walletOf(connector, ctx.errors)
  let session = ctx.sessions.get(connector.id)
  if (!session) {
    // a connector that connects by itself (WalletConnect): the wallet's authorised addresses, read without a prompt
    const accounts = (await wallet.getAccounts({ silent: true })).filter((a) => isAddress(a.address, 'bip122'))
    const network = accounts[0] && ctx.networks.find((n) => addressFitsNetwork(accounts[0]!.address, n))
    if (network) ctx.sessions.set(connector.id, (session = { accounts, network }))
  }
  if (!session || !session.accounts.length) throw ctx.errors.notConnected(`connector ${connector.id} has no session`)
  return { wallet, session }
}

/** `{ address: purpose }` of a session's accounts: the connection's `accountTypes` (SPEC §3 allAccounts). */
export const accountTypesOf = (accounts: readonly BitcoinAccount[]) => Object.fromEntries(accounts.map((a) => [a.address, a.purpose]))

/**
 * Records what the wallet now has (accounts, network) for a connector and tells its subscribers what changed: the
 * chain first, then the accounts (a bitcoin address belongs to one network, so switching usually changes both).
 */
export function applyWalletState(ctx: BitcoinContext, connectorId: string, next: { accounts?: BitcoinAccount[]; network?: CaipNetworkLike }): void {
  const current = ctx.sessions.get(connectorId)
  if (!current) {
    // a connector that drives its own session (WalletConnect) connected without the adapter keeping one
    const subscribers = [...(ctx.subscribers.get(connectorId) ?? [])]
    if (next.accounts?.length === 0) for (const s of subscribers) s.onDisconnect?.()
    else if (next.accounts) for (const s of subscribers) s.onAccountsChanged?.(next.accounts.map((a) => a.address), accountTypesOf(next.accounts))
    return
  }
  const accounts = next.accounts ?? current.accounts
  const network = next.network ?? current.network
  ctx.sessions.set(connectorId, { accounts, network })
  const subscribers = [...(ctx.subscribers.get(connectorId) ?? [])]
  if (network.caipNetworkId !== current.network.caipNetworkId) for (const s of subscribers) s.onChainChanged?.(String(network.id))
  const addresses = accounts.map((a) => a.address)
  if (addresses.join() !== current.accounts.map((a) => a.address).join()) {
    if (addresses.length === 0) {
      ctx.sessions.delete(connectorId)
      for (const s of subscribers) s.onDisconnect?.()
    } else for (const s of subscribers) s.onAccountsChanged?.(addresses, accountTypesOf(accounts))
  }
}
