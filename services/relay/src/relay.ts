import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { authenticate } from './auth.js'
import {
  errorFrame, extractRawId, methodParams, normalizeAckId, requestSchema, responseSchema, resultFrame, RpcError,
  type ParamsOf, type RelayMethod,
} from './jsonrpc.js'
import { Mailbox, defaultMailboxLimits, type MailboxLimits, type StoredMessage } from './mailbox.js'

/** The relay's port when none is configured (the product's default; `main.ts` reads `PORTICO_RELAY_PORT`). */
export const DEFAULT_RELAY_PORT = 4330

/** Options of `createRelay`; every field is optional. */
export interface RelayOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
  /** Port to listen on; 0 picks a free one (default 4330). */
  port?: number
  /** When set, only browsers on these origins may connect (a missing Origin header is refused too). */
  allowedOrigins?: string[]
  /** WebSocket ping period; a socket that has not answered the previous ping is terminated (default 25 s). */
  pingIntervalMs?: number
  /** Period of the mailbox ttl sweep (default 10 s). */
  sweepIntervalMs?: number
  /** Tolerated clock difference for the JWT's iat and exp (default 30 s). */
  clockSkewSeconds?: number
  /** Largest inbound frame; a bigger one closes the socket with 1009 (default 1 MiB). */
  maxPayloadBytes?: number
  /** Mailbox bounds (see `defaultMailboxLimits`). */
  limits?: Partial<MailboxLimits>
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

interface Client { id: string; topics: Set<string>; conns: Set<Conn>; lastSeen: number }
interface Conn {
  ws: WebSocket
  client: Client
  alive: boolean
  /** Deliveries waiting for the client's ack, by our request id (digits only). */
  awaitingAck: Map<string, StoredMessage>
  /** Messages already sent on this socket, so a resubscribe does not send them twice. */
  sent: Set<StoredMessage>
}

type Outcome = unknown | { error: [number, string] } | typeof DROPPED
type PublishItem = { topic: string; message: string; ttl: number; tag?: number }
const DROPPED = Symbol('dropped')
const FETCH_PAGE = 500
/** Client state (subscriptions, receipts) outlives its sockets this long, so reconnects resume. */
const CLIENT_IDLE_MS = 24 * 3600 * 1000

/** Starts a WalletConnect v2 relay on `host:port` and resolves once it listens. */
export async function createRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const mailbox = new Mailbox({ ...defaultMailboxLimits, ...options.limits })
  const clients = new Map<string, Client>()
  const subscribers = new Map<string, Set<Client>>()
  const conns = new Set<Conn>()
  const stats: RelayStats = { published: 0, delivered: 0, acked: 0, dropped: 0 }
  // Delivery ids are 19-digit numbers, like the public relay's, so clients take their BigInt path.
  let nextDeliveryId = BigInt(Date.now()) * 1_000_000n

  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"service":"portico-relay","ok":true}')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? 1024 * 1024 })
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy()) // a client vanishing mid-handshake must not crash the relay
    onUpgrade(req, socket, head).catch(() => socket.destroy())
  })

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'ws://relay')
    const auth = await authenticate({
      token: url.searchParams.get('auth'),
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
      if (!auth.ok) {
        log(`refused connection: ${auth.reason}`)
        ws.close(3000, auth.reason)
      } else attach(ws, auth.clientId)
    })
  }

  function attach(ws: WebSocket, clientId: string) {
    let client = clients.get(clientId)
    if (!client) clients.set(clientId, (client = { id: clientId, topics: new Set(), conns: new Set(), lastSeen: now() }))
    const conn: Conn = { ws, client, alive: true, awaitingAck: new Map(), sent: new Set() }
    client.conns.add(conn)
    conns.add(conn)
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
    ws.on('close', () => {
      conns.delete(conn)
      client.conns.delete(conn)
      client.lastSeen = now()
    })
  }

  function send(conn: Conn, frame: string) {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(frame)
  }

  function onFrame(conn: Conn, text: string) {
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
    if (conn.sent.has(message) || conn.ws.readyState !== WebSocket.OPEN) return
    const id = String(nextDeliveryId++)
    conn.sent.add(message)
    conn.awaitingAck.set(id, message)
    const data = { topic: message.topic, message: message.message, publishedAt: message.publishedAt, tag: message.tag }
    const params = { id: subscriptionId(message.topic, conn.client.id), data }
    send(conn, `{"id":${id},"jsonrpc":"2.0","method":"irn_subscription","params":${JSON.stringify(params)}}`)
    stats.delivered++
  }

  function subscribe(conn: Conn, topic: string, later: Array<() => void>): string {
    conn.client.topics.add(topic)
    let set = subscribers.get(topic)
    if (!set) subscribers.set(topic, (set = new Set()))
    set.add(conn.client)
    // Replay what this client missed (publisher's own messages excluded) on the subscribing socket.
    later.push(() => mailbox.pendingFor(topic, conn.client.id, now()).forEach((m) => deliver(conn, m)))
    return subscriptionId(topic, conn.client.id)
  }

  function unsubscribe(client: Client, topic: string): true {
    client.topics.delete(topic)
    subscribers.get(topic)?.delete(client)
    if (subscribers.get(topic)?.size === 0) subscribers.delete(topic)
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
      if (stored === 'full') return { error: [RpcError.server, 'Mailbox full'] }
      if (stored === 'duplicate') continue // a client retry: already stored and fanned out
      stats.published++
      later.push(() => {
        for (const client of subscribers.get(stored.topic) ?? []) {
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
    irn_subscribe: (c, p, l) => subscribe(c, p.topic, l),
    irn_batchSubscribe: (c, p, l) => p.topics.map((t) => subscribe(c, t, l)),
    irn_unsubscribe: (c, p) => unsubscribe(c.client, p.topic),
    irn_batchUnsubscribe: (c, p) => p.subscriptions.every((s) => unsubscribe(c.client, s.topic)),
    irn_publish: (c, p, l) => publish(c, [p], l),
    irn_batchPublish: (c, p, l) => publish(c, p.messages, l),
    irn_fetchMessages: (c, p) => fetchMessages(c, [p.topic]),
    irn_batchFetchMessages: (c, p) => fetchMessages(c, p.topics),
    // 2.25 clients create these topics with skipSubscribe: the relay subscribes the caller itself.
    wc_proposeSession: (c, p, l) => {
      subscribe(c, p.pairingTopic, l)
      return publish(c, [{ topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl, tag: 1100 }], l)
    },
    wc_approveSession: (c, p, l) => {
      subscribe(c, p.sessionTopic, l)
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
      for (const m of conn.sent) if (m.expiresAt <= t) conn.sent.delete(m)
      for (const [id, m] of conn.awaitingAck) if (m.expiresAt <= t) conn.awaitingAck.delete(id)
    }
    for (const client of clients.values()) {
      if (client.conns.size > 0 || t - client.lastSeen < CLIENT_IDLE_MS) continue
      client.topics.forEach((topic) => unsubscribe(client, topic)) // long gone: forget it
      clients.delete(client.id)
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
  pinger.unref()
  sweeper.unref()

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
      const names = new Set([...subscribers.keys(), ...sizes.keys()])
      const topics = [...names].map((topic) => ({
        topic, subscribers: subscribers.get(topic)?.size ?? 0, mailbox: sizes.get(topic) ?? 0,
      }))
      return { clients: clients.size, sockets: conns.size, topics, mailboxBytes: mailbox.totalBytes, stats: { ...stats } }
    },
    close: async () => {
      clearInterval(pinger)
      clearInterval(sweeper)
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
