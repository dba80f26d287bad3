import { randomBytes } from 'node:crypto'
import { connect as tcpConnect, type Socket } from 'node:net'
import v8 from 'node:v8'
import vm from 'node:vm'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import WebSocket from 'ws'
import type { Relay } from '../relay.js'

// Hand-driven clients for the relay's tests (kept out of the build by tsconfig's exclude).

export interface TokenOptions { aud?: string; iat?: number; ttl?: number; seed?: Uint8Array }

/** A relay-auth JWT for a fresh key (or the key of `seed`), addressed to `relay`. */
export async function token(relay: Relay, o: TokenOptions = {}) {
  const keyPair = generateKeyPair(o.seed ?? randomBytes(32))
  return signJWT(randomBytes(32).toString('hex'), o.aud ?? relay.url, o.ttl ?? 86_400, keyPair, o.iat)
}

export type TestClient = Awaited<ReturnType<typeof connect>>

/** A bare WebSocket client that records raw frames and can await one matching a predicate. */
export async function connect(relay: Relay, query: string, options: WebSocket.ClientOptions = {}, sockets?: WebSocket[]) {
  const ws = new WebSocket(`${relay.url}/?${query}`, options)
  sockets?.push(ws)
  const frames: string[] = []
  const waiters: Array<() => void> = []
  ws.on('message', (data) => {
    frames.push(data.toString())
    waiters.splice(0).forEach((w) => w())
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  ws.on('error', () => {}) // a refused or cut socket reports through `closed`
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const next = async (match: (text: string) => boolean) => {
    for (;;) {
      const found = frames.find(match)
      if (found) {
        frames.splice(frames.indexOf(found), 1)
        return found
      }
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  let seq = 1
  /** Sends a request and resolves with the parsed response carrying its id. */
  const call = async (method: string, params: unknown) => {
    const id = seq++
    ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return JSON.parse(await next((t) => t.startsWith(`{"id":${id},`)))
  }
  const delivery = async () => JSON.parse(await next((t) => t.includes('"method":"irn_subscription"')))
  return { ws, frames, next, call, delivery, closed }
}

/** A client with a valid token and a project id (`projectId=test` unless `query` says otherwise). */
export async function authed(relay: Relay, o: TokenOptions = {}, options?: WebSocket.ClientOptions, sockets?: WebSocket[], query = 'projectId=test') {
  return connect(relay, `auth=${await token(relay, o)}${query ? `&${query}` : ''}`, options, sockets)
}

/** A 64-hex-digit topic numbered `n`. */
export const topic = (n: number) => n.toString(16).padStart(64, '0')

/** A raw TCP socket to the relay, for clients that misbehave below the WebSocket layer. */
export function rawSocket(relay: Relay): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(relay.port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Completes a WebSocket handshake by hand and resolves with the socket once the relay answered 101. */
export async function rawUpgrade(relay: Relay, query: string): Promise<Socket> {
  const socket = await rawSocket(relay)
  socket.write(
    `GET /?${query} HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  await new Promise<void>((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1')
      if (!text.includes('\r\n\r\n')) return
      socket.off('data', onData)
      if (text.startsWith('HTTP/1.1 101')) resolve()
      else reject(new Error(text.split('\r\n')[0]))
    }
    socket.on('data', onData)
  })
  return socket
}

/** Resolves when the socket is closed by the other side, or with 'open' after `ms` (a bound, not a timing assertion). */
export function closedWithin(socket: Socket, ms: number): Promise<'closed' | 'open'> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve('closed')
    const timer = setTimeout(() => resolve('open'), ms)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve('closed')
    })
  })
}

let gcFn: (() => void) | undefined
/** Heap in use after a full collection (V8's gc is enabled at run time when the process lacks --expose-gc). */
export function heapAfterGc(): number {
  if (!gcFn) {
    v8.setFlagsFromString('--expose-gc')
    gcFn = vm.runInNewContext('gc') as () => void
  }
  gcFn()
  gcFn()
  return process.memoryUsage().heapUsed
}
