import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts'

let dir: string
let cdn: StaticServer
let demo: StaticServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-static-'))
  mkdirSync(join(dir, 'site/connect'), { recursive: true })
  writeFileSync(join(dir, 'secret.txt'), 'outside')
  writeFileSync(join(dir, 'site/index.html'), '<html><head></head><body>hi</body></html>')
  writeFileSync(join(dir, 'site/connect/remoteEntry.js'), 'var portico_connect;')
  writeFileSync(join(dir, 'site/connect/123.0123abcd.js'), '1')
  writeFileSync(join(dir, 'site/manifest.json'), '{}')
  cdn = await startStaticServer({ dir: join(dir, 'site'), port: 0, cors: true })
  demo = await startStaticServer({
    dir: join(dir, 'site'),
    port: 0,
    csp: "script-src 'self'",
    transformHtml: (html) => html.replace('</head>', '<meta name="x"></head>'),
  })
})
afterAll(async () => {
  await Promise.all([cdn?.close(), demo?.close()])
  rmSync(dir, { recursive: true, force: true })
})

const raw = (port: number, path: string) =>
  new Promise<number>((ok, fail) => request({ host: '127.0.0.1', port, path }, (res) => ok(res.statusCode!)).on('error', fail).end())

describe('static server', () => {
  it('behavior: serves files with their content types; the CDN sends CORS headers', async () => {
    const js = await fetch(`${cdn.url}/connect/remoteEntry.js`)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('access-control-allow-origin')).toBe('*')
    expect(await js.text()).toBe('var portico_connect;')
    const json = await fetch(`${cdn.url}/manifest.json`)
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect((await fetch(`${demo.url}/manifest.json`)).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('behavior: sends the CSP header on HTML only, and rewrites HTML', async () => {
    const html = await fetch(`${demo.url}/`)
    expect(html.headers.get('content-security-policy')).toBe("script-src 'self'")
    expect(await html.text()).toContain('<meta name="x"></head>')
    expect((await fetch(`${demo.url}/manifest.json`)).headers.get('content-security-policy')).toBeNull()
  })

  it('behavior: revalidates with an ETag, and caches content-hashed files for good', async () => {
    const first = await fetch(`${cdn.url}/connect/remoteEntry.js`)
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const again = await fetch(`${cdn.url}/connect/remoteEntry.js`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    const hashed = await fetch(`${cdn.url}/connect/123.0123abcd.js`)
    expect(hashed.headers.get('cache-control')).toContain('immutable')
  })

  it('error: unknown files are 404, other methods 405, and nothing outside the folder is served', async () => {
    expect((await fetch(`${cdn.url}/nope.js`)).status).toBe(404)
    expect((await fetch(`${cdn.url}/manifest.json`, { method: 'POST' })).status).toBe(405)
    expect(await raw(cdn.port, '/../secret.txt')).not.toBe(200)
    expect(await raw(cdn.port, '/%2e%2e/secret.txt')).toBe(404)
    expect(await raw(cdn.port, '/..%2fsecret.txt')).toBe(403)
  })
})
