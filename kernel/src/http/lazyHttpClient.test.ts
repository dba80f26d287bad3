import { describe, expect, it, vi } from 'vitest'
import { createLazyHttpClient } from './lazyHttpClient.js'

const options = (fetch: typeof globalThis.fetch) => ({
  endpoints: { api: 'https://api.test' },
  projectId: 'p',
  sdkType: 'portico',
  sdkVersion: 'portico-0.1.0',
  alert: () => {},
  t: (key: string) => key,
  log: () => {},
  fetch,
})

describe('lazy http client', () => {
  it('behavior: the endpoint is known before its code is loaded; warm() loads it without a request, the first call reuses it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ http: ['eip155:1'] }), { headers: { 'content-type': 'application/json' } }))
    const client = createLazyHttpClient(options(fetchMock as typeof fetch) as never)
    expect(client.endpoint('api')).toBe('https://api.test')
    client.warm()
    client.warm()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(await client.isNetworkSupported('eip155:1')).toBe(true)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
