/**
 * The local Solana chain as a validator looks from outside: JSON-RPC over HTTP (single and batched, CORS open like a
 * public RPC, `GET /health`) and the subscription websocket on a port of its own (upgrades on the RPC port work too).
 * Blocks are closed by every landed transaction and by a slot timer, so blockhashes move on and expire as on a
 * real cluster.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { RPC_ERROR } from './errors.ts'
import { stringifyJson } from './json.ts'
import { Ledger } from './ledger.ts'
import { handleBody } from './rpc.ts'
import { seedDevChain } from './seed.ts'
import { createSubscriptions } from './subscriptions.ts'

/** Largest request body accepted (a batch of transactions fits many times over). */
const MAX_BODY_BYTES = 1024 * 1024

export type StartSolanaChainOptions = {
  /** HTTP JSON-RPC port; 0 or omitted: a free one. */
  port?: number
  /** Websocket port; default `port + 1` when `port` is given, else a free one. */
  wsPort?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Fund the dev keys and create PTD (see seed.ts). Default true. */
  seed?: boolean
  /** Milliseconds per empty block; 0 closes blocks only when transactions land. Default 400 (as on mainnet). */
  slotMs?: number
}

export type SolanaChain = {
  /** e.g. `http://127.0.0.1:8899` */
  rpcUrl: string
  /** e.g. `ws://127.0.0.1:8900` */
  wsUrl: string
  port: number
  wsPort: number
  /** The chain itself, for tests that look inside. */
  ledger: Ledger
  close: () => Promise<void>
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(undefined)
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/**
 * Starts the chain: a fresh LiteSVM ledger (seeded with the dev keys and PTD unless `seed: false`) behind the RPC.
 *
 * @example
 * const chain = await startSolanaChain({ port: 8899, wsPort: 8900 })
 * const rpc = createSolanaRpc(chain.rpcUrl)
 * await rpc.getBalance(SOLANA_DEV_ADDRESSES[0]).send()
 * await chain.close()
 */
export async function startSolanaChain(options: StartSolanaChainOptions = {}): Promise<SolanaChain> {
  const host = options.host ?? '127.0.0.1'
  const ledger = await Ledger.create()
  if (options.seed !== false) await seedDevChain(ledger)
  const subscriptions = createSubscriptions(ledger)
  const wss = new WebSocketServer({ noServer: true })
  wss.on('connection', (socket) => subscriptions.attach(socket))
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  }

  const send = (res: ServerResponse, status: number, body: string, type = 'application/json') =>
    res.writeHead(status, { ...CORS, 'content-type': type }).end(body)
  const rpcError = (code: number, message: string) => stringifyJson({ jsonrpc: '2.0', id: null, error: { code, message } })

  const rpc = createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end()
      if (req.method === 'GET' && (req.url === '/health' || req.url?.startsWith('/health?'))) return send(res, 200, 'ok', 'text/plain')
      if (req.method !== 'POST') return send(res, 405, rpcError(RPC_ERROR.invalidRequest, 'Use POST with a JSON-RPC body'))
      const text = await readBody(req)
      if (text === undefined) return send(res, 413, rpcError(RPC_ERROR.invalidRequest, `Request body larger than ${MAX_BODY_BYTES} bytes`))
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return send(res, 200, rpcError(RPC_ERROR.parse, 'Parse error'))
      }
      send(res, 200, stringifyJson(await handleBody(ledger, body)))
    } catch (error) {
      if (!res.headersSent) send(res, 200, rpcError(RPC_ERROR.internal, `Internal error: ${(error as Error).message}`))
    }
  })
  rpc.on('upgrade', upgrade)
  const ws = createServer((_req, res) => send(res, 426, rpcError(RPC_ERROR.invalidRequest, 'This port serves websocket subscriptions'))).on(
    'upgrade',
    upgrade,
  )

  const port = await listen(rpc, options.port ?? 0, host)
  let wsPort: number
  try {
    wsPort = await listen(ws, options.wsPort ?? (options.port ? options.port + 1 : 0), host)
  } catch (error) {
    await closeServer(rpc)
    throw error
  }
  const slotMs = options.slotMs ?? 400
  const timer = slotMs > 0 ? setInterval(() => ledger.tick(), slotMs) : undefined
  timer?.unref()

  let closed: Promise<void> | undefined
  return {
    rpcUrl: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${wsPort}`,
    port,
    wsPort,
    ledger,
    close() {
      closed ??= (async () => {
        if (timer) clearInterval(timer)
        subscriptions.close()
        wss.close()
        await Promise.all([closeServer(rpc), closeServer(ws)])
      })()
      return closed
    },
  }
}
