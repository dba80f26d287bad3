import { createServer } from 'node:net'

/**
 * A loopback TCP port that was free a moment ago. Tools such as anvil cannot bind port 0 and report it back, so
 * callers pick a port this way and retry on the rare collision.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
