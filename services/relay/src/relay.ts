import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { authenticate } from './auth.js'
import {
  errorFrame, extractRawId, frameShapeError, methodParams, normalizeAckId, requestSchema, responseSchema, resultFrame, RpcError,
  type ParamsOf, type RelayMethod,
} from './jsonrpc.js'
import { Mailbox, defaultMailboxLimits, type MailboxLimits, type StoredMessage } from './mailbox.js'
import { defaultClientQuotas, TokenBucket, type ClientQuotas } from './quotas.js'
import { explainOversizeCloses, FrameWatch } from './sockets.js'
import { Subscriptions } from './subscriptions.js'

/** The relay's port when none is configured (the product's default; `main.ts` reads `PORTICO_RELAY_PORT`). */
export const DEFAULT_RELAY_PORT = 4330

/** Options of `createRelay`; every field is optional. */
export interface RelayOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
  /** Port to listen on; 0 picks a free one (default 4330). */
  port?: number
  /** When set, browsers may connect only from these origins (clients without an Origin header are not browsers: allowed). */
  allowedOrigins?: string[]
  /** When set, only these `projectId`s may connect; unset, any non-empty one may (a missing one never). */
  projectIds?: string[]
  /** WebSocket ping period; a socket that has not answered the previous ping is terminated (default 25 s). */
  pingIntervalMs?: number
  /** Period of the mailbox ttl sweep (default 10 s). */
  sweepIntervalMs?: number
  /** Tolerated clock difference for the JWT's iat and exp (default 30 s). */
  clockSkewSeconds?: number
  /**
   * Largest inbound frame; a bigger one closes the socket with 1009 "Frame too large" (default 256 KiB: the public
   * relay refuses messages over 96 KiB, so no WalletConnect client needs more, and parsing stays short).
   */
  maxPayloadBytes?: number
  /** A connection must finish its HTTP upgrade within this (default 10 s). */
  handshakeTimeoutMs?: number
  /** Bytes of an unfinished frame or fragmented message may wait this long for the rest (default 30 s). */
  frameTimeoutMs?: number
  /** Mailbox bounds (see `defaultMailboxLimits`). */
  limits?: Partial<MailboxLimits>
  /** Per-client quotas and the relay-wide caps behind them (see `defaultClientQuotas`). */
  quotas?: Partial<ClientQuotas>
  /** Fault injection for tests, off by default. */
  faults?: {
    /** Fraction (0..1) of publish calls silently lost: not stored, not delivered, never answered. */
    dropPublishRate?: number
    random?: () => number
  }
  /** Clock used for ttls and JWT times; tests move it forward instead of waiting. */
  now?: () => number
  log?: (line: string) => void
}

/** Counts since start, for tests and logs. */
export interface RelayStats { published: number; delivered: number; acked: number; dropped: number }

/** Snapshot returned by `inspect()`. */
export interface RelaySnapshot {
  clients: number
  sockets: number
  /** Subscriptions over all clients. */
  subscriptions: number
  topics: Array<{ topic: string; subscribers: number; mailbox: number }>
  mailboxBytes: number
  stats: RelayStats
}

/** A running relay. */
export interface Relay {
  /** `ws://host:port`: what clients pass as `relayUrl`. */
  url: string
  port: number
  /** Stops listening and terminates every socket. */
  close(): Promise<void>
  /** Terminates every socket without a close frame, as a relay outage would; client state is kept. */
  dropAllSockets(): void
  /** Topics, subscriber counts, mailbox sizes and counters. */
  inspect(): RelaySnapshot
  /** Runs the ttl sweep now (it also runs on a timer). */
  sweep(): void
}

/** A clientId with at least one open socket; it is forgotten with its subscriptions when the last one closes. */
interface Client { id: string; conns: Set<Conn>; requests: TokenBucket }
interface Conn {
  ws: WebSocket
  client: Client
  alive: boolean
  frames: FrameWatch
  /** Deliveries waiting for the client's ack, by our request id (digits only); capped per socket. */
  awaitingAck: Map<string, StoredMessage>
  /** Messages already sent on this socket, so a resubscribe does not send them twice (weak: the mailbox owns them). */
  sent: WeakSet<StoredMessage>
}

type Outcome = unknown | { error: [number, string] } | typeof DROPPED
type PublishItem = { topic: string; message: string; ttl: number; tag?: number }
const DROPPED = Symbol('dropped')
const FETCH_PAGE = 500
/** Default largest frame: see `RelayOptions.maxPayloadBytes`. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 256 * 1024

/** Starts a WalletConnect v2 relay on `host:port` and resolves once it listens. */
export async function createRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const mailbox = new Mailbox({ ...defaultMailboxLimits, ...options.limits })
  const quotas: ClientQuotas = { ...defaultClientQuotas, ...options.quotas }
  const maxPayload = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000
  const frameTimeoutMs = options.frameTimeoutMs ?? 30_000
  const clients = new Map<string, Client>()
  const subscriptions = new Subscriptions<Client>(quotas)
  const conns = new Set<Conn>()
  let upgrading = 0
  const stats: RelayStats = { published: 0, delivered: 0, acked: 0, dropped: 0 }
  // Delivery ids are 19-digit numbers, like the public relay's, so clients take their BigInt path.
  let nextDeliveryId = BigInt(Date.now()) * 1_000_000n

  // Node's own timers end a request whose headers are not in after handshakeTimeoutMs (a slowloris upgrade).
  const http = createServer({
    headersTimeout: handshakeTimeoutMs,
    requestTimeout: handshakeTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, handshakeTimeoutMs / 4)),
  }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"service":"portico-relay","ok":true}')
  })
  http.maxConnections = quotas.maxSockets + 16 // TCP sockets, half-open ones included; a little slack for refusals
  // Node's header timer starts with the first byte: a connection that sends nothing needs an idle timer. `ws` clears
  // it (setTimeout(0)) once the socket is upgraded.
  http.on('connection', (socket: Socket) => socket.setTimeout(handshakeTimeoutMs, () => socket.destroy()))
  const wss = new WebSocketServer({ noServer: true, maxPayload })
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy()) // a client vanishing mid-handshake must not crash the relay
    if (conns.size + upgrading >= quotas.maxSockets) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    upgrading++
    onUpgrade(req, socket as Socket, head)
      .catch(() => socket.destroy())
      .finally(() => upgrading--)
  })

  async function onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
    const url = new URL(req.url ?? '/', 'ws://relay')
    const auth = await authenticate({
      token: url.searchParams.get('auth'),
      projectId: url.searchParams.get('projectId'),
      projectIds: options.projectIds,
      hostHeader: req.headers.host,
      origin: req.headers.origin,
      relayPort: port,
      allowedOrigins: options.allowedOrigins,
      clockSkewSeconds: options.clockSkewSeconds ?? 30,
      nowMs: now(),
    })
    // Refusals accept the upgrade and close with 3000 + reason: @walletconnect/core (useOnCloseEvent)
    // turns exactly that into a "closed abnormally with code: 3000 (<reason>)" error and stops
    // reconnecting, whereas an HTTP 401 would only surface as "Unexpected server response: 401".
    wss.handleUpgrade(req, socket, head, (ws) => {
      explainOversizeCloses(ws, maxPayload)
      if (!auth.ok) {
        log(`refused connection: ${auth.reason}`)
        ws.close(3000, auth.reason)
      } else attach(ws, socket, auth.clientId)
    })
  }

  function attach(ws: WebSocket, socket: Socket, clientId: string) {
    let client = clients.get(clientId)
    if (!client) {
      const requests = new TokenBucket(quotas.requestsPerSecond, quotas.requestBurst, Date.now())
      clients.set(clientId, (client = { id: clientId, conns: new Set(), requests }))
    }
    const conn: Conn = { ws, client, alive: true, frames: new FrameWatch(socket, ws, Date.now), awaitingAck: new Map(), sent: new WeakSet() }
    client.conns.add(conn)
    conns.add(conn)
    if (client.conns.size > quotas.maxSocketsPerClient) {
      // A reconnecting client's old socket may linger; the oldest goes now (uncounted), its close handshake after.
      const oldest = client.conns.values().next().value!
      detach(oldest)
      oldest.ws.close(1008, 'Too many connections for this client')
    }
    ws.on('pong', () => (conn.alive = true))
    ws.on('message', (data: RawData) => {
      conn.alive = true
      const text = (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8')
      try {
        onFrame(conn, text)
      } catch (err) {
        log(`internal error: ${(err as Error).message}`)
        send(conn, errorFrame('null', RpcError.internal, 'Internal error'))
      }
    })
    ws.on('error', () => {}) // protocol errors (e.g. oversized frames): ws closes the socket itself
    ws.on('close', () => detach(conn))
  }

  /** Forgets a closed socket and, with the client's last socket, the client and its subscriptions. */
  function detach(conn: Conn) {
    if (!conns.delete(conn)) return
    const client = conn.client
    client.conns.delete(conn)
    if (client.conns.size > 0) return
    // A 2.25 client resubscribes (irn_batchSubscribe) on every reconnect, and what it missed waits in the mailbox
    // with its receipts, so nothing needs the subscriptions of a client without sockets.
    subscriptions.removeClient(client)
    clients.delete(client.id)
  }

  function send(conn: Conn, frame: string) {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(frame)
  }

  function onFrame(conn: Conn, text: string) {
    const shape = frameShapeError(text)
    if (shape) return send(conn, errorFrame('null', RpcError.parse, `Parse error: ${shape}`))
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return send(conn, errorFrame('null', RpcError.parse, 'Parse error'))
    }
    const frame = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined
    // Echo the id exactly as sent, but only when it is a valid one; otherwise answer with id null.
    const rawId = frame && responseSchema.safeParse(frame).success ? (extractRawId(text) ?? 'null') : 'null'
    if (frame && !('method' in frame) && ('result' in frame || 'error' in frame)) {
      if ('result' in frame) onAck(conn, rawId) // an error reply is no receipt: the message stays pending
      return
    }
    // Everything but an ack takes a token, invalid frames included: they cost a parse too.
    if (!conn.client.requests.take(Date.now())) {
      return send(conn, errorFrame(rawId, RpcError.rateLimited, `Rate limit exceeded: ${quotas.requestsPerSecond} requests per second per client`))
    }
    const request = requestSchema.safeParse(parsed)
    if (!request.success) return send(conn, errorFrame(rawId, RpcError.invalidRequest, 'Invalid request'))
    const method = request.data.method
    if (!Object.hasOwn(methodParams, method)) {
      return send(conn, errorFrame(rawId, RpcError.methodNotFound, `Method not found: ${method}`))
    }
    const params = methodParams[method as RelayMethod].safeParse(request.data.params ?? {})
    if (!params.success) {
      const issue = params.error.issues[0]
      return send(conn, errorFrame(rawId, RpcError.invalidParams, `Invalid params: ${issue.path.join('.') || 'params'}: ${issue.message}`))
    }
    // Deliveries caused by this request (replays, fan-out) go out after its response.
    const later: Array<() => void> = []
    const outcome = (handlers[method as RelayMethod] as (c: Conn, p: unknown, l: typeof later) => Outcome)(conn, params.data, later)
    if (outcome === DROPPED) return
    if (typeof outcome === 'object' && outcome !== null && 'error' in outcome) {
      const [code, message] = (outcome as { error: [number, string] }).error
      send(conn, errorFrame(rawId, code, message))
    } else send(conn, resultFrame(rawId, outcome))
    for (const fn of later) fn()
  }

  function onAck(conn: Conn, rawId: string) {
    const id = normalizeAckId(rawId)
    const message = conn.awaitingAck.get(id)
    if (!message) return
    conn.awaitingAck.delete(id)
    mailbox.markReceived(message, conn.client.id)
    stats.acked++
  }

  function deliver(conn: Conn, message: StoredMessage) {
    if (message.gone || conn.sent.has(message) || conn.ws.readyState !== WebSocket.OPEN) return
    const id = String(nextDeliveryId++)
    conn.sent.add(message)
    conn.awaitingAck.set(id, message)
    // A client that never acks must not pin messages: past the cap the oldest wait is forgotten (the message stays
    // in the mailbox and is replayed on the next subscribe, since no receipt was recorded).
    if (conn.awaitingAck.size > quotas.maxAwaitingAckPerSocket) conn.awaitingAck.delete(conn.awaitingAck.keys().next().value!)
    const data = { topic: message.topic, message: message.message, publishedAt: message.publishedAt, tag: message.tag }
    const params = { id: subscriptionId(message.topic, conn.client.id), data }
    send(conn, `{"id":${id},"jsonrpc":"2.0","method":"irn_subscription","params":${JSON.stringify(params)}}`)
    stats.delivered++
  }

  /** Subscribes the caller to all of `topics` (or, past its quota, to none) and queues the replay of what it missed. */
  function subscribe(conn: Conn, topics: string[], later: Array<() => void>): string[] | { error: [number, string] } {
    const added = subscriptions.add(conn.client, topics)
    if (added !== true) return { error: [RpcError.quota, added.refused] }
    // Replay what this client missed (publisher's own messages excluded) on the subscribing socket.
    for (const topic of topics) later.push(() => mailbox.pendingFor(topic, conn.client.id, now()).forEach((m) => deliver(conn, m)))
    return topics.map((topic) => subscriptionId(topic, conn.client.id))
  }

  function unsubscribe(client: Client, topic: string): true {
    subscriptions.remove(client, topic)
    return true
  }

  function publish(conn: Conn, items: PublishItem[], later: Array<() => void>): Outcome {
    const { dropPublishRate = 0, random = Math.random } = options.faults ?? {}
    if (dropPublishRate > 0 && random() < dropPublishRate) {
      stats.dropped++
      return DROPPED
    }
    for (const item of items) {
      const stored = mailbox.store({ ...item, tag: item.tag ?? 0, publisher: conn.client.id }, now())
      if (stored === 'quota') {
        return { error: [RpcError.quota, `Quota exceeded: at most ${mailbox.limits.maxBytesPerClient} stored bytes per client`] }
      }
      if (stored === 'full') return { error: [RpcError.server, 'Mailbox full'] }
      if (stored === 'duplicate') continue // a client retry: already stored and fanned out
      stats.published++
      later.push(() => {
        for (const client of subscriptions.subscribers(stored.topic)) {
          if (client.id !== stored.publisher) client.conns.forEach((c) => deliver(c, stored))
        }
      })
    }
    return true
  }

  function fetchMessages(conn: Conn, topics: string[]) {
    const pending = topics.flatMap((t) => mailbox.pendingFor(t, conn.client.id, now()))
    const page = pending.slice(0, FETCH_PAGE)
    page.forEach((m) => mailbox.markReceived(m, conn.client.id))
    const messages = page.map(({ topic, message, publishedAt, tag }) => ({ topic, message, publishedAt, tag }))
    return { messages, hasMore: pending.length > page.length }
  }

  type Handler<M extends RelayMethod> = (conn: Conn, p: ParamsOf<M>, later: Array<() => void>) => Outcome
  const handlers: { [M in RelayMethod]: Handler<M> } = {
    irn_subscribe: (c, p, l) => {
      const ids = subscribe(c, [p.topic], l)
      return Array.isArray(ids) ? ids[0] : ids
    },
    irn_batchSubscribe: (c, p, l) => subscribe(c, p.topics, l),
    irn_unsubscribe: (c, p) => unsubscribe(c.client, p.topic),
    irn_batchUnsubscribe: (c, p) => p.subscriptions.every((s) => unsubscribe(c.client, s.topic)),
    irn_publish: (c, p, l) => publish(c, [p], l),
    irn_batchPublish: (c, p, l) => publish(c, p.messages, l),
    irn_fetchMessages: (c, p) => fetchMessages(c, [p.topic]),
    irn_batchFetchMessages: (c, p) => fetchMessages(c, p.topics),
    // 2.25 clients create these topics with skipSubscribe: the relay subscribes the caller itself.
    wc_proposeSession: (c, p, l) => {
      const subscribed = subscribe(c, [p.pairingTopic], l)
      if (!Array.isArray(subscribed)) return subscribed
      return publish(c, [{ topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl, tag: 1100 }], l)
    },
    wc_approveSession: (c, p, l) => {
      const subscribed = subscribe(c, [p.sessionTopic], l)
      if (!Array.isArray(subscribed)) return subscribed
      return publish(c, [
        { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl: p.ttl, tag: 1101 },
        { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl: p.ttl, tag: 1102 },
      ], l)
    },
  }

  function sweep() {
    const t = now()
    mailbox.sweep(t)
    for (const conn of conns) {
      for (const [id, m] of conn.awaitingAck) if (m.gone || m.expiresAt <= t) conn.awaitingAck.delete(id)
    }
  }

  const pinger = setInterval(() => {
    for (const conn of conns) {
      if (!conn.alive) conn.ws.terminate()
      else {
        conn.alive = false
        conn.ws.ping()
      }
    }
  }, options.pingIntervalMs ?? 25_000)
  const sweeper = setInterval(sweep, options.sweepIntervalMs ?? 10_000)
  const frameChecker = setInterval(() => {
    const t = Date.now()
    for (const conn of conns) {
      if (!conn.frames.stalled(t, frameTimeoutMs)) continue
      log('terminated a socket whose frame stayed incomplete')
      conn.ws.terminate()
    }
  }, Math.min(1000, Math.max(20, frameTimeoutMs / 4)))
  pinger.unref()
  sweeper.unref()
  frameChecker.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? DEFAULT_RELAY_PORT, host, () => resolve())
  })
  const port = (http.address() as AddressInfo).port
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`
  log(`relay listening on ${url}`)

  return {
    url,
    port,
    sweep,
    dropAllSockets: () => wss.clients.forEach((ws) => ws.terminate()),
    inspect: () => {
      const sizes = mailbox.sizes()
      const subscribers = subscriptions.sizes()
      const names = new Set([...subscribers.keys(), ...sizes.keys()])
      const topics = [...names].map((topic) => ({
        topic, subscribers: subscribers.get(topic) ?? 0, mailbox: sizes.get(topic) ?? 0,
      }))
      return {
        clients: clients.size, sockets: conns.size, subscriptions: subscriptions.size, topics,
        mailboxBytes: mailbox.totalBytes, stats: { ...stats },
      }
    },
    close: async () => {
      clearInterval(pinger)
      clearInterval(sweeper)
      clearInterval(frameChecker)
      wss.clients.forEach((ws) => ws.terminate())
      wss.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

/** The subscription id clients compute themselves: sha256(topic + clientId). */
function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId).digest('hex')
}
