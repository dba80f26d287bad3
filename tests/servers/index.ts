/**
 * `@portico/tests/servers`: servers for plugin tests: the real reference api (PGlite, in process) and a bare local
 * server that answers with whatever a test scripts, for the cases the real api never produces (failures, malformed
 * answers), plus the stub answers such a server gives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiServerOptions } from '../../services/api/src/config.js'
import { startTestApi, testBackends } from '../../services/api/src/testing/index.js'

/** The reference api on a loopback port, with no chains to follow unless `options.chains` names some. */
export async function startApi(options: ApiServerOptions = {}) {
  const api = await startTestApi(testBackends()[0]!, { chains: [], indexer: { enabled: false }, ...options })
  const { url } = await api.server.listen(0, '127.0.0.1')
  return { url, api, close: () => api.close() }
}

export type Handler = (req: IncomingMessage, url: URL, res: ServerResponse) => void | Promise<void>

/** A local HTTP server; `requests` records every path and query it was asked for. */
export async function startServer(handler: Handler) {
  const requests: URL[] = []
  let current = handler
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push(url)
    res.setHeader('access-control-allow-origin', '*')
    try {
      await current(req, url, res)
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces the handler (e.g. the server comes back after failing). */
    handle(next: Handler) {
      current = next
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

/** The supported-chains answer a stub api gives for `ids`. */
export const supportedChains = (...ids: string[]) => ({ http: ids, ws: [] })
