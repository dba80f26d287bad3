import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'

/** What `listen` answers: the port taken (0 asks the OS for one) and the URL it is reached at. */
export type Listening = { port: number; url: string }

/**
 * A Node HTTP server for a fetch handler (a Hono app's `app.fetch`), started by `listen` and stopped by `close`,
 * which also drops keep-alive connections (they would hold `close` open until they time out). The services share it.
 *
 * @example
 * const http = httpListener(app.fetch)
 * const { url } = await http.listen(4310)
 * await http.close()
 */
export function httpListener(fetch: (request: Request) => Response | Promise<Response>) {
  let http: ServerType | null = null
  return {
    listen(port = 0, hostname = '127.0.0.1'): Promise<Listening> {
      return new Promise((resolve, reject) => {
        const server = serve({ fetch, port, hostname }, (info: AddressInfo) => {
          resolve({ port: info.port, url: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${info.port}` })
        })
        server.once('error', reject)
        http = server
      })
    },
    async close(): Promise<void> {
      if (!http) return
      const server = http
      http = null
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
    },
  }
}
