import {
  PING_INTERVAL_MS,
  PING_SAMPLES,
  PING_TIMEOUT_MS,
  PING_WEIGHTS,
  RPC_BATCH_SIZE,
  RPC_TIMEOUT_MS,
} from '@portico/contracts/spec'
import { createTransport, fallback, http, type EIP1193RequestFn, type Transport } from 'viem'
import { rpcCodeOf } from './errors.js'

export type RpcTransportParameters = {
  /** RPC endpoints, best first until ranking knows better. */
  urls: readonly string[]
  /** JSON-RPC calls per batch (SPEC §9: 1000). */
  batchSize?: number
  /** Timeout of one request, in ms (SPEC §9: 10 s). */
  timeout?: number
  /** Retries of a failed request over the whole fallback list. */
  retryCount?: number
  /** Transport ranking (SPEC §7, §9): a `net_listening` ping every 4 s, 10 samples, 1 s timeout, 0.7/0.3 weights. */
  rank?: { interval?: number; sampleCount?: number; timeout?: number; weights?: { stability: number; latency: number } }
  /** Aborting stops the ranking pings (the adapter aborts on teardown). */
  signal?: AbortSignal
  /**
   * The api's hosted RPC endpoint for this chain (SPEC §7), put before `urls` when `listed()` says the api serves the
   * chain (`v1/supported-chains`); asked once, on the first request. `urls` stay as the fallback.
   */
  hosted?: HostedRpc
}

/** The hosted RPC endpoint of one chain and whether the api lists the chain. */
export type HostedRpc = { url: string; listed: () => Promise<boolean> }

/**
 * Errors that another endpoint would answer the same way, so the fallback throws them instead of trying the next
 * transport: user rejection (4001, and CAIP-25's 5000), a rejected transaction (-32003) and a reverted execution.
 */
export function isFinalRpcError(error: Error): boolean {
  const code = rpcCodeOf(error)
  if (code === 4001 || code === 5000 || code === -32003) return true
  return /execution reverted/i.test(error.message ?? '')
}

/** One retry after the whole fallback list failed: ranking already routes around dead endpoints, and the modal should not wait 40 s on a dead chain. */
export const RPC_RETRY_COUNT = 1

/**
 * A viem transport over `urls`: each endpoint batched (up to 1000 calls) with a 10 s timeout, wrapped in `fallback`.
 * With two or more endpoints they are ranked by a `net_listening` ping; ranking starts when the transport is first
 * instantiated (the client is created), so build clients lazily. One endpoint is not pinged: there is nothing to rank.
 * With `hosted`, the endpoint list is settled on the first request: the api's endpoint first when it lists the
 * chain, then `urls`; a refusal or failure there moves on to the chain's own URLs like any fallback.
 *
 * @example
 * const client = createClient({ transport: createRpcTransport({ urls: ['https://rpc.example', 'https://backup.example'] }) })
 */
export function createRpcTransport(parameters: RpcTransportParameters): Transport {
  const { hosted } = parameters
  if (!hosted) return fallbackOver([...new Set(parameters.urls)], parameters)
  return (config) => {
    let settled: Promise<ReturnType<Transport>> | undefined
    const inner = () =>
      (settled ??= hosted
        .listed()
        .catch(() => false)
        .then((listed) => fallbackOver([...new Set([...(listed ? [hosted.url] : []), ...parameters.urls])], parameters)(config)))
    return createTransport({
      key: 'portico',
      name: 'Portico RPC',
      type: 'portico',
      // the inner fallback retries; retrying here as well would multiply the attempts
      retryCount: 0,
      timeout: parameters.timeout ?? RPC_TIMEOUT_MS,
      request: (async (args: { method: string; params?: unknown }) => (await inner()).request(args as never)) as EIP1193RequestFn,
    })
  }
}

function fallbackOver(urls: readonly string[], parameters: RpcTransportParameters): Transport {
  const transports = urls.map((url) =>
    http(url, { batch: { batchSize: parameters.batchSize ?? RPC_BATCH_SIZE }, timeout: parameters.timeout ?? RPC_TIMEOUT_MS }),
  )
  const rank = parameters.rank ?? {}
  const signal = parameters.signal
  return fallback(transports, {
    retryCount: parameters.retryCount ?? RPC_RETRY_COUNT,
    shouldThrow: isFinalRpcError,
    rank:
      transports.length < 2
        ? false
        : {
            interval: rank.interval ?? PING_INTERVAL_MS,
            sampleCount: rank.sampleCount ?? PING_SAMPLES,
            timeout: rank.timeout ?? PING_TIMEOUT_MS,
            weights: rank.weights ?? PING_WEIGHTS,
            // viem's ranking loop has no stop; a ping that never settles parks it for good (no timer, no socket)
            ping: ({ transport }) => (signal?.aborted ? new Promise<never>(() => {}) : transport.request({ method: 'net_listening' })),
          },
  })
}
