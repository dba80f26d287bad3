import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testBackends } from '@portico/service-api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FrameServerOptions } from './config.js'
import { CONFIG_PLACEHOLDER } from './framePage.js'
import { type TestFrame, openSharedDatabase, startTestFrame } from './testing/harness.js'

const CSP_PREFIX = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self' http: https:; frame-ancestors "
const CSP_SUFFIX = "; base-uri 'none'; form-action 'none'"

/** A fake build of the frame page: index.html with the placeholder, two assets, and files that must never be served. */
function fakePageDist(): { dir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'portico-frame-page-'))
  const dir = join(root, 'dist')
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8">${CONFIG_PLACEHOLDER}<script type="module" src="/sdk/assets/app-1a2b3c.js"></script><link rel="stylesheet" href="/sdk/assets/app-1a2b3c.css"></head><body></body></html>`,
  )
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("frame")')
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.css'), 'body{margin:0}')
  writeFileSync(join(dir, 'assets', '.env'), 'HIDDEN=1')
  mkdirSync(join(dir, 'assets', 'sub'))
  writeFileSync(join(dir, 'secret.txt'), 'PAGE-DIR-SECRET')
  writeFileSync(join(root, 'outside.txt'), 'ROOT-SECRET')
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) }
}

/** A stand-in for the api's GET /v1/projects/{id}/origins that counts its requests. */
async function fakeApi(projects: Record<string, string[]>) {
  const hits: string[] = []
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '')
    const match = /^\/v1\/projects\/([^/]+)\/origins$/.exec(req.url ?? '')
    const id = match ? decodeURIComponent(match[1]) : ''
    if (!match || !(id in projects)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'FAILED', code: 'NOT_FOUND', message: 'no', reasons: [] }))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ projectId: id, allowedOrigins: projects[id] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The config the page would read from its meta tag (HTML-unescaped, JSON-parsed). */
function metaConfig(html: string) {
  const match = /<meta name="portico-frame" content="([^"]*)">/.exec(html)
  expect(match, 'no portico-frame meta').not.toBeNull()
  const json = match![1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  return JSON.parse(json)
}

describe.each(testBackends())('frame page [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    let page: ReturnType<typeof fakePageDist>
    let api: Awaited<ReturnType<typeof fakeApi>>
    let frame: TestFrame
    let common: FrameServerOptions
    let closeDatabase: () => Promise<void> = async () => {}

    beforeAll(async () => {
      const { db, close } = await openSharedDatabase(backend)
      closeDatabase = close
      common = db
      page = fakePageDist()
      api = await fakeApi({
        'proj-a': ['https://app.example', 'http://localhost:4300'],
        'proj-star': ['*'],
        'proj-empty': [],
        'proj-evil': ['https://ok.example', 'https://x.example; script-src *', "'unsafe-inline'", 'https://*.wild.example'],
      })
      frame = await startTestFrame({ ...common, pageDir: page.dir, apiUrl: api.url, originsCacheMs: 300 })
    })
    afterAll(async () => {
      await frame?.close()
      await api?.close()
      page?.remove()
      await closeDatabase()
    })

    it("behavior: /sdk serves the page with the project's origins in the meta and in CSP frame-ancestors", async () => {
      const res = await frame.get('/sdk?projectId=proj-a&chainId=eip155%3A1&version=4&enableLogger=false')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('content-security-policy')).toBe(`${CSP_PREFIX}https://app.example http://localhost:4300${CSP_SUFFIX}`)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-frame-options')).toBeNull() // it would forbid the framing the CSP allows
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(metaConfig(res.body)).toEqual({ projectId: 'proj-a', allowedOrigins: ['https://app.example', 'http://localhost:4300'], apiBase: '' })
      expect(res.body).not.toContain('__PORTICO_FRAME_CONFIG__')
      expect(res.body).toContain('<script type="module" src="/sdk/assets/app-1a2b3c.js">')

      const star = await frame.get('/sdk?projectId=proj-star')
      expect(star.headers.get('content-security-policy')).toBe(`${CSP_PREFIX}*${CSP_SUFFIX}`)
      expect(metaConfig(star.body).allowedOrigins).toEqual(['*'])
      const empty = await frame.get('/sdk?projectId=proj-empty')
      expect(empty.headers.get('content-security-policy')).toBe(`${CSP_PREFIX}'none'${CSP_SUFFIX}`)
    })

    it('error: an origin entry that is not a plain origin never reaches the CSP header', async () => {
      const res = await frame.get('/sdk?projectId=proj-evil')
      const csp = res.headers.get('content-security-policy')!
      expect(csp).toBe(`${CSP_PREFIX}https://ok.example https://*.wild.example${CSP_SUFFIX}`)
      expect(csp.split(';').filter((d) => d.trim().startsWith('script-src'))).toEqual([" script-src 'self'"])
    })

    it('behavior: an unknown, missing or malformed project gets the page with error INVALID_PROJECT and frame-ancestors none', async () => {
      for (const query of ['?projectId=nope', '', '?projectId=', '?projectId=a&projectId=b', `?projectId=${'x'.repeat(300)}`, '?projectId=%00%ff', '?projectId=..%2F..%2Fadmin']) {
        const res = await frame.get(`/sdk${query}`)
        expect(res.status, query).toBe(200)
        expect(res.headers.get('content-security-policy'), query).toBe(`${CSP_PREFIX}'none'${CSP_SUFFIX}`)
        const config = metaConfig(res.body)
        expect(config.error, query).toBe('INVALID_PROJECT')
        expect(config.allowedOrigins).toEqual([])
      }
      expect(api.hits.some((h) => h.includes('admin'))).toBe(false) // malformed ids are never sent to the api
    })

    it('behavior: the config meta is HTML-escaped; request text cannot break out of the attribute', async () => {
      const hostile = `"><script>alert(1)</script><meta x='`
      const res = await frame.get(`/sdk?projectId=${encodeURIComponent(hostile)}`)
      expect(res.status).toBe(200)
      expect(res.body).not.toContain('<script>alert(1)')
      expect(res.body).not.toContain(`"><script>`)
      expect(res.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta x=&#39;')
      expect(metaConfig(res.body).projectId).toBe(hostile)
      expect(res.body.match(/<meta name="portico-frame"/g)).toHaveLength(1)
    })

    it('behavior: origin lookups are cached 5 s-style (here 300 ms), positive and negative, and shared by concurrent requests', async () => {
      const count = (id: string) => api.hits.filter((h) => h === `/v1/projects/${id}/origins`).length
      const before = count('proj-a')
      const unknownBefore = count('ghost')
      await Promise.all([frame.get('/sdk?projectId=proj-a'), frame.get('/sdk?projectId=proj-a'), frame.get('/v1/origin-check?projectId=proj-a&origin=https://app.example')])
      await frame.get('/sdk?projectId=ghost')
      await frame.get('/sdk?projectId=ghost')
      expect(count('proj-a') - before).toBeLessThanOrEqual(1)
      expect(count('ghost') - unknownBefore).toBe(1)
      await new Promise((r) => setTimeout(r, 350))
      await frame.get('/sdk?projectId=proj-a')
      await frame.get('/sdk?projectId=ghost')
      expect(count('proj-a') - before).toBeGreaterThanOrEqual(1)
      expect(count('ghost') - unknownBefore).toBe(2)
    })

    it('error: with the api unreachable the page says ORIGINS_UNAVAILABLE and nobody may frame it', async () => {
      const down = await startTestFrame({ ...common, pageDir: page.dir, apiUrl: 'http://127.0.0.1:9' })
      try {
        const res = await down.get('/sdk?projectId=proj-a')
        expect(res.status).toBe(200)
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
        expect(metaConfig(res.body)).toMatchObject({ allowedOrigins: [], error: 'ORIGINS_UNAVAILABLE' })
        expect((await down.get('/v1/origin-check?projectId=proj-a&origin=https://app.example')).body).toEqual({ allowed: false })
      } finally {
        await down.close()
      }
    })

    it('behavior: PORTICO_FRAME_ALLOWED_ORIGINS gives every project that list without asking the api', async () => {
      const hits = api.hits.length
      const fixed = await startTestFrame({ ...common, pageDir: page.dir, apiUrl: api.url, allowedOrigins: ['https://Standalone.example/', 'http://localhost:5173'] })
      try {
        const res = await fixed.get('/sdk?projectId=anything')
        expect(res.headers.get('content-security-policy')).toContain('frame-ancestors https://standalone.example http://localhost:5173;')
        expect(metaConfig(res.body)).toEqual({ projectId: 'anything', allowedOrigins: ['https://standalone.example', 'http://localhost:5173'], apiBase: '' })
        expect(api.hits.length).toBe(hits)
      } finally {
        await fixed.close()
      }
    })

    it('behavior: PORTICO_SMART_ACCOUNT_CHAINS reaches the page config of a known project, never of an unknown one', async () => {
      const smartAccountChains = {
        '31337': { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4310/v1/paymaster/31337', factoryAddress: `0x${'f'.repeat(40)}`, entryPoint: `0x${'e'.repeat(40)}` },
      }
      const smart = await startTestFrame({ ...common, pageDir: page.dir, apiUrl: api.url, smartAccountChains })
      try {
        expect(metaConfig((await smart.get('/sdk?projectId=proj-a')).body)).toEqual({
          projectId: 'proj-a',
          allowedOrigins: ['https://app.example', 'http://localhost:4300'],
          apiBase: '',
          smartAccountChains,
        })
        expect(metaConfig((await smart.get('/sdk?projectId=nope')).body)).not.toHaveProperty('smartAccountChains')
      } finally {
        await smart.close()
      }
    })

    it('behavior: assets are served with their content type and a year of immutable cache', async () => {
      const js = await fetch(`${frame.url}/sdk/assets/app-1a2b3c.js`)
      expect(js.status).toBe(200)
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(js.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await js.text()).toBe('console.log("frame")')
      const css = await fetch(`${frame.url}/sdk/assets/app-1a2b3c.css`)
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
      const missing = await fetch(`${frame.url}/sdk/assets/nope.js`)
      expect(missing.status).toBe(404)
      expect(missing.headers.get('cache-control')).toBe('no-store')
    })

    it('error: path traversal, dotfiles and directories are refused', async () => {
      for (const path of [
        '/sdk/assets/..%2Fsecret.txt',
        '/sdk/assets/%2e%2e%2fsecret.txt',
        '/sdk/assets/..%2F..%2Foutside.txt',
        '/sdk/assets/%2e%2e%5csecret.txt',
        '/sdk/assets/..',
        '/sdk/assets/%2e%2e',
        '/sdk/assets/.env',
        '/sdk/assets/sub',
        '/sdk/assets/a%00b.js',
        '/sdk/assets/sub%2F..%2F..%2Fsecret.txt',
        '/sdk/assets/..%252Fsecret.txt',
      ]) {
        const res = await fetch(frame.url + path)
        const body = await res.text()
        expect(res.status, path).toBeGreaterThanOrEqual(400)
        expect(res.status, path).toBeLessThan(500)
        for (const secret of ['PAGE-DIR-SECRET', 'ROOT-SECRET', 'HIDDEN=1']) expect(body, path).not.toContain(secret)
      }
      // A client that does not normalise dots (raw request line) gets nothing either.
      const raw = await new Promise<string>((resolve, reject) => {
        const url = new URL(frame.url)
        import('node:net').then(({ connect }) => {
          const socket = connect(Number(url.port), url.hostname, () => socket.end('GET /sdk/assets/../secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
          let data = ''
          socket.on('data', (chunk) => (data += chunk))
          socket.on('end', () => resolve(data))
          socket.on('error', reject)
        })
      })
      expect(raw).not.toContain('PAGE-DIR-SECRET')
    })

    it('error: without a built page /sdk and its assets answer 503 with a clear text', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'portico-frame-nopage-'))
      const unbuilt = await startTestFrame({ ...common, pageDir: join(empty, 'dist'), allowedOrigins: ['*'] })
      try {
        const res = await unbuilt.get('/sdk?projectId=proj-a')
        expect(res.status).toBe(503)
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
        expect(res.body).toBe('frame page not built: run npm run build')
        const asset = await unbuilt.get('/sdk/assets/app-1a2b3c.js')
        expect(asset.status).toBe(503)
        expect(asset.body).toBe('frame page not built: run npm run build')
      } finally {
        await unbuilt.close()
        rmSync(empty, { recursive: true, force: true })
      }
    })

    it('behavior: /v1/origin-check answers { allowed } to any site (CORS open)', async () => {
      const check = (query: string) => frame.get(`/v1/origin-check?${query}`, { origin: 'https://somewhere.example' })
      const yes = await check('projectId=proj-a&origin=https://app.example')
      expect(yes.status).toBe(200)
      expect(yes.body).toEqual({ allowed: true })
      expect(yes.headers.get('access-control-allow-origin')).toBe('*')
      expect((await check(`projectId=proj-a&origin=${encodeURIComponent('HTTP://LOCALHOST:4300/')}`)).body).toEqual({ allowed: true })
      expect((await check('projectId=proj-a&origin=https://evil.example')).body).toEqual({ allowed: false })
      expect((await check('projectId=nope&origin=https://app.example')).body).toEqual({ allowed: false })
      expect((await check('projectId=proj-star&origin=https://any.example')).body).toEqual({ allowed: true })
      expect((await check('projectId=proj-empty&origin=https://app.example')).body).toEqual({ allowed: false })
      for (const query of ['', 'projectId=proj-a', 'origin=https://app.example', `projectId=proj-a&origin=${'x'.repeat(3000)}`]) {
        const bad = await check(query)
        expect(bad.status, query).toBe(400)
        expect(bad.body.code).toBe('VALIDATION_ERROR')
        expect(bad.headers.get('access-control-allow-origin')).toBe('*')
      }
      const preflight = await fetch(`${frame.url}/v1/origin-check`, {
        method: 'OPTIONS',
        headers: { origin: 'https://somewhere.example', 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    })
  })
})

describe('frame page with the real api', () => {
  it('behavior: the frame reads the dev project origins from GET /v1/projects/{id}/origins of @portico/service-api', async () => {
    const { createApiServer, silentLogger } = await import('@portico/service-api')
    const api = await createApiServer({ logger: silentLogger, indexer: { enabled: false }, chains: [], devOrigins: ['https://demo.example'] })
    const page = fakePageDist()
    const { url } = await api.listen(0)
    const frame = await startTestFrame({ pageDir: page.dir, apiUrl: url })
    try {
      const res = await frame.get('/sdk?projectId=portico-dev')
      const config = metaConfig(res.body)
      expect(config.allowedOrigins).toEqual(expect.arrayContaining(['http://localhost:4300', 'https://demo.example']))
      expect(res.headers.get('content-security-policy')).toContain('https://demo.example')
      expect(metaConfig((await frame.get('/sdk?projectId=not-a-project')).body).error).toBe('INVALID_PROJECT')
    } finally {
      await frame.close()
      await api.close()
      page.remove()
    }
  })
})
