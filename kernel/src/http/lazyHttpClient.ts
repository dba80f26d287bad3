import type { HttpClient } from '@portico/contracts/plugin'
import type { HttpClientOptions } from './createHttpClient.js'

/**
 * The HTTP client behind the same interface, its code fetched with the first request (never on page load), or
 * ahead of it with `warm()` (the modal opening: its chunk then downloads beside the modal's, not after them).
 */
export function createLazyHttpClient(options: HttpClientOptions): HttpClient & { warm: () => void } {
  let client: Promise<HttpClient> | undefined
  const get = () =>
    (client ??= import('./createHttpClient.js').then((m) => m.createHttpClient(options))).catch((error) => {
      client = undefined
      throw error
    })
  return {
    warm: () => void get().catch(() => {}),
    endpoint: (name = 'api') => (options.endpoints[name] ?? (name === 'api' ? undefined : options.endpoints.api))?.replace(/\/+$/, ''),
    get: async (req) => (await get()).get(req),
    post: async (req) => (await get()).post(req),
    getBlobUrl: async (req) => (await get()).getBlobUrl(req),
    isNetworkSupported: async (id) => (await get()).isNetworkSupported(id),
  }
}
