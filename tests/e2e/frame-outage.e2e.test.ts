/**
 * The login frame's service going away in the middle of a login: the visitor sees a clear error, what they typed
 * stays, the page keeps working, and once the service is back (same database) the login completes with no new code
 * needed for an already-mailed one. A private frame service (its own ports and PGlite directory) is killed and
 * restarted here, so the shared stack's frame is never disturbed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { freePort } from '../../scripts/lib/ports.ts'
import { spawnManaged, waitForPort, type ManagedProcess } from '../../scripts/lib/processes.ts'
import { demoRuntimeConfig, injectDemoConfig } from '../../scripts/lib/stack.ts'
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts'
import { ROOT } from '../../scripts/lib/workspace.ts'
import { demoUrl, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { waitForText } from '../utils/devWallet.ts'
import { freshEmail, startEmailLogin, typeCode, waitForCode, waitForEmbeddedAddress } from '../utils/email.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
let server: StaticServer
let frame: ManagedProcess | undefined
let demo: DemoPage | undefined
let dataDir: string
let framePort: number
let sinkPort: number

async function startFrame() {
  frame = spawnManaged({
    name: 'frame (private)',
    command: process.execPath,
    args: ['--conditions=source', '--import', 'tsx', join('src', 'main.ts')],
    cwd: join(ROOT, 'services', 'frame'),
    env: {
      PORTICO_FRAME_PORT: String(framePort),
      PORTICO_SMTP_SINK_PORT: String(sinkPort),
      PORTICO_FRAME_DATA_DIR: dataDir,
      PORTICO_FRAME_ALLOWED_ORIGINS: server.url,
      PORTICO_FRAME_PUBLIC_URL: `http://localhost:${framePort}`,
    },
  })
  await waitForPort(framePort, frame, 60_000)
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portico-frame-outage-'))
  ;[framePort, sinkPort] = [await freePort(), await freePort()]
  const frameUrl = `http://localhost:${framePort}`
  server = await startStaticServer({
    dir: stack.demoDir,
    port: 0,
    transformHtml: (html) => injectDemoConfig(html, { ...demoRuntimeConfig(stack.urls), frame: frameUrl }),
  })
  await startFrame()
}, 90_000)

afterAll(async () => {
  await demo?.close()
  await frame?.stop()
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

it('the frame service killed mid-login: a clear error, the typed code kept, and the login completes once it is back', async () => {
  const frameUrl = `http://localhost:${framePort}`
  demo = await openPage(demoUrl(server.url, { debug: '1' }))
  const { page } = demo
  const email = freshEmail('outage')
  const since = Date.now() - 1000
  await startEmailLogin(page, email)
  await page.getByTestId('view-EmailVerifyOtp').waitFor({ state: 'visible', timeout: 30_000 })
  const code = await waitForCode(frameUrl, email, since)

  // the service dies (no goodbye) before the visitor types the code
  frame!.child.kill('SIGKILL')
  await frame!.exited
  await typeCode(page, code)
  await waitForText(page, 'otp-error', 'The sign-in service is unreachable. Try again in a moment.', 30_000)
  await page.waitForTimeout(400)
  await screenshot(page, 'email-frame-outage-light')
  expect(demo.pageErrors).toEqual([])
  // still on the code view, nothing connected
  expect(await page.getByTestId('view-EmailVerifyOtp').isVisible()).toBe(true)

  // the code the visitor typed is still there, with a button to try it again
  const digits = await page.getByTestId('otp-input').locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(''))
  expect(digits).toBe(code)

  // back, on the same database: the mailed code still works
  await startFrame()
  await page.getByTestId('otp-retry').click()
  const address = await waitForEmbeddedAddress(page)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(demo.pageErrors).toEqual([])
}, 150_000)
