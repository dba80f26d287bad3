import type { ChainRuntime } from '../chains.js'
import type { RpcOptions } from './options.js'

/** The chains the RPC endpoint serves: CAIP-2 id → upstream URLs, best first. */
export type RpcUpstreams = ReadonlyMap<string, readonly string[]>

/** What the endpoint reads its upstreams from: the server's configured chains and the `rpc.upstreams` option. */
export interface UpstreamSources {
  /** The eip155 chains the api serves (their `rpcUrl`). */
  chains: ReadonlyMap<string, ChainRuntime>
  /** Other chains with their RPC URL (the local Solana chain), by CAIP-2 id. */
  others?: ReadonlyMap<string, string>
  options?: RpcOptions
}

/**
 * The one place the endpoint learns where each chain's JSON-RPC lives: every configured chain's own URL, replaced by
 * the `rpc.upstreams` list for that chain when one is given (a list may also add a chain the api does not otherwise
 * serve). Duplicates are dropped; only http(s) URLs are kept.
 *
 * @example
 * rpcUpstreams({ chains, options: { upstreams: { 'eip155:31337': ['http://10.0.0.2:8545', 'http://127.0.0.1:8545'] } } })
 * // Map { 'eip155:31337' => ['http://10.0.0.2:8545', 'http://127.0.0.1:8545'], 'eip155:31338' => ['http://127.0.0.1:8546'] }
 */
export function rpcUpstreams({ chains, others, options }: UpstreamSources): RpcUpstreams {
  const upstreams = new Map<string, readonly string[]>()
  const keep = (urls: readonly string[]) => [...new Set(urls.filter((u) => /^https?:\/\//i.test(u)))]
  for (const [caip, chain] of chains) upstreams.set(caip, keep([chain.config.rpcUrl]))
  for (const [caip, url] of others ?? []) upstreams.set(caip, keep([url]))
  for (const [caip, urls] of Object.entries(options?.upstreams ?? {})) upstreams.set(caip, keep(urls))
  for (const [caip, urls] of upstreams) if (urls.length === 0) upstreams.delete(caip)
  return upstreams
}
