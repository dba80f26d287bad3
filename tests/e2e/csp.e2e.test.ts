/**
 * The demo served with a strict Content-Security-Policy (`script-src 'self' <cdn origin>; object-src 'none'`, no
 * `unsafe-eval`) works the same, with no CSP violation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { demoCsp, demoRuntimeConfig, injectDemoConfig } from '../../scripts/lib/stack.ts'
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts'
import { callKernel, demoUrl, openPage, type DemoPage } from '../utils/browser.ts'
import { approveInFrame, freshEmail, loginWithEmail } from '../utils/email.ts'
import { isEntryOf } from '../utils/remoteEntry.ts'

const stack = inject('stack')
let server: StaticServer
let demo: DemoPage | undefined

beforeAll(async () => {
  server = await startStaticServer({
    dir: stack.demoDir,
    // an origin the dev project allows (globalSetup adds it), so the login frame accepts this page as its parent
    port: stack.cspDemoPort,
    csp: demoCsp(stack.urls.cdn),
    transformHtml: (html) => injectDemoConfig(html, demoRuntimeConfig(stack.urls)),
  })
})
afterAll(() => server?.close())
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

const cspErrors = (d: DemoPage) => d.console.filter((m) => /content security policy/i.test(m.text))

describe('strict Content-Security-Policy', () => {
  it('serves the demo with the policy', async () => {
    const res = await fetch(server.url)
    const policy = res.headers.get('content-security-policy')
    expect(policy).toBe(`script-src 'self' ${stack.urls.cdn}; object-src 'none'`)
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).not.toContain('unsafe-inline')
  })

  it('opens the modal, loads the remote plugins and walks views with no violation', async () => {
    demo = await openPage(demoUrl(server.url, { debug: '1' }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    expect(demo.requests.some((r) => r.origin === stack.urls.cdn && isEntryOf(r.path, 'connect', stack.cdnDir))).toBe(true)

    await callKernel(demo.page, 'k => k.router.push("Networks")')
    await demo.page.getByTestId('view-Networks').waitFor({ state: 'visible' })
    await demo.page.getByTestId('header-back').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    await callKernel(demo.page, 'k => k.notify.toast("Copied", "success")')
    await demo.page.getByTestId('toast').waitFor({ state: 'visible' })
    await demo.page.keyboard.press('Escape')
    await demo.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })

    expect(demo.cspViolations).toEqual([])
    expect(cspErrors(demo)).toEqual([])
    expect(demo.pageErrors).toEqual([])
  })

  it('really enforces the policy (a script from another origin is refused)', async () => {
    demo = await openPage(server.url)
    // an origin the policy does not list: the browser must refuse it without fetching it
    const outside = 'http://127.0.0.1:9/not-allowed.js'
    await demo.page.evaluate((src) => {
      const script = document.createElement('script')
      script.src = src
      document.head.append(script)
    }, outside)
    await expect.poll(() => demo!.cspViolations.map((v) => v.blockedURI)).toContain(outside)
  })

  it('email login and an approval inside the login frame work under the policy, with no violation', async () => {
    demo = await openPage(demoUrl(server.url, { debug: '1' }))
    await loginWithEmail(demo.page, stack.urls.frame, freshEmail('csp'))
    await demo.page.getByTestId('demo-sign').click()
    await approveInFrame(demo.page)
    await demo.page.locator('[data-testid=demo-sign-result][data-status=ok]').waitFor({ state: 'visible', timeout: 30_000 })
    expect(demo.cspViolations).toEqual([])
    expect(cspErrors(demo)).toEqual([])
    expect(demo.pageErrors).toEqual([])
  })
})
