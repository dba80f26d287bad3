import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'

/**
 * `ws` closes a socket whose frame passes `maxPayload` with 1009 and no reason. Clients log the reason, so give
 * it one: the instance's close is wrapped (only the reason of a bare 1009 changes).
 */
export function explainOversizeCloses(ws: WebSocket, maxPayloadBytes: number): void {
  const close = ws.close.bind(ws)
  ws.close = (code?: number, reason?: string | Buffer) =>
    close(code, code === 1009 && !reason ? `Frame too large: at most ${maxPayloadBytes} bytes` : reason)
}

/**
 * Notices a socket that has sent bytes which complete no message, however slowly they drip: the slowloris that
 * holds a socket and up to `maxPayload` of buffer by sending a partial frame, or a fragmented message one fragment
 * at a time while answering pings. It counts bytes read since the last complete message; control frames that
 * arrive meanwhile are taken off again (a client's ping or pong is a 6-byte masked header plus its payload).
 */
export class FrameWatch {
  private pending = 0
  private since: number | undefined

  constructor(socket: Socket, ws: WebSocket, now: () => number) {
    // Prepended, so it counts a chunk before `ws` parses it and emits what the chunk completes.
    socket.prependListener('data', (chunk: Buffer) => {
      this.pending += chunk.length
      this.since ??= now()
    })
    const settle = (bytes: number) => {
      this.pending -= bytes
      if (this.pending <= 0) [this.pending, this.since] = [0, undefined]
    }
    ws.on('message', () => settle(Infinity))
    ws.on('pong', (data: Buffer) => settle(6 + data.length))
    ws.on('ping', (data: Buffer) => settle(6 + data.length))
  }

  /** Whether bytes have waited longer than `timeoutMs` for their message to complete. */
  stalled(now: number, timeoutMs: number): boolean {
    return this.since !== undefined && now - this.since > timeoutMs
  }
}
