import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type PluginDefinition } from '@portico/contracts/plugin'
import type { Kernel, KernelOptions } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, TEST_ADDRESS } from '@portico/tests/react'
import { json, startApi, startServer } from '@portico/tests/servers'
import { analytics, type AnalyticsParameters } from './plugin.js'
import { analyticsActions, selectAnalytics } from './slice.js'

let api: Awaited<ReturnType<typeof startApi>>
beforeAll(async () => {
  api = await startApi({ projects: [{ id: 'quiet', allowedOrigins: ['*'], analyticsEnabled: false }] })
}, 60_000)
afterAll(() => api?.close())

let kernels: Kernel[] = []
beforeEach(async () => {
  await api.api.server.db.query('delete from analytics_events')
})
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.restoreAllMocks()
})

/** Counts the alerts the modal shows (the kernel's and the plugin's alike), through a store listener. */
function alertCounter() {
  const alerts: { title: string; message: string }[] = []
  const plugin = definePlugin({
    name: 'alert-counter',
    version: '0.0.0',
    contracts: '^1.0.0',
    setup: (ctx) => ctx.startListening({ type: 'notifications/alertShown', effect: (action) => void alerts.push(action.payload) }),
  })
  return { alerts, plugin }
}

async function start(options: KernelOptions = {}, parameters?: AnalyticsParameters) {
  const wallet = scriptedWalletPlugin()
  const counter = alertCounter()
  const kernel = createTestKernel({
    projectId: 'portico-dev',
    endpoints: { api: api.url },
    ...options,
    plugins: [analytics(parameters), wallet.plugin, counter.plugin, ...((options.plugins ?? []) as PluginDefinition[])],
  })
  kernels.push(kernel)
  await kernel.ready
  return { kernel, wallet: wallet.wallet, alerts: counter.alerts }
}

type Row = { event: string; event_id: string; url: string; domain: string; props: Record<string, any>; project_id: string }
const stored = async (project = 'portico-dev') =>
  (await api.api.server.db.query<Row>('select * from analytics_events where project_id = $1 order by event_time, received_at', [project])).map((r) => ({
    ...r,
    props: typeof r.props === 'string' ? JSON.parse(r.props) : r.props,
  }))
const idle = () => new Promise((r) => setTimeout(r, 30))

describe('analytics, against the reference api', { timeout: 20_000 }, () => {
  it('behavior: nothing goes out before the modal opens; then queued and new events are stored in order', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { kernel } = await start()
    await kernel.connect('test-wallet') // a restored session, say: before any open
    kernel.store.dispatch(analyticsActions.eventTracked({ event: 'MODAL_CREATED' }))
    await idle()
    expect(fetchSpy).not.toHaveBeenCalled()

    await kernel.open()
    await vi.waitFor(() => expect(selectAnalytics(kernel.getState()).sent).toBe(2))
    kernel.close()
    await vi.waitFor(() => expect(selectAnalytics(kernel.getState()).sent).toBe(3))

    const rows = await stored()
    expect(rows.map((r) => r.event)).toEqual(['CONNECT_SUCCESS', 'MODAL_OPEN', 'MODAL_CLOSE'])
    const [connectRow, openRow] = rows
    expect(connectRow!.event_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(connectRow!.url).toBe(window.location.href)
    expect(connectRow!.domain).toBe(window.location.hostname)
    expect(connectRow!.props).toMatchObject({ type: 'track', event: 'CONNECT_SUCCESS', address: TEST_ADDRESS, properties: { connectorId: 'test-wallet', name: 'Test Wallet', namespace: 'eip155' } })
    expect(openRow!.props.properties).toEqual({ connected: true, view: 'Account' })

    const calls = fetchSpy.mock.calls.map(([u, init]) => ({ url: new URL(String(u)), method: (init as RequestInit | undefined)?.method ?? 'GET' }))
    expect(calls[0]!.url.pathname).toBe('/getAnalyticsConfig')
    const posts = calls.filter((c) => c.url.pathname === '/e')
    expect(posts.every((c) => c.method === 'POST' && c.url.searchParams.get('projectId') === 'portico-dev' && c.url.searchParams.get('st') && c.url.searchParams.get('sv'))).toBe(true)
    // MODAL_CREATED never goes out
    expect((await stored()).some((r) => r.event === 'MODAL_CREATED')).toBe(false)
  })

  it('behavior: connect errors, network switches and disconnects are reported', async () => {
    const { kernel, wallet } = await start()
    await kernel.open('Connect')
    wallet.mode = 'reject'
    await kernel.connect('test-wallet').catch(() => {})
    wallet.mode = 'approve'
    await kernel.connect('test-wallet')
    await kernel.switchNetwork('eip155:31338')
    await kernel.disconnect()
    await vi.waitFor(() => expect(selectAnalytics(kernel.getState()).sent).toBe(6))
    const rows = await stored()
    // connecting closes the modal, hence the MODAL_CLOSE
    expect(rows.map((r) => r.event)).toEqual(['MODAL_OPEN', 'CONNECT_ERROR', 'CONNECT_SUCCESS', 'MODAL_CLOSE', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS'])
    expect(rows[1]!.props.properties).toEqual({ connectorId: 'test-wallet', declined: true, message: 'Connection declined' })
    expect(rows[1]!.props.address).toBeUndefined()
    expect(rows[4]!.props).toMatchObject({ address: TEST_ADDRESS, properties: { network: 'eip155:31338', previous: 'eip155:31337' } })
    expect(rows[5]!.props.properties).toEqual({ namespace: 'eip155', connectorId: 'test-wallet' })
  })

  it('behavior: a project with analytics off is asked once and sent nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { kernel } = await start({ projectId: 'quiet' })
    await kernel.open('Connect')
    await vi.waitFor(() => expect(selectAnalytics(kernel.getState())).toMatchObject({ status: 'disabled', reason: 'config' }))
    kernel.close()
    await kernel.open('Connect')
    await idle()
    const paths = fetchSpy.mock.calls.map(([u]) => new URL(String(u)).pathname)
    expect(paths).toEqual(['/getAnalyticsConfig'])
    expect(await stored('quiet')).toEqual([])
  })
})

describe('analytics failures', { timeout: 20_000 }, () => {
  async function withServer(handler: Parameters<typeof startServer>[0], run: (server: Awaited<ReturnType<typeof startServer>>) => Promise<void>) {
    const server = await startServer(handler)
    try {
      await run(server)
    } finally {
      await server.close()
    }
  }
  const config = (res: Parameters<typeof json>[0], enabled = true) => json(res, 200, { isAnalyticsEnabled: enabled })

  it('error: a failed config fetch turns analytics off', async () => {
    await withServer(
      (_req, url, res) => (url.pathname === '/getAnalyticsConfig' ? json(res, 500, {}) : json(res, 200, { status: 'stored' })),
      async (server) => {
        const { kernel } = await start({ endpoints: { api: server.url } })
        await kernel.open('Connect')
        await vi.waitFor(() => expect(selectAnalytics(kernel.getState())).toMatchObject({ status: 'disabled', reason: 'config-failed' }))
        kernel.close()
        await idle()
        expect(server.requests.map((u) => u.pathname)).toEqual(['/getAnalyticsConfig'])
      },
    )
  })

  it('error: a 403 with the origin code turns analytics off with one allowlist alert, the kernel\'s', async () => {
    const forbidden = { status: 'FAILED', code: 'ORIGIN_NOT_ALLOWED', message: 'origin not allowed: http://localhost:3000', reasons: [] }
    await withServer(
      (_req, url, res) => (url.pathname === '/getAnalyticsConfig' ? config(res) : json(res, 403, forbidden)),
      async (server) => {
        const { kernel, alerts } = await start({ endpoints: { api: server.url } })
        await kernel.open('Connect')
        await vi.waitFor(() => expect(selectAnalytics(kernel.getState())).toMatchObject({ status: 'disabled', reason: 'forbidden' }))
        kernel.close()
        await kernel.open('Connect')
        await idle()
        expect(alerts).toEqual([{ title: 'Invalid App Configuration', message: expect.stringContaining('allowlist') }])
        expect(server.requests.filter((u) => u.pathname === '/e')).toHaveLength(1)
      },
    )
  })

  it('error: a bare 403 also turns analytics off, and the plugin shows the allowlist alert', async () => {
    await withServer(
      (_req, url, res) => (url.pathname === '/getAnalyticsConfig' ? config(res) : res.writeHead(403).end('Forbidden')),
      async (server) => {
        const { kernel, alerts } = await start({ endpoints: { api: server.url } })
        await kernel.open('Connect')
        await vi.waitFor(() => expect(selectAnalytics(kernel.getState()).reason).toBe('forbidden'))
        expect(alerts).toEqual([{ title: 'Invalid App Configuration', message: expect.stringContaining('allowlist') }])
        expect(kernel.getState().notifications.alert.open).toBe(true)
      },
    )
  })

  it('behavior: events go to the analytics endpoint when one is configured, the config to the registry', async () => {
    await withServer(
      (_req, _url, res) => json(res, 200, { status: 'stored' }),
      async (ingest) =>
        withServer(
          (_req, url, res) => (url.pathname === '/getAnalyticsConfig' ? config(res) : json(res, 404, {})),
          async (registry) => {
            const { kernel } = await start({ endpoints: { api: 'http://127.0.0.1:9', registry: registry.url, analytics: ingest.url } })
            await kernel.open('Connect')
            await vi.waitFor(() => expect(selectAnalytics(kernel.getState()).sent).toBe(1))
            expect(registry.requests.map((u) => u.pathname)).toEqual(['/getAnalyticsConfig'])
            expect(ingest.requests.map((u) => u.pathname)).toEqual(['/e'])
          },
        ),
    )
  })

  it('behavior: while the modal has not opened, only the newest events are kept', async () => {
    const bodies: { props: { event: string } }[] = []
    await withServer(
      async (req, url, res) => {
        if (url.pathname === '/getAnalyticsConfig') return config(res)
        let raw = ''
        for await (const chunk of req) raw += chunk
        bodies.push(JSON.parse(raw))
        json(res, 200, { status: 'stored' })
      },
      async (server) => {
        const { kernel } = await start({ endpoints: { api: server.url } }, { maxQueue: 2 })
        for (const event of ['A', 'B', 'C']) kernel.store.dispatch(analyticsActions.eventTracked({ event }))
        await kernel.open('Connect')
        await vi.waitFor(() => expect(bodies).toHaveLength(2))
        expect(bodies.map((b) => b.props.event)).toEqual(['C', 'MODAL_OPEN'])
      },
    )
  })
})
