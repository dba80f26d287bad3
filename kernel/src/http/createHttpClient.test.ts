import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createI18n } from '../i18n/createI18n.js'
import { createHttpClient } from './createHttpClient.js'

function server(routes: Record<string, (url: URL, init?: RequestInit) => Response>) {
  const calls: string[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
    const handler = routes[url.pathname]
    return handler ? handler(url, init) : new Response('{}', { status: 404 })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

const base = (fetch: typeof globalThis.fetch, extra = {}) => {
  const alert = vi.fn()
  const log = vi.fn()
  let t = 1_000
  const client = createHttpClient({
    endpoints: { api: 'http://api.test/' },
    projectId: 'proj',
    sdkType: 'portico',
    sdkVersion: 'portico-0.1.0',
    fetch,
    alert,
    t: createI18n().t,
    log,
    now: () => t,
    ...extra,
  })
  return { client, alert, log, tick: (ms: number) => (t += ms) }
}

describe('http client', () => {
  it('behavior: adds projectId, st, sv and clientId to every call', async () => {
    const s = server({ '/v1/identity/0xabc': () => Response.json({ name: null, avatar: null }) })
    const { client } = base(s.fetch, { clientId: () => 'client-1' })
    await client.get({ path: '/v1/identity/0xabc', query: { sender: '0xabc', skip: undefined } })
    expect(s.calls).toEqual(['GET /v1/identity/0xabc?projectId=proj&st=portico&sv=portico-0.1.0&clientId=client-1&sender=0xabc'])
  })

  it('error: a failed call throws "HTTP status code: {n}" with the api reason in details', async () => {
    const s = server({ '/v1/x': () => Response.json({ status: 'FAILED', code: 'NOT_FOUND', message: 'nope', reasons: [{ name: 'name', description: 'Name not found' }] }, { status: 404 }) })
    const { client } = base(s.fetch)
    await expect(client.get({ path: 'v1/x' })).rejects.toMatchObject({ shortMessage: 'HTTP status code: 404', status: 404, reason: 'Name not found' })
  })

  it('behavior: an invalid project id or origin shows its alert once', async () => {
    const s = server({
      '/v1/a': () => Response.json({ status: 'FAILED', code: 'INVALID_PROJECT_ID', message: 'x', reasons: [] }, { status: 401 }),
      '/v1/b': () => Response.json({ status: 'FAILED', code: 'ORIGIN_NOT_ALLOWED', message: 'origin not allowed', reasons: [] }, { status: 403 }),
    })
    const { client, alert } = base(s.fetch)
    await expect(client.get({ path: 'v1/a' })).rejects.toThrow('HTTP status code: 401')
    await expect(client.get({ path: 'v1/a' })).rejects.toThrow()
    await expect(client.get({ path: 'v1/b' })).rejects.toThrow('HTTP status code: 403')
    expect(alert.mock.calls.map((c) => c[0].message)).toEqual([
      expect.stringMatching(/project id/),
      expect.stringMatching(/allowlist/),
    ])
  })

  it('behavior: a response failing its schema is ignored and logged, not thrown', async () => {
    const s = server({ '/v1/identity/0x1': () => Response.json({ name: 42 }) })
    const { client, log } = base(s.fetch)
    const schema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() })
    await expect(client.get({ path: 'v1/identity/0x1', schema })).resolves.toBeUndefined()
    expect(log).toHaveBeenCalledWith('warn', expect.stringContaining('invalid response'), expect.anything())
  })

  it('behavior: caches for cacheMs; forceUpdate bypasses the cache', async () => {
    let n = 0
    const s = server({ '/v1/account/0x1/balance': () => Response.json({ balances: [], n: ++n }) })
    const { client, tick } = base(s.fetch)
    const get = (forceUpdate = false) => client.get<{ n: number }>({ path: 'v1/account/0x1/balance', cacheMs: 30_000, forceUpdate })
    expect((await get())?.n).toBe(1)
    tick(29_999)
    expect((await get())?.n).toBe(1)
    expect((await get(true))?.n).toBe(2)
    tick(30_000)
    expect((await get())?.n).toBe(3)
  })

  it('behavior: a forced read (with the api\'s forceUpdate parameter) refreshes what the next plain read gets', async () => {
    let n = 0
    const s = server({ '/v1/account/0x1/balance': () => Response.json({ balances: [], n: ++n }) })
    const { client, tick } = base(s.fetch)
    const get = (forceUpdate = false) =>
      client.get<{ n: number }>({ path: 'v1/account/0x1/balance', query: forceUpdate ? { forceUpdate: 'true' } : {}, cacheMs: 30_000, forceUpdate })
    expect((await get())?.n).toBe(1)
    tick(1_000)
    // after a send or a swap: the forced read reaches the api…
    expect((await get(true))?.n).toBe(2)
    expect(s.calls.at(-1)).toContain('forceUpdate=true')
    // …and the Tokens tab's plain read, within the 30 s, gets that answer, not the one from before
    expect((await get())?.n).toBe(2)
    expect(s.calls).toHaveLength(2)
  })

  it('behavior: supported chains are fetched once and answer per network id; a failure is retried later', async () => {
    let fail = true
    const s = server({
      '/v1/supported-chains': () => (fail ? new Response('down', { status: 503 }) : Response.json({ http: ['eip155:31337'], ws: [] })),
    })
    const { client } = base(s.fetch)
    expect(await client.isNetworkSupported('eip155:31337')).toBe(false)
    fail = false
    expect(await client.isNetworkSupported('eip155:31337')).toBe(true)
    expect(await client.isNetworkSupported('eip155:1')).toBe(false)
    expect(s.calls.filter((c) => c.includes('supported-chains'))).toHaveLength(2)
  })

  it('error: no endpoint configured gives a clear error', async () => {
    const { client } = base(server({}).fetch, { endpoints: {} })
    await expect(client.get({ path: 'v1/x' })).rejects.toThrow('No "api" endpoint is configured.')
    expect(await client.isNetworkSupported('eip155:1')).toBe(false)
  })
})
