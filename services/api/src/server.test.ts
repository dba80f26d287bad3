import {
  AnalyticsConfigResponseSchema,
  ApiErrorSchema,
  FungiblePriceResponseSchema,
  GetWalletsResponseSchema,
  IdentityResponseSchema,
  SupportedChainsResponseSchema,
} from '@portico/contracts/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { optionsFromEnv } from './env.js'
import { DEV_QUERY, type TestApi, freePort, startTestApi, testBackends } from './testing/index.js'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const event = (eventId: string) => ({
  eventId,
  url: 'http://localhost:4300/',
  domain: 'localhost',
  timestamp: 1_700_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN', address: ALICE, properties: { connected: true } },
})
const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

describe.each(testBackends())('api server [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    let api: TestApi

    beforeAll(async () => {
      // The chains are never read here (indexer off, no balance calls): a closed port is enough.
      const deadPort = await freePort()
      api = await startTestApi(backend, {
        chains: [
          { chainId: 31337, rpcUrl: `http://127.0.0.1:${deadPort}` },
          { chainId: 31338, rpcUrl: `http://127.0.0.1:${deadPort}`, nativePrices: { usd: 2500 } },
        ],
        indexer: { enabled: false },
        devOrigins: ['https://demo.example'],
        projects: [
          { id: 'open-project', allowedOrigins: ['*'] },
          { id: 'quiet-project', allowedOrigins: ['https://quiet.example'], analyticsEnabled: false },
        ],
        syntheticWallets: 2_000,
      })
    })
    afterAll(async () => api?.close())

    describe('OpenAPI document', () => {
      it('documents every endpoint with schemas that compile', async () => {
        const { doc, checker } = api.client
        const paths = Object.keys(doc.paths)
        for (const path of [
          '/v1/supported-chains',
          '/v1/identity/{address}',
          '/v1/account/{account}/history',
          '/v1/account/{address}/balance',
          '/v1/fungible/price',
          '/getWallets',
          '/getWalletImage/{id}',
          '/public/getAssetImage/{id}',
          '/public/getCurrencyImage/{id}',
          '/public/getTokenImage/{id}',
          '/getAnalyticsConfig',
          '/e',
          '/v1/projects/{projectId}/origins',
        ])
          expect(paths).toContain(path)
        expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0')
        // Every JSON response schema must resolve and compile; a broken $ref would throw here.
        for (const [path, methods] of Object.entries(doc.paths))
          for (const [method, op] of Object.entries(methods))
            for (const status of Object.keys(op.responses ?? {}))
              if (op.responses?.[status].content?.['application/json'])
                expect(() =>
                  checker.check(method.toUpperCase(), path, { status: Number(status), contentType: 'application/json', body: 'not an object' }),
                ).toThrow(/does not match/)
      })

      it('rejects a response that breaks the documented schema', () => {
        expect(() =>
          api.client.checker.check('GET', '/v1/supported-chains', {
            status: 200,
            contentType: 'application/json',
            body: { http: ['not-a-caip'], ws: [] },
          }),
        ).toThrow(/does not match/)
        expect(() =>
          api.client.checker.check('GET', '/v1/supported-chains', { status: 418, contentType: 'application/json', body: {} }),
        ).toThrow(/not documented/)
      })
    })

    describe('projects and origins', () => {
      it('answers a missing projectId with 400 INVALID_PROJECT_ID and the zod messages', async () => {
        const res = await api.client.request('/v1/supported-chains?st=appkit&sv=1')
        expect(res.status).toBe(400)
        const body = ApiErrorSchema.parse(res.body)
        expect(body.code).toBe('INVALID_PROJECT_ID')
        expect(body.reasons).toContainEqual({ name: 'projectId', description: 'projectId is required' })
      })

      it('answers an unknown projectId with 401 "invalid key"', async () => {
        const res = await api.client.request('/v1/supported-chains?projectId=nope&st=appkit&sv=1')
        expect(res.status).toBe(401)
        expect(res.body.code).toBe('INVALID_PROJECT_ID')
        expect(res.body.message).toMatch(/^invalid key/)
      })

      it('answers an origin off the allowlist with a readable 403 "origin not allowed"', async () => {
        const res = await api.get('/v1/supported-chains', { headers: { origin: 'https://evil.example' } })
        expect(res.status).toBe(403)
        expect(res.body.code).toBe('ORIGIN_NOT_ALLOWED')
        expect(res.body.message).toMatch(/^origin not allowed: https:\/\/evil\.example/)
        // The browser must be allowed to read the 403 body, or the modal could not show the allowlist alert.
        expect(res.headers.get('access-control-allow-origin')).toBe('*')
      })

      it('allows the demo origins, extra dev origins, wildcard projects and server-to-server calls', async () => {
        for (const origin of ['http://localhost:4300', 'http://127.0.0.1:4300', 'https://demo.example', 'https://demo.example/'])
          expect((await api.get('/v1/supported-chains', { headers: { origin } })).status).toBe(200)
        expect((await api.get('/v1/supported-chains')).status).toBe(200)
        const open = await api.client.request('/v1/supported-chains?projectId=open-project&st=a&sv=1', {
          headers: { origin: 'https://anything.example' },
        })
        expect(open.status).toBe(200)
      })

      it('answers CORS preflights without a project', async () => {
        const res = await api.server.app.request('/v1/fungible/price', {
          method: 'OPTIONS',
          headers: { origin: 'https://x.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        })
        expect(res.status).toBe(204)
        expect(res.headers.get('access-control-allow-methods')).toContain('POST')
        expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
      })

      it('GET /v1/projects/{projectId}/origins answers the allowed origins publicly, 404 for an unknown id', async () => {
        const dev = await api.client.request('/v1/projects/portico-dev/origins', { headers: { origin: 'https://evil.example' } })
        expect(dev.status).toBe(200) // public: no origin check
        expect(dev.body.projectId).toBe('portico-dev')
        expect(dev.body.allowedOrigins).toEqual(expect.arrayContaining(['http://localhost:4300', 'https://demo.example']))
        expect(dev.headers.get('access-control-allow-origin')).toBe('*')
        expect((await api.client.request('/v1/projects/open-project/origins')).body).toEqual({ projectId: 'open-project', allowedOrigins: ['*'] })
        expect((await api.client.request('/v1/projects/quiet-project/origins')).body.allowedOrigins).toEqual(['https://quiet.example'])
        const unknown = await api.client.request('/v1/projects/nope/origins')
        expect(unknown.status).toBe(404)
        expect(ApiErrorSchema.parse(unknown.body).code).toBe('NOT_FOUND')
        for (const bad of ['%20', 'a%2Fb', 'x'.repeat(129), 'a%00b']) {
          const res = await api.client.request(`/v1/projects/${bad}/origins`)
          expect(res.status, bad).toBe(400)
          expect(res.body.code).toBe('VALIDATION_ERROR')
        }
      })

      it('reads extra dev origins from PORTICO_DEV_ORIGINS', () => {
        const { options } = optionsFromEnv({ PORTICO_DEV_ORIGINS: 'https://a.example, https://b.example' })
        expect(options.devOrigins).toEqual(['https://a.example', 'https://b.example'])
      })
    })

    describe('validation', () => {
      it.each([
        ['/v1/account/0x12/balance', 'address', /40 hex/],
        [`/v1/account/${ALICE}/balance?chainId=ethereum`, 'chainId', /Invalid CAIP-2 network id/],
        [`/v1/account/${ALICE}/balance?currency=dollars`, 'currency', /3-letter/],
        [`/v1/account/${ALICE}/history?cursor=not-a-cursor`, 'cursor', /Invalid cursor/],
        ['/v1/identity/alice.eth', 'address', /40 hex/],
        ['/getWallets?entries=1000', 'entries', /at most 100/],
        ['/getWallets?page=0', 'page', /at least 1/],
        ['/getWallets?page=abc', 'page', /number/],
        ['/getWallets?chains=eip155:1,,eip155:2', 'chains', /comma-separated/],
        ['/getWallets?badge_type=gold', 'badge_type', /.+/],
      ])('GET %s → 400 naming %s', async (path, field, message) => {
        const res = await api.get(path)
        expect(res.status).toBe(400)
        const body = ApiErrorSchema.parse(res.body)
        expect(body.code).toBe('VALIDATION_ERROR')
        const reason = body.reasons.find((r) => r.name === field)
        expect(reason?.description).toMatch(message)
      })

      it('rejects malformed, mistyped and oversized bodies without storing anything', async () => {
        const url = `/e?${DEV_QUERY}`
        expect((await api.client.request(url, postJson('{"eventId": '))).status).toBe(400)
        const plain = await api.client.request(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(event('plain')) })
        expect(plain.status).toBe(415)
        expect(plain.body.message).toMatch(/application\/json/)
        const missing = await api.client.request(url, postJson({ ...event('x'), props: {} }))
        expect(missing.status).toBe(400)
        expect(missing.body.reasons).toContainEqual({ name: 'props.event', description: expect.stringMatching(/required|expected string/) })
        const huge = await api.client.request(url, postJson({ ...event('big'), url: 'x'.repeat(70_000) }))
        expect(huge.status).toBe(413)
        expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE')
        const rows = await api.server.db.query<{ n: number }>('select count(*)::int as n from analytics_events')
        expect(rows[0].n).toBe(0)
      })

      it('refuses NUL characters instead of failing in the database', async () => {
        const res = await api.client.request('/v1/supported-chains?projectId=a%00b&st=a&sv=1')
        expect(res.status).toBe(400)
        const body = await api.client.request(`/e?${DEV_QUERY}`, postJson({ ...event('nul'), domain: 'a\u0000b' }))
        expect(body.status).toBe(400)
      })

      it('answers unknown routes with a JSON 404', async () => {
        const res = await api.server.app.request('/v1/nope')
        expect(res.status).toBe(404)
        expect(ApiErrorSchema.parse(await res.json()).code).toBe('NOT_FOUND')
      })
    })

    describe('blockchain API', () => {
      it('lists the configured chains as http and no websockets', async () => {
        const res = await api.get('/v1/supported-chains')
        expect(SupportedChainsResponseSchema.parse(res.body)).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
      })

      it('returns null identity for an unknown address and the stored name otherwise', async () => {
        expect((await api.get(`/v1/identity/${ALICE}`)).body).toEqual({ name: null, avatar: null })
        await api.server.store.setName('alice.portico.id', ALICE.toLowerCase(), 'https://example.com/a.png')
        const res = await api.get(`/v1/identity/${ALICE}?sender=${ALICE}`)
        expect(IdentityResponseSchema.parse(res.body)).toEqual({ name: 'alice.portico.id', avatar: 'https://example.com/a.png' })
      })

      it('prices known tokens and the native placeholder, leaving unknown ones out', async () => {
        const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
        await api.server.store.upsertToken('eip155:31338', { address: token, name: 'Test Dollar', symbol: 'TD', decimals: 6 })
        await api.server.store.setPrice('eip155:31338', token, 'usd', 1.01)
        const res = await api.client.request(
          `/v1/fungible/price?st=appkit&sv=1`,
          postJson({
            currency: 'usd',
            projectId: 'portico-dev',
            addresses: [
              `eip155:31338:${token.toLowerCase()}`,
              'eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
              'eip155:31338:0x0000000000000000000000000000000000000001',
              'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
            ],
          }),
        )
        expect(res.status).toBe(200)
        const { fungibles } = FungiblePriceResponseSchema.parse(res.body)
        expect(fungibles).toEqual([
          expect.objectContaining({ address: `eip155:31338:${token}`, symbol: 'TD', price: 1.01, decimals: 6 }),
          expect.objectContaining({ address: 'eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', price: 2500 }),
        ])
      })

      it('checks the project of a price request from its body', async () => {
        const res = await api.client.request(
          '/v1/fungible/price',
          postJson({ currency: 'usd', projectId: 'nope', addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] }),
        )
        expect(res.status).toBe(401)
      })
    })

    describe('analytics', () => {
      it('stores events once per eventId', async () => {
        const url = `/e?${DEV_QUERY}&clientId=c1`
        const first = await api.client.request(url, postJson(event('evt-1'), { origin: 'http://localhost:4300' }))
        expect(first.body).toEqual({ status: 'stored' })
        expect((await api.client.request(url, postJson(event('evt-1')))).body).toEqual({ status: 'duplicate' })
        const rows = await api.server.db.query<{ event: string; props: { address: string }; client_id: string; origin: string }>(
          "select event, props, client_id, origin from analytics_events where event_id = 'evt-1'",
        )
        expect(rows).toEqual([
          { event: 'MODAL_OPEN', props: expect.objectContaining({ address: ALICE }), client_id: 'c1', origin: 'http://localhost:4300' },
        ])
      })

      it('refuses events from an origin off the allowlist with 403', async () => {
        const res = await api.client.request(`/e?${DEV_QUERY}`, postJson(event('evt-2'), { origin: 'https://evil.example' }))
        expect(res.status).toBe(403)
        expect(res.body.code).toBe('ORIGIN_NOT_ALLOWED')
      })

      it('reports and honours a project with analytics disabled', async () => {
        const q = 'projectId=quiet-project&st=appkit&sv=1'
        expect(AnalyticsConfigResponseSchema.parse((await api.client.request(`/getAnalyticsConfig?${q}`)).body)).toEqual({ isAnalyticsEnabled: false })
        expect((await api.get('/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: true })
        const res = await api.client.request(`/e?${q}`, postJson(event('quiet-1')))
        expect(res.body).toEqual({ status: 'ignored' })
        const rows = await api.server.db.query("select 1 from analytics_events where project_id = 'quiet-project'")
        expect(rows).toHaveLength(0)
      })
    })

    describe('wallet registry', () => {
      it('pages the list with a total count', async () => {
        const first = GetWalletsResponseSchema.parse((await api.get('/getWallets')).body)
        expect(first.data).toHaveLength(40)
        expect(first.count).toBe(api.server.registry.wallets.length)
        expect(first.data[0].name).toBe('MetaMask')
        const second = GetWalletsResponseSchema.parse((await api.get('/getWallets?page=2&entries=40')).body)
        expect(second.data[0].id).not.toBe(first.data[0].id)
        expect(new Set([...first.data, ...second.data].map((w) => w.id)).size).toBe(80)
        const beyond = await api.get(`/getWallets?page=1000&entries=100`)
        expect(beyond.body).toEqual({ count: first.count, data: [] })
      })

      it('filters by include (in order), exclude, chains, search and badge', async () => {
        const included = await api.get('/getWallets?include=rainbow,metamask,unknown-id&entries=4')
        expect(included.body.data.map((w: { id: string }) => w.id)).toEqual(['rainbow', 'metamask'])
        const excluded = await api.get('/getWallets?exclude=metamask&entries=4')
        expect(excluded.body.data.map((w: { id: string }) => w.id)).not.toContain('metamask')
        // A local EVM chain gets the EVM wallets; a Polkadot network only Polkadot wallets.
        const local = await api.get('/getWallets?chains=eip155:31337&entries=100')
        expect(local.body.data.map((w: { id: string }) => w.id)).toContain('metamask')
        expect(local.body.data.map((w: { id: string }) => w.id)).not.toContain('polkadot-js')
        const dot = await api.get('/getWallets?chains=polkadot:91b171bb158e2d3848fa23a9f1c25182&entries=100')
        const dotIds = dot.body.data.map((w: { id: string }) => w.id)
        expect(dotIds).toContain('polkadot-js')
        expect(dotIds).not.toContain('rainbow')
        const search = await api.get('/getWallets?search=RAIN&entries=100')
        expect(search.body.data[0].id).toBe('rainbow')
        const certified = await api.get('/getWallets?badge_type=certified&entries=100')
        expect(certified.body.count).toBe(200)
        expect(certified.body.data.every((w: { badge_type: string }) => w.badge_type === 'certified')).toBe(true)
      })

      it('searches thousands of synthetic entries', async () => {
        const res = await api.get('/getWallets?search=synthetic wallet 01&entries=100')
        expect(res.body.count).toBe(1_000)
        expect(res.body.data).toHaveLength(100)
      })

      it('serves wallet images as cacheable SVG with revalidation', async () => {
        const res = await api.client.request('/getWalletImage/metamask')
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
        expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/)
        expect(res.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
        expect(res.text).toContain('>MM</text>')
        const etag = res.headers.get('etag') as string
        expect(etag).toMatch(/^".+"$/)
        const again = await api.client.request('/getWalletImage/metamask', { headers: { 'if-none-match': etag } })
        expect(again.status).toBe(304)
        expect((await api.client.request('/getWalletImage/no-such-wallet')).status).toBe(404)
        expect((await api.client.request('/getWalletImage/bad%20id')).status).toBe(400)
      })

      it('serves asset, currency and token images for any valid id', async () => {
        for (const path of ['/public/getAssetImage/eip155-1', '/public/getCurrencyImage/USD', '/public/getTokenImage/ETH']) {
          const res = await api.client.request(`${path}?${DEV_QUERY}`)
          expect(res.status).toBe(200)
          expect(res.text).toContain('<svg')
        }
        const usd = await api.client.request('/public/getCurrencyImage/USD')
        expect(usd.text).toContain('>USD</text>')
      })
    })

    it('serves real HTTP on a port and closes', async () => {
      const other = await startTestApi(backend, { chains: [], indexer: { enabled: false } })
      const { url } = await other.server.listen(0)
      const res = await fetch(`${url}/v1/supported-chains?${DEV_QUERY}`, { headers: { origin: 'http://localhost:4300' } })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ http: [], ws: [] })
      await other.close()
      await expect(fetch(`${url}/health`)).rejects.toThrow()
    })
  })
})
