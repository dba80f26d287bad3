/**
 * Per-client bounds. A client is a clientId: the did:key issuer of the connection's JWT, the only identity the
 * relay knows (keys are free to make, so every per-client bound is backed by a relay-wide one).
 */
export interface ClientQuotas {
  /** Topics one client may be subscribed to; `irn_batchSubscribe` past it is refused whole. */
  maxTopicsPerClient: number
  /** Subscriptions over all clients; past it the largest holder loses its oldest topics. */
  maxSubscriptions: number
  /** Sustained requests per second per client (acks of our deliveries are free). */
  requestsPerSecond: number
  /** Requests a client may send at once before `requestsPerSecond` applies. */
  requestBurst: number
  /** Open sockets per client; a new one closes the client's oldest (1008). */
  maxSocketsPerClient: number
  /** Open sockets over all clients, half-open ones included; past it an upgrade gets HTTP 503. */
  maxSockets: number
  /** Deliveries awaiting an ack per socket; past it the oldest is forgotten (it stays in the mailbox). */
  maxAwaitingAckPerSocket: number
}

/**
 * Defaults sized for what the 2.25 clients do: a wallet or dapp subscribes to one topic per pairing and per
 * session (tens, a heavy wallet a few hundred), resubscribes with one `irn_batchSubscribe` of at most 500 topics,
 * and sends a handful of requests per user action.
 */
export const defaultClientQuotas: ClientQuotas = {
  maxTopicsPerClient: 1000,
  maxSubscriptions: 100_000,
  requestsPerSecond: 50,
  requestBurst: 200,
  maxSocketsPerClient: 8,
  maxSockets: 1000,
  maxAwaitingAckPerSocket: 1000,
}

/** A token bucket: `burst` tokens, refilled at `perSecond`; one request takes one. */
export class TokenBucket {
  private tokens: number
  private at: number

  constructor(private readonly perSecond: number, private readonly burst: number, now: number) {
    this.tokens = burst
    this.at = now
  }

  /** Takes a token if there is one. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond)
    this.at = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
