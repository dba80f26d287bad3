/**
 * Real-browser smoke test of the built frame page: `npx tsx services/frame/page/smoke.ts` (builds the page first;
 * `--no-build` uses dist as it is). Chromium from /usr/bin/chromium (or PORTICO_CHROMIUM), headless.
 * `npx tsx --conditions=source services/frame/page/smoke.ts --real-server` runs the same against the frame server
 * of services/frame (PGlite in memory, codes read from its SMTP sink) instead of the in-memory fake API.
 *
 * Three tiny servers on 127.0.0.1 play the frame server (the page with its config meta and the design's CSP
 * headers, plus the in-memory fake auth API), the app (a parent page that embeds the frame) and a stranger (the same
 * port under `localhost`, another origin). Checked: READY arrives with the parent origin as target; a message from a
 * foreign origin is ignored; a full email login, then personal_sign shown in the frame's approval UI, Approve enabled
 * only after it has been visible, and a signature viem verifies; an unlisted parent gets no READY and sees "Invalid
 * App Configuration"; no CSP violation anywhere.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFileSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { toHex, verifyMessage } from 'viem'
import { FRAME_PAGE_DIST, buildFramePage } from './build.js'
import { fakeAuthServer } from './src/testing/fakeAuthServer.js'

const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer(handler)
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }))
  })
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' }

/** The frame server's part: /sdk (config meta + headers as frame-design.md says), /sdk/assets/*, /v1/* (fake). */
function frameServer(allowedOrigins: () => string[]) {
  const auth = fakeAuthServer()
  return listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://frame')
    if (url.pathname === '/sdk') {
      const config = { projectId: 'smoke', allowedOrigins: allowedOrigins(), apiBase: '' }
      const html = readFileSync(join(FRAME_PAGE_DIST, 'index.html'), 'utf8').replace(
        '<meta name="portico-frame" content="__PORTICO_FRAME_CONFIG__">',
        `<meta name="portico-frame" content="${escapeAttr(JSON.stringify(config))}">`,
      )
      // `smokeAnyAncestor` drops frame-ancestors so the page's own allowlist check can be seen from a stranger
      const ancestors = url.searchParams.has('smokeAnyAncestor') ? '' : `; frame-ancestors ${allowedOrigins().join(' ') || "'none'"}`
      res.writeHead(200, {
        'content-type': TYPES['.html'],
        'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self' http: https:${ancestors}; base-uri 'none'; form-action 'none'`,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      })
      return res.end(html)
    }
    if (url.pathname.startsWith('/sdk/assets/')) {
      const file = normalize(join(FRAME_PAGE_DIST, url.pathname.slice('/sdk/'.length)))
      if (!file.startsWith(FRAME_PAGE_DIST)) return res.writeHead(404).end()
      try {
        const body = readFileSync(file)
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'x-content-type-options': 'nosniff' })
        return res.end(body)
      } catch {
        return res.writeHead(404).end()
      }
    }
    if (url.pathname.startsWith('/v1/')) {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const response = await auth.fetch(url.pathname, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks).toString() : undefined,
      })
      res.writeHead(response.status, { 'content-type': 'application/json' })
      return res.end(await response.text())
    }
    res.writeHead(404).end()
  })
}

/** The app's part: a parent page that embeds the frame and records what it posts; and a foreign child page. */
function appServer(frameOrigin: () => string) {
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://app')
    res.writeHead(200, { 'content-type': TYPES['.html'] })
    if (url.pathname === '/foreign') {
      // another origin inside the same page, posting a request straight to the login frame
      return res.end(`<!doctype html><script>
        parent.frames[0].postMessage({ id: 'foreign-1', type: '@w3m-app/GET_CHAIN_ID' }, '*')
        parent.postMessage('foreign-sent', '*')
      </script>`)
    }
    res.end(`<!doctype html><html><body style="margin:0">
      <iframe id="w3m-iframe" name="w3m-secure-iframe" src="${frameOrigin()}/sdk?projectId=smoke&chainId=1&version=4&enableLogger=false${url.search ? '&' + url.search.slice(1) : ''}"
        style="position:fixed;z-index:999999;display:none;border:0;left:0;top:0;width:360px;height:360px"></iframe>
      <script>
        window.__messages = []
        window.__foreignSent = false
        const frame = document.getElementById('w3m-iframe')
        addEventListener('message', (e) => {
          if (e.data === 'foreign-sent') window.__foreignSent = true
          if (e.source === frame.contentWindow && e.origin === ${JSON.stringify(frameOrigin())}) window.__messages.push(e.data)
        })
        window.__send = (msg) => frame.contentWindow.postMessage(msg, ${JSON.stringify(frameOrigin())})
        window.__addForeign = (src) => { const f = document.createElement('iframe'); f.src = src; document.body.append(f) }
      </script></body></html>`)
  })
}

type Msg = { id?: string; type: string; payload?: any }

async function waitForMessage(page: Page, predicate: string, timeout = 10_000): Promise<Msg> {
  const handle = await page.waitForFunction(`window.__messages.find((m) => ${predicate})`, undefined, { timeout })
  return (await handle.jsonValue()) as Msg
}

async function request(page: Page, id: string, type: string, payload?: unknown, timeout?: number): Promise<Msg> {
  await page.evaluate(([id, type, payload]) => (window as any).__send(payload === undefined ? { id, type } : { id, type, payload }), [id, type, payload] as const)
  return waitForMessage(page, `m.id === ${JSON.stringify(id)}`, timeout)
}

function check(condition: unknown, what: string): void {
  if (!condition) throw new Error(`smoke: ${what}`)
  console.log(`  ok  ${what}`)
}

/** The frame origin under test, how to read a login code, and how to stop it. */
interface FrameUnderTest {
  origin: string
  /** A query that makes /sdk skip frame-ancestors (fake server only), so the page's own check can be seen. */
  anyAncestorQuery?: string
  /** The newest login code mailed to `email` that was not returned before. */
  code(email: string): Promise<string>
  /** Opens the newest device link mailed to `email` and presses "Approve this device" (real server only). */
  approveDevice?(email: string): Promise<void>
  close(): Promise<void>
}

async function fakeFrame(allowed: () => string[]): Promise<FrameUnderTest> {
  const { server, port } = await frameServer(allowed)
  return { origin: `http://127.0.0.1:${port}`, anyAncestorQuery: 'smokeAnyAncestor=1', code: async () => '123456', close: async () => void server.close() }
}

/** The part of services/frame's `createFrameServer` the smoke test uses. */
type CreateFrameServer = (options: { allowedOrigins: string[]; pageDir: string; limits: { resendCooldownMs: number }; logger: Record<'info' | 'warn' | 'error', (m: string) => void> }) => Promise<{
  listen(port: number): Promise<{ url: string }>
  sink: { messages(): { text: string }[] } | null
  close(): Promise<void>
}>

/** `--real-server`: the frame server of services/frame (run with `tsx --conditions=source`), mail from its sink. */
async function realFrame(allowed: string[]): Promise<FrameUnderTest> {
  // a computed specifier: the page's typecheck must not compile the server's sources (another project)
  const serverModule = '../src/index.js'
  const { createFrameServer } = (await import(serverModule)) as { createFrameServer: CreateFrameServer }
  const silent = { info: () => {}, warn: () => {}, error: () => {} }
  const server = await createFrameServer({ allowedOrigins: allowed, pageDir: FRAME_PAGE_DIST, limits: { resendCooldownMs: 1 }, logger: silent })
  const { url } = await server.listen(0)
  const used = new Set<string>()
  /** The first new match of `pattern` in the mails to `email`, newest first. */
  const fromMail = async (email: string, pattern: RegExp, what: string) => {
    for (let i = 0; i < 100; i++) {
      for (const mail of server.sink?.messages() ?? []) {
        const found = JSON.stringify(mail).includes(email) ? pattern.exec(mail.text)?.[1] : undefined
        if (found && !used.has(found)) {
          used.add(found)
          return found
        }
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`smoke: no ${what} mailed to ${email}`)
  }
  return {
    origin: new URL(url).origin,
    code: (email) => fromMail(email, /\b(\d{6})\b/, 'code'),
    async approveDevice(email) {
      const token = await fromMail(email, /device\/verify\?token=([A-Za-z0-9_-]+)/, 'device link')
      const res = await fetch(`${new URL(url).origin}/v1/device/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      })
      if (!res.ok) throw new Error(`smoke: approving the device answered ${res.status}`)
    },
    close: () => server.close(),
  }
}

async function main() {
  const real = process.argv.includes('--real-server')
  if (!process.argv.includes('--no-build')) await buildFramePage({ log: console.log })
  let frameOrigin = ''
  let appOrigin = ''
  const app = await appServer(() => frameOrigin)
  appOrigin = `http://127.0.0.1:${app.port}`
  const strangerOrigin = `http://localhost:${app.port}`
  const frame = real ? await realFrame([appOrigin]) : await fakeFrame(() => [appOrigin])
  frameOrigin = frame.origin
  console.log(`frame: ${real ? 'services/frame server' : 'fake auth API'} at ${frameOrigin}, app at ${appOrigin}`)

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  const violations: string[] = []
  try {
    const page = await browser.newPage()
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
    await page.goto(`${appOrigin}/`)

    const ready = await waitForMessage(page, "m.type === '@w3m-frame/READY'")
    check(ready.payload?.version === '4', 'READY arrives from the frame origin with version 4')

    await page.evaluate((src) => (window as any).__addForeign(src), `${strangerOrigin}/foreign`)
    await page.waitForFunction('window.__foreignSent === true')
    const own = await request(page, 'own-1', '@w3m-app/GET_CHAIN_ID')
    check(own.type === '@w3m-frame/GET_CHAIN_ID_SUCCESS' && own.payload.chainId === 1, 'GET_CHAIN_ID from the parent is answered')
    await page.waitForTimeout(300)
    const foreign = await page.evaluate(() => (window as any).__messages.filter((m: Msg) => m.id === 'foreign-1').length)
    check(foreign === 0, 'a request from a foreign origin is ignored')

    const bad = await request(page, 'bad-1', '@w3m-app/CONNECT_EMAIL', { email: 'nope' })
    check(bad.type === '@w3m-frame/CONNECT_EMAIL_ERROR', 'a malformed request is answered with _ERROR')

    const started = await request(page, 'e1', '@w3m-app/CONNECT_EMAIL', { email: 'smoke@example.com' })
    check(started.payload?.action === 'VERIFY_OTP', 'CONNECT_EMAIL asks for the code')
    const verified = await request(page, 'o1', '@w3m-app/CONNECT_OTP', { otp: await frame.code('smoke@example.com') }, 20_000)
    check(verified.type === '@w3m-frame/CONNECT_OTP_SUCCESS', 'CONNECT_OTP signs in and creates the wallet (IndexedDB, CryptoKey, lazy key chunk)')
    await waitForMessage(page, "m.type === '@w3m-frame/SESSION_UPDATE'")
    const user = await request(page, 'u1', '@w3m-app/GET_USER')
    const address = user.payload?.address as `0x${string}`
    check(/^0x[0-9a-fA-F]{40}$/.test(address ?? ''), `GET_USER answers the address ${address}`)

    await request(page, 't1', '@w3m-app/SYNC_THEME', { themeMode: 'dark', themeVariables: { accent: '#ff0066' } })
    const message = toHex('Hello from the smoke test')
    await page.evaluate(() => (document.getElementById('w3m-iframe')!.style.display = 'block'))
    await page.evaluate((payload) => (window as any).__send({ id: 'sign-1', type: '@w3m-app/RPC_REQUEST', payload }), {
      method: 'personal_sign',
      params: [message, address],
    })
    const inner = page.frameLocator('#w3m-iframe')
    await inner.getByTestId('frame-approval').waitFor()
    const originText = await inner.getByTestId('frame-approval-origin').textContent()
    check(originText === appOrigin, `the approval shows the verified parent origin (${originText})`)
    check(await inner.getByTestId('frame-approve').isDisabled(), 'Approve starts disabled')
    // PORTICO_SMOKE_SHOTS=<dir>: screenshots of the approval UI to look at
    const shots = process.env.PORTICO_SMOKE_SHOTS
    if (shots) {
      await page.waitForTimeout(700)
      await page.locator('#w3m-iframe').screenshot({ path: join(shots, 'frame-approval-dark.png') })
      await request(page, 't2', '@w3m-app/SYNC_THEME', { themeMode: 'light' })
      await page.locator('#w3m-iframe').screenshot({ path: join(shots, 'frame-approval-light.png') })
    }
    const approve = inner.getByTestId('frame-approve')
    await approve.click({ timeout: 5_000 }) // waits until enabled (the 500 ms visible rule)
    const signed = await waitForMessage(page, "m.id === 'sign-1'")
    check(signed.type === '@w3m-frame/RPC_REQUEST_SUCCESS', 'Approve answers RPC_REQUEST_SUCCESS')
    check(await verifyMessage({ address, message: { raw: message }, signature: signed.payload }), 'viem verifies the signature')

    await page.evaluate((payload) => (window as any).__send({ id: 'sign-2', type: '@w3m-app/RPC_REQUEST', payload }), {
      method: 'personal_sign',
      params: [message, address],
    })
    await inner.getByTestId('frame-approval').waitFor()
    await inner.getByTestId('frame-reject').press('Enter')
    const rejected = await waitForMessage(page, "m.id === 'sign-2'")
    check(rejected.payload?.message === 'User rejected the request.', 'Reject (keyboard) answers "User rejected the request."')

    await page.evaluate((payload) => (window as any).__send({ id: 'sign-3', type: '@w3m-app/RPC_REQUEST', payload }), {
      method: 'personal_sign',
      params: [message, address],
    })
    await inner.getByTestId('frame-approval').waitFor()
    await request(page, 'abort-1', '@w3m-app/RPC_ABORT')
    const aborted = await waitForMessage(page, "m.id === 'sign-3'")
    check(aborted.payload?.message === 'Request was aborted', 'RPC_ABORT ends the pending approval with "Request was aborted"')

    if (frame.approveDevice) {
      // a second browser (its own storage): VERIFY_DEVICE, the emailed link approved, a code, then the wallet recovered
      const other = await (await browser.newContext()).newPage()
      await other.goto(`${appOrigin}/`)
      await waitForMessage(other, "m.type === '@w3m-frame/READY'")
      const second = await request(other, 'e2', '@w3m-app/CONNECT_EMAIL', { email: 'smoke@example.com' })
      check(second.payload?.action === 'VERIFY_DEVICE', `a new device of a known user is asked to verify by email (${JSON.stringify(second.payload)})`)
      await other.evaluate(() => (window as any).__send({ id: 'd2', type: '@w3m-app/CONNECT_DEVICE' }))
      await frame.approveDevice('smoke@example.com')
      const device = await waitForMessage(other, "m.id === 'd2'", 15_000)
      check(device.type === '@w3m-frame/CONNECT_DEVICE_SUCCESS', 'CONNECT_DEVICE resolves once the link is approved (polling /v1/device/status)')
      await request(other, 'o2', '@w3m-app/CONNECT_OTP', { otp: await frame.code('smoke@example.com') }, 20_000)
      const recovered = await request(other, 'u2', '@w3m-app/GET_USER')
      check(recovered.payload?.address === address, 'the new device recovers the same wallet (POST /v1/wallet/recover)')
      await other.close()
    }

    const out = await request(page, 's1', '@w3m-app/SIGN_OUT')
    check(out.type === '@w3m-frame/SIGN_OUT_SUCCESS', 'SIGN_OUT succeeds')

    // an embedder that is not on the allowlist (frame-ancestors dropped, so the page's own check is what refuses it)
    if (frame.anyAncestorQuery) {
    const stranger = await browser.newPage()
    stranger.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
    await stranger.goto(`${strangerOrigin}/?${frame.anyAncestorQuery}`)
    await stranger.frameLocator('#w3m-iframe').getByTestId('frame-invalid-config').waitFor({ state: 'attached' })
    await stranger.waitForTimeout(500)
    const strangerMessages = await stranger.evaluate(() => (window as any).__messages.length)
    check(strangerMessages === 0, 'an embedder that is not allowed gets no READY and the frame says "Invalid App Configuration"')
    }

    check(violations.length === 0, `no CSP violations${violations.length ? `: ${violations.join(' | ')}` : ''}`)
    console.log('smoke: all checks passed')
  } finally {
    await browser.close()
    await frame.close()
    app.server.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
