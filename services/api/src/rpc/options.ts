/** Settings of the hosted chain RPC endpoint (`createApiServer({ rpc })`); every one has a default. */
export interface RpcOptions {
  /**
   * Upstream JSON-RPC URLs per CAIP-2 chain id, tried in order (the next one when a call to one fails: connection
   * error, timeout, HTTP 5xx). Default: each configured chain's own RPC URL. A chain listed here that is not
   * configured otherwise is served by the endpoint only.
   */
  upstreams?: Record<string, readonly string[]>
  /** Timeout of one forwarded request to one upstream. Default: the server's `rpcTimeoutMs` (5 s). */
  timeoutMs?: number
  /** Calls (a batch counts each of its calls) one client IP may make per minute. Default 6,000. */
  callsPerIpPerMinute?: number
  /** Calls in one batch (SPEC §9: 1000). */
  maxBatch?: number
  /** Largest request body, in bytes. Default 1 MiB. */
  maxBodyBytes?: number
  /** Largest upstream answer passed on, in bytes. Default 16 MiB. */
  maxAnswerBytes?: number
  /** Count calls per the last X-Forwarded-For hop instead of the socket's peer (behind a reverse proxy). Default false. */
  trustProxy?: boolean
  /** The server clock (tests). */
  now?: () => Date
}

declare module '../config.js' {
  interface ApiServerOptions {
    /** The hosted chain RPC endpoint `POST /v1/`: upstreams per chain, limits. */
    rpc?: RpcOptions
  }
}

/** The defaults of {@link RpcOptions}. */
export const RPC_DEFAULTS = {
  callsPerIpPerMinute: 6_000,
  maxBatch: 1_000,
  maxBodyBytes: 1024 * 1024,
  maxAnswerBytes: 16 * 1024 * 1024,
  trustProxy: false,
} as const
