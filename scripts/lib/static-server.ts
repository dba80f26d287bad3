/** A small static file server for dist/demo and dist/cdn (no dependencies, correct content types). */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { readFile } from 'node:fs/promises'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

/** `name.0123abcd.js`: a content hash in the name. */
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|map)$/

export type StaticServerOptions = {
  /** Folder served. */
  dir: string
  port: number
  host?: string
  /** `Access-Control-Allow-Origin: *` (the plugin CDN: scripts load with crossorigin=anonymous). */
  cors?: boolean
  /** A `Content-Security-Policy` header on HTML responses. */
  csp?: string
  /** Serve `index.html` for unknown paths without an extension. */
  spa?: boolean
  /** Rewrite HTML before sending it (e.g. inject the runtime config). */
  transformHtml?: (html: string, req: IncomingMessage) => string
  /** Called for each request (tests use it to record what was fetched). */
  onRequest?: (req: IncomingMessage) => void
  /** Extra headers on every response. */
  headers?: Record<string, string>
}

export type StaticServer = { server: Server; url: string; port: number; close: () => Promise<void> }

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(options.dir)
  const host = options.host ?? '127.0.0.1'

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    options.onRequest?.(req)
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ...options.headers }
    if (options.cors) {
      headers['Access-Control-Allow-Origin'] = '*'
      headers['Access-Control-Allow-Methods'] = 'GET, HEAD, OPTIONS'
      headers['Cross-Origin-Resource-Policy'] = 'cross-origin'
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end()
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD, OPTIONS' }).end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    } catch {
      res.writeHead(400, headers).end('Bad request')
      return
    }
    let file = normalize(join(root, pathname))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403, headers).end('Forbidden')
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file) && options.spa && !extname(pathname)) file = join(root, 'index.html')
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const type = contentType(file)
    headers['Content-Type'] = type
    if (type.startsWith('text/html')) {
      if (options.csp) headers['Content-Security-Policy'] = options.csp
      let html = await readFile(file, 'utf8')
      if (options.transformHtml) html = options.transformHtml(html, req)
      const body = Buffer.from(html)
      headers['Content-Length'] = String(body.length)
      res.writeHead(200, headers)
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    const stat = statSync(file)
    // content-hashed names never change; the rest (remoteEntry.js, manifest.json) revalidate with an ETag
    if (HASHED.test(file)) headers['Cache-Control'] = 'public, max-age=31536000, immutable'
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
    headers.ETag = etag
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end()
      return
    }
    headers['Content-Length'] = String(stat.size)
    res.writeHead(200, headers)
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
  }

  const server = createServer((req, res) => {
    handler(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String(error))
    })
  })
  // A browser keeps the page's connections for its later requests (the modal's chunks on the first click), as
  // production servers allow (nginx keeps idle connections 75 s): not closed after a second of quiet. `close()`
  // ends them itself (closeAllConnections).
  server.keepAliveTimeout = 65_000
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(options.port, host, () => {
      server.off('error', fail)
      ok()
    })
  })
  const port = (server.address() as { port: number }).port
  return {
    server,
    port,
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}
