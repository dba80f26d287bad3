import type { CaipNetworkLike, ChainAdapter, Connector } from '@portico/contracts/plugin'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { solanaErrors, type SolanaErrors } from '../errors.js'
import { englishText, type Translate } from '../messages.js'
import { configuredSolanaNetworks, walletChainOf, type SolanaNetworkParameters } from '../networks.js'
import { walletOf, type SolanaWalletHandle } from '../wallet/index.js'
import { createHostedSolanaRpc, type HostedSolanaRpc } from './hostedRpc.js'

export type SolanaAdapterParameters = SolanaNetworkParameters & {
  /** Words the visitor-facing errors; the plugin passes the kernel's `t`. Default: English. */
  t?: Translate
  /**
   * The api's hosted RPC endpoint (SPEC §7): chains the api lists are read through it first, their own URL as the
   * fallback. The plugin sets it when an api endpoint and a project id are configured.
   */
  hosted?: HostedSolanaRpc
}

/** What a connector's session holds: the account in use and the network the dapp talks to. */
export type SolanaSession = { address: string; network: CaipNetworkLike }

/**
 * What the adapter's methods share: the networks, the RPC clients and each connector's session. Every method is a
 * `fn(ctx, params)` function over it; `createSolanaAdapter` makes one per adapter.
 */
export type SolanaContext = {
  readonly networks: readonly CaipNetworkLike[]
  readonly t: Translate
  readonly errors: SolanaErrors
  readonly hosted: HostedSolanaRpc | undefined
  /** Aborted by `destroy()`: pending confirmations stop. */
  readonly stop: AbortController
  /** RPC clients by network and URL. */
  readonly rpcs: Map<string, Rpc<SolanaRpcApi>>
  /** Sessions by connector id. */
  readonly sessions: Map<string, SolanaSession>
  /** Chain-event listeners by connector id: Solana wallets do not switch chains, the adapter reports its own switches. */
  readonly chainListeners: Map<string, Set<(chainId: string) => void>>
  /** Unsubscribe functions of each connector's `watch` calls. */
  readonly watchers: Map<string, Set<() => void>>
}

/** The parameters of a chain adapter method, e.g. `ParamsOf<'connect'>`. */
export type ParamsOf<K extends keyof ChainAdapter> = Parameters<Extract<ChainAdapter[K], (...args: any[]) => unknown>>[0]

/** Builds the shared state; touches no network. */
export function createSolanaContext(parameters: SolanaAdapterParameters = {}): SolanaContext {
  const t = parameters.t ?? englishText
  return {
    networks: configuredSolanaNetworks(parameters),
    t,
    errors: solanaErrors(t),
    hosted: parameters.hosted,
    stop: new AbortController(),
    rpcs: new Map(),
    sessions: new Map(),
    chainListeners: new Map(),
    watchers: new Map(),
  }
}

/** The adapter's own definition of a network (its RPC overrides applied); CHAIN_NOT_CONFIGURED-like error otherwise. */
export function networkOf(ctx: SolanaContext, network: CaipNetworkLike | undefined): CaipNetworkLike {
  const found = network ? ctx.networks.find((n) => n.caipNetworkId === network.caipNetworkId) : ctx.networks[0]
  if (found) return found
  if (network?.chainNamespace === 'solana') return network
  throw ctx.errors.noAccount(network?.name ?? 'this network')
}

/** The RPC client of a network: its first http(s) URL, behind the api's hosted endpoint when the api lists the chain. */
export function rpcOf(ctx: SolanaContext, network: CaipNetworkLike): Rpc<SolanaRpcApi> {
  const own = ctx.networks.find((n) => n.caipNetworkId === network.caipNetworkId) ?? network
  const url = [...own.rpcUrls.default.http, ...(own.rpcUrls.chainDefault?.http ?? [])].find((u) => /^https?:\/\//.test(u))
  if (!url) throw ctx.errors.rpcMissing(network.caipNetworkId)
  const key = `${network.caipNetworkId} ${url}`
  let rpc = ctx.rpcs.get(key)
  if (!rpc) ctx.rpcs.set(key, (rpc = createHostedSolanaRpc(url, network.caipNetworkId, ctx.hosted)))
  return rpc
}

/** Runs an RPC read, turning its failure into RPC_REQUEST_FAILED naming the network. */
export async function readRpc<T>(ctx: SolanaContext, network: CaipNetworkLike, read: (rpc: Rpc<SolanaRpcApi>) => Promise<T>): Promise<T> {
  const rpc = rpcOf(ctx, network)
  try {
    return await read(rpc)
  } catch (error) {
    throw ctx.errors.rpcFailed(network.name, error)
  }
}

/** The connector's wallet and its session (connect first); NOT_CONNECTED without one. */
export async function sessionOf(ctx: SolanaContext, connector: Connector, address?: string) {
  const wallet: SolanaWalletHandle = await walletOf(connector, ctx.errors)
  const session = ctx.sessions.get(connector.id)
  const account = address ?? session?.address
  if (!account) throw ctx.errors.notConnected(`connector ${connector.id} has no session`)
  const network = session?.network ?? ctx.networks[0]!
  return { wallet, address: account, network, chain: walletChainOf(network) }
}
