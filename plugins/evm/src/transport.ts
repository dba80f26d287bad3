import {
  PING_INTERVAL_MS,
  PING_SAMPLES,
  PING_TIMEOUT_MS,
  PING_WEIGHTS,
  RPC_BATCH_SIZE,
  RPC_TIMEOUT_MS,
} from '@portico/contracts/spec'
import { fallback, http, type Transport } from 'viem'
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
}

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
 *
 * @example
 * const client = createClient({ transport: createRpcTransport({ urls: ['https://rpc.example', 'https://backup.example'] }) })
 */
export function createRpcTransport(parameters: RpcTransportParameters): Transport {
  const urls = [...new Set(parameters.urls)]
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
