import type { CaipNetworkLike, ChainAdapter } from '@portico/contracts/plugin'
import { createClient, type Client, type Transport } from 'viem'
import { ChainNotConfiguredError, RpcRequestFailedError, RpcUrlMissingError } from '../errors.js'
import { configuredNetworks, evmChainId, type EvmNetworkParameters } from '../networks.js'
import { createRpcTransport, type RpcTransportParameters } from '../transport.js'

export type EvmAdapterParameters = EvmNetworkParameters & {
  /** Transport tuning; the defaults are SPEC §9's (batch 1000, timeout 10 s, ping 4 s × 10 samples, 1 s). */
  transport?: Omit<RpcTransportParameters, 'urls' | 'signal' | 'hosted'>
  /**
   * The api's hosted RPC endpoint (SPEC §7): chains the api lists are read through `url(caipNetworkId)` first, their
   * own URLs as the fallback. The plugin sets it when an api endpoint and a project id are configured.
   */
  hosted?: { url: (caipNetworkId: string) => string; isListed: (caipNetworkId: string) => Promise<boolean> }
}

/**
 * What the adapter's methods share: the options, the networks, the RPC clients and what the wallets reported.
 * Every method is a `fn(ctx, params)` function over it; `createEvmAdapter` makes one per adapter.
 */
export type EvmContext = {
  readonly transport: EvmAdapterParameters['transport']
  readonly hosted: EvmAdapterParameters['hosted']
  /** The networks, with `rpcUrls` overrides applied. */
  readonly networks: readonly CaipNetworkLike[]
  /** RPC URL overrides per chain id. */
  readonly rpcUrls: ReadonlyMap<number, readonly string[]>
  /** Aborted by `destroy()`: stops transport ranking; no client is created afterwards. */
  readonly stop: AbortController
  /** Public clients per chain id and URL list. */
  readonly clients: Map<string, Client<Transport>>
  /** The chain id last reported by each connector's wallet (connect, chainChanged, switch), by connector id. */
  readonly chainIds: Map<string, number>
  /** Unsubscribe functions of each connector's `watch` calls, by connector id. */
  readonly watchers: Map<string, Set<() => void>>
}

/** The parameters of a chain adapter method, e.g. `ParamsOf<'connect'>`. */
export type ParamsOf<K extends keyof ChainAdapter> = Parameters<Extract<ChainAdapter[K], (...args: any[]) => unknown>>[0]

/** Builds the shared state; touches no network. */
export function createEvmContext(parameters: EvmAdapterParameters = {}): EvmContext {
  const { networks, rpcUrls } = configuredNetworks(parameters)
  return {
    transport: parameters.transport,
    hosted: parameters.hosted,
    networks,
    rpcUrls,
    stop: new AbortController(),
    clients: new Map(),
    chainIds: new Map(),
    watchers: new Map(),
  }
}

/** The numeric chain id of an eip155 network; CHAIN_NOT_CONFIGURED for any other. */
export function chainIdOf(network: CaipNetworkLike): number {
  const id = network.chainNamespace === 'eip155' ? evmChainId(network) : undefined
  if (id === undefined) throw new ChainNotConfiguredError(network.caipNetworkId)
  return id
}

/** The network's http(s) RPC URLs: the override for its chain id, else its own (`default`, then `chainDefault`). */
export function rpcUrlsOf(ctx: EvmContext, network: CaipNetworkLike): string[] {
  const id = chainIdOf(network)
  const urls = ctx.rpcUrls.get(id) ?? [...network.rpcUrls.default.http, ...(network.rpcUrls.chainDefault?.http ?? [])]
  return [...new Set(urls.filter((u) => /^https?:\/\//.test(u)))]
}

/** The bare viem client for a network's RPC, created (and its transport ranking started) on first use. */
export function getClient(ctx: EvmContext, network: CaipNetworkLike): Client<Transport> {
  const urls = rpcUrlsOf(ctx, network)
  if (!urls.length) throw new RpcUrlMissingError(network.caipNetworkId)
  const key = `${chainIdOf(network)} ${urls.join(' ')}`
  let client = ctx.clients.get(key)
  if (!client) {
    if (ctx.stop.signal.aborted) throw new RpcRequestFailedError(network.name, new Error('The evm adapter was destroyed.'))
    const caip = network.caipNetworkId
    const hosted = ctx.hosted ? { url: ctx.hosted.url(caip), listed: () => ctx.hosted!.isListed(caip) } : undefined
    client = createClient({ transport: createRpcTransport({ ...ctx.transport, urls, signal: ctx.stop.signal, ...(hosted ? { hosted } : {}) }) })
    ctx.clients.set(key, client)
  }
  return client
}
