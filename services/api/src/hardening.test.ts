import { request as httpRequest } from 'node:http'
import { ApiErrorSchema } from '@portico/contracts/api'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from './config.js'
import { unknownEnvWarnings } from './env.js'
import { errorHandler } from './errors.js'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_DEV_KEYS, DEV_QUERY, type AnvilInstance, type TestApi, freePort, startAnvil, startTestApi, testBackends } from './testing/index.js'

/*
 * Regression tests of issue 11 (hardening, api items 1, 2, 3, 6, 7): each failed before its fix.
 */

const event = (eventId: string, properties: unknown = { connected: true }) => ({
  eventId,
  url: 'http://localhost:4300/',
  domain: 'localhost',
  timestamp: 1_700_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN', properties },
})
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const NATIVE = 'eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** GET over a real socket with a chosen Host header (fetch may not set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe.each(testBackends())('hardening [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    let api: TestApi

    beforeAll(async () => {
      const deadPort = await freePort()
      api = await startTestApi(backend, {
        chains: [
          { chainId: 31337, rpcUrl: `http://127.0.0.1:${deadPort}` },
          { chainId: 31338, rpcUrl: `http://127.0.0.1:${deadPort}`, nativePrices: { usd: 2500 } },
        ],
        indexer: { enabled: false },
      })
    })
    afterAll(async () => api?.close())

    describe('item 1: deeply nested and huge-count JSON bodies', () => {
      it('answers 400 with our message, not 500, for an event nested 5,000 deep', async () => {
        const body = JSON.stringify(event('deep')).replace('{"connected":true}', `{"a":${nested(5_000)}}`)
        const res = await api.client.request(`/e?${DEV_QUERY}`, postJson(body))
        expect(res.status).toBe(400)
        expect(ApiErrorSchema.parse(res.body).message).toMatch(/^Invalid body: nested deeper than \d+ levels/)
        const price = await api.client.request('/v1/fungible/price', postJson(`{"currency":"usd","projectId":"portico-dev","addresses":${nested(5_000)}}`))
        expect(price.status).toBe(400)
      })

      it('refuses a body with too many values, and still accepts a nested but reasonable one', async () => {
        const many = await api.client.request(`/e?${DEV_QUERY}`, postJson(event('many', { a: new Array(20_000).fill(0) })))
        expect(many.status).toBe(400)
        expect(many.body.message).toMatch(/more than \d+ values/)
        const ok = await api.client.request(`/e?${DEV_QUERY}`, postJson(event('ok-nested', { a: JSON.parse(nested(20)), s: '[[[[' })))
        expect(ok.status).toBe(200)
      })
    })

    describe('item 2: strings the database cannot store', () => {
      it('refuses \\u0000 and lone surrogates in /e and /v1/fungible/price with our own message', async () => {
        for (const [path, body] of [
          [`/e?${DEV_QUERY}`, JSON.stringify(event('nul', { note: 'a\u0000b' }))],
          [`/e?${DEV_QUERY}`, JSON.stringify(event('surrogate', { note: 'a\ud800b' }))],
          [`/e?${DEV_QUERY}`, JSON.stringify({ ...event('nul-key'), props: { event: 'X', 'k\u0000': 1 } })],
          ['/v1/fungible/price', JSON.stringify({ currency: 'usd', projectId: 'a\u0000b', addresses: [NATIVE] })],
          ['/v1/fungible/price', '{"currency":"usd","projectId":"a\\udc00b","addresses":["' + NATIVE + '"]}'],
        ] as const) {
          const res = await api.client.request(path, postJson(body))
          expect(res.status, `${path} ${body}`).toBe(400)
          const error = ApiErrorSchema.parse(res.body)
          expect(error.message).toMatch(/^Invalid body: .* contains a NUL character or an unpaired surrogate/)
          expect(res.text).not.toMatch(/invalid byte sequence|unsupported Unicode|UTF8|jsonb|0x00/i)
        }
        const rows = await api.server.db.query<{ n: number }>("select count(*)::int as n from analytics_events where event_id in ('nul', 'surrogate', 'nul-key')")
        expect(rows[0].n).toBe(0)
      })

      it('never passes a storage engine message to the client', async () => {
        const logged: string[] = []
        const app = new Hono()
          .get('/data', () => {
            throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })
          })
          .get('/other', () => {
            throw Object.assign(new Error('relation "secret_table" does not exist'), { code: '42P01' })
          })
        app.onError(errorHandler({ ...silentLogger, error: (m) => logged.push(m), warn: (m) => logged.push(m) }))
        const data = await app.request('/data')
        expect(data.status).toBe(400)
        const dataText = await data.text()
        expect(dataText).not.toMatch(/UTF8|0x00|byte sequence/)
        expect(ApiErrorSchema.parse(JSON.parse(dataText)).code).toBe('VALIDATION_ERROR')
        const other = await app.request('/other')
        expect(other.status).toBe(500)
        expect(await other.text()).not.toMatch(/secret_table/)
        expect(logged.join('\n')).toMatch(/byte sequence[\s\S]*secret_table/)
      })
    })

    describe('item 3: public URLs come from configuration, never from Host', () => {
      it('builds icon URLs from the configured default whatever the Host header says', async () => {
        const { url } = await api.server.listen(0)
        const port = new URL(url).port
        const path = `${url}/v1/fungible/price`
        const ask = (host: string) =>
          new Promise<{ status: number; body: any }>((resolve, reject) => {
            const req = httpRequest(path, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
              let text = ''
              res.on('data', (c) => (text += c))
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
            })
            req.on('error', reject)
            req.end(JSON.stringify({ currency: 'usd', projectId: 'portico-dev', addresses: [NATIVE] }))
          })
        const evil = await ask('evil.example')
        const other = await ask('other.example:9999')
        expect(evil.status).toBe(200)
        expect(evil.body.fungibles[0].iconUrl).toBe(`http://localhost:${port}/public/getTokenImage/ETH`)
        expect(other.body.fungibles[0].iconUrl).toBe(evil.body.fungibles[0].iconUrl)
        const doc = await getWithHost(`${url}/openapi.json`, 'evil.example')
        expect(doc.body.servers).toEqual([{ url: `http://localhost:${port}` }])
      })
    })

    describe('item 6: methods, query strictness, integers', () => {
      it('answers a known path with an unknown method 405 and Allow', async () => {
        for (const [method, path, allow] of [
          ['PUT', '/v1/supported-chains', 'GET, HEAD, OPTIONS'],
          ['DELETE', '/v1/identity/0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'GET, HEAD, OPTIONS'],
          ['GET', '/e', 'OPTIONS, POST'],
          ['PATCH', '/v1/fungible/price', 'OPTIONS, POST'],
        ] as const) {
          const res = await api.server.app.request(path, { method })
          expect(res.status, `${method} ${path}`).toBe(405)
          expect(res.headers.get('allow')).toBe(allow)
          const body = ApiErrorSchema.parse(await res.json())
          expect(body.code).toBe('METHOD_NOT_ALLOWED')
          expect(body.message).toMatch(/^Method .* not allowed/)
        }
        expect((await api.server.app.request('/v1/nope', { method: 'PUT' })).status).toBe(404)
      })

      it('parses page and entries as decimal integers only', async () => {
        for (const bad of ['0x10', '1e1', ' 2', '+2', '2.0', '0b1', ''])
          expect((await api.get(`/getWallets?page=${encodeURIComponent(bad)}`)).status, bad).toBe(400)
        expect((await api.get('/getWallets?entries=0x10')).status).toBe(400)
        const ok = await api.get('/getWallets?page=2&entries=10')
        expect(ok.status).toBe(200)
        expect(ok.body.data).toHaveLength(10)
      })

      it('refuses unknown query parameters on its own routes and ignores them on provider routes', async () => {
        const strict = await api.client.request('/v1/projects/portico-dev/origins?debug=1')
        expect(strict.status).toBe(400)
        expect(strict.body.reasons).toContainEqual({ name: 'debug', description: 'unknown query parameter' })
        expect((await api.client.request('/health?x=1')).status).toBe(400)
        expect((await api.get('/v1/supported-chains?futureParam=1')).status).toBe(200)
        expect((await api.client.request('/public/getTokenImage/ETH?v=2')).status).toBe(200)
      })
    })
  })
})

describe('item 7: configuration that silently does nothing', () => {
  it('reports unknown PORTICO_API_* and misspelt PORTICO_* names with the closest known one', () => {
    const warnings = unknownEnvWarnings({
      PORTICO_API_PROT: '1',
      PORTICO_API_PUBLIC_URI: 'x',
      PORTICO_DEV_ORIGIN: 'x',
      PORTICO_API_PORT: '1',
      PORTICO_RELAY_PORT: '1', // another service's: not ours to judge
      PORTICO_ALLOWED_ORIGINS: 'x',
      PORTICO_API_URL: 'x', // the frame's: where to find the api
      PORTICO_CDN_PORT: '1',
      DATABASE_URL: 'x',
    })
    expect(warnings).toEqual([
      'unknown variable PORTICO_API_PROT (did you mean PORTICO_API_PORT?)',
      'unknown variable PORTICO_API_PUBLIC_URI (did you mean PORTICO_API_PUBLIC_URL?)',
      'unknown variable PORTICO_DEV_ORIGIN (did you mean PORTICO_DEV_ORIGINS?)',
    ])
    expect(unknownEnvWarnings({ PORTICO_API_WHATEVER_ELSE: '1' })).toEqual(['unknown variable PORTICO_API_WHATEVER_ELSE'])
  })
})

describe('item 3: the balance cache with two Hosts (real chain)', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterAll(async () => anvil?.stop())

  it('serves the same configured icon URLs to every Host, before and after caching', async () => {
    const api = await startTestApi(testBackends()[0], { chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], indexer: { enabled: false } })
    try {
      const { url } = await api.server.listen(0)
      const address = privateKeyToAccount(ANVIL_DEV_KEYS[0]).address
      const path = `${url}/v1/account/${address}/balance?${DEV_QUERY}`
      const first = await getWithHost(path, 'evil.example')
      const second = await getWithHost(path, 'localhost:1')
      expect(first.status).toBe(200)
      const icons = (r: { body: any }) => r.body.balances.map((b: { iconUrl: string }) => b.iconUrl)
      expect(icons(first)).toEqual([`http://localhost:${new URL(url).port}/public/getTokenImage/ETH`])
      expect(icons(second)).toEqual(icons(first))
    } finally {
      await api.close()
    }
  })
})
