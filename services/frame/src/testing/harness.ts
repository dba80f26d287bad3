import { type Database, openPglite } from '@portico/service-api/db'
import type { SinkMessage } from '../mail/sink.js'
import { type FrameServer, createFrameServer } from '../server.js'
import type { FrameServerOptions } from '../config.js'
import { silentLogger } from '../config.js'

/** A clock tests move forward; every server of a test shares one. */
export class TestClock {
  offsetMs = 0
  readonly now = (): Date => new Date(Date.now() + this.offsetMs)
  advance(ms: number): void {
    this.offsetMs += ms
  }
}

/** A frame server listening on a free loopback port, with small request helpers. */
export interface TestFrame {
  server: FrameServer
  url: string
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>
  /** The sink's inbox, read over HTTP from /inbox.json. */
  inbox(): Promise<SinkMessage[]>
  close(): Promise<void>
}

async function parse(response: Response) {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers }
}

/** Starts a frame server (silent, dev secret unless given) and listens on port 0. */
export async function startTestFrame(options: FrameServerOptions = {}): Promise<TestFrame> {
  const server = await createFrameServer({ logger: silentLogger, ...options })
  const { url } = await server.listen(0)
  return {
    server,
    url,
    post: async (path, body, headers = {}) =>
      parse(
        await fetch(url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    get: async (path, headers = {}) => parse(await fetch(url + path, { headers })),
    inbox: async () => (await (await fetch(`${url}/inbox.json`)).json()) as SinkMessage[],
    close: () => server.close(),
  }
}

/**
 * The database options replicas of one test file share on a test backend: one PGlite instance in-process, or
 * separate PostgreSQL pools on one database; `close` ends both the instance and the backend.
 */
export async function openSharedDatabase(backend: {
  name: string
  open: () => Promise<{ options: { databaseUrl?: string }; cleanup: () => Promise<void> }>
}): Promise<{ db: { database?: Database; databaseUrl?: string }; close: () => Promise<void> }> {
  const opened = await backend.open()
  const pglite = backend.name === 'pglite' ? await openPglite() : null
  return {
    db: pglite ? { database: pglite } : { databaseUrl: opened.options.databaseUrl },
    close: async () => {
      await pglite?.close()
      await opened.cleanup()
    },
  }
}
