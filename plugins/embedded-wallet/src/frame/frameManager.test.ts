import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeFrame, FAKE_FRAME_ORIGIN, FAKE_FRAME_URL } from '../testing/FakeFrame.js'
import { embeddedWalletMessages } from '../messages.js'
import { createFrameManager, type FrameManagerDeps } from './frameManager.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const t = (key: string, params?: Record<string, string | number>) =>
  ((embeddedWalletMessages as Record<string, string>)[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(params?.[k]))

let fake: FakeFrame
let managers: ReturnType<typeof createFrameManager>[] = []
beforeEach(() => {
  fake = new FakeFrame()
})
afterEach(() => {
  managers.forEach((m) => m.destroy())
  managers = []
  fake.destroy()
  vi.useRealTimers()
})

function setup(extra: Partial<FrameManagerDeps> = {}) {
  const deps = {
    base: FAKE_FRAME_URL,
    projectId: 'test-project',
    chainId: () => 31337,
    enableLogger: false,
    dappData: () => ({ metadata: { name: 'Demo', description: 'd', url: 'http://localhost', icons: [] }, sdkType: 'portico' as const, sdkVersion: 'portico-0.1.0', projectId: 'test-project' }),
    theme: () => ({ themeMode: 'dark' as const, themeVariables: { accent: '#123456' } }),
    t,
    originCheck: vi.fn(async () => true as boolean | undefined),
    onOriginNotAllowed: vi.fn(),
    onSessionExpired: vi.fn(),
    log: { warn: vi.fn(), debug: vi.fn(), error: vi.fn() },
    ...extra,
  }
  const manager = createFrameManager(deps)
  managers.push(manager)
  return { manager, deps }
}

describe('frame manager: the iframe and the READY handshake', () => {
  it('behavior: after READY and the dapp data, the smart-account-enabled networks are asked for and handed on', async () => {
    fake.smartAccountNetworks = [31337, 31338]
    const onSmartAccountNetworks = vi.fn()
    const { manager } = setup({ onSmartAccountNetworks })
    await manager.ready()
    await vi.waitFor(() => expect(onSmartAccountNetworks).toHaveBeenCalledWith([31337, 31338]))
    expect(fake.received.map((e) => e.type)).toEqual(['@w3m-app/SYNC_DAPP_DATA', '@w3m-app/SYNC_THEME', '@w3m-app/GET_SMART_ACCOUNT_ENABLED_NETWORKS'])
  })

  it('behavior: creates the hidden fixed frame of SPEC §2 on demand, and syncs dapp data and theme after READY', async () => {
    const { manager } = setup()
    expect(document.getElementById('w3m-iframe')).toBeNull()
    await manager.ready()
    const el = document.getElementById('w3m-iframe') as HTMLIFrameElement
    expect(el.name).toBe('w3m-secure-iframe')
    const src = new URL(el.src)
    expect(src.origin + src.pathname).toBe(`${FAKE_FRAME_URL}/sdk`)
    expect(Object.fromEntries(src.searchParams)).toEqual({ projectId: 'test-project', chainId: '31337', version: '4', enableLogger: 'false' })
    expect(el.style.position).toBe('fixed')
    expect(el.style.zIndex).toBe('999999')
    expect(el.style.display).toBe('none')
    await vi.waitFor(() => expect(fake.received.map((e) => e.type)).toEqual(['@w3m-app/SYNC_DAPP_DATA', '@w3m-app/SYNC_THEME']))
    expect(fake.received[0]).toMatchObject({ payload: { sdkType: 'portico', projectId: 'test-project', metadata: { name: 'Demo' } } })
    expect(fake.received[1]).toMatchObject({ payload: { themeMode: 'dark', themeVariables: { accent: '#123456' } } })
    // explicit target origin, random UUID ids
    expect(new Set(fake.targetOrigins)).toEqual(new Set([FAKE_FRAME_ORIGIN]))
    expect(fake.received.every((e) => UUID.test(e.id))).toBe(true)
  })

  it('behavior: one frame however many callers wait', async () => {
    const { manager } = setup()
    await Promise.all([manager.ready(), manager.ready(), manager.request('IS_CONNECTED', undefined)])
    expect(document.querySelectorAll('#w3m-iframe')).toHaveLength(1)
  })

  it('error: no frame endpoint configured', async () => {
    const { manager } = setup({ base: undefined })
    await expect(manager.ready()).rejects.toMatchObject({ code: 'FRAME_ENDPOINT_MISSING' })
  })

  it('error: no READY in 20 s and the origin is not allowed → the "Invalid App Configuration" alert; the frame is removed', async () => {
    vi.useFakeTimers()
    fake.autoReady = false
    const { manager, deps } = setup({ originCheck: vi.fn(async () => false) })
    const ready = manager.ready()
    const settled = expect(ready).rejects.toMatchObject({ code: 'FRAME_ORIGIN_NOT_ALLOWED' })
    await vi.advanceTimersByTimeAsync(19_999)
    expect(deps.onOriginNotAllowed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await settled
    expect(deps.originCheck).toHaveBeenCalledWith(`${FAKE_FRAME_URL}/v1/origin-check?projectId=test-project&origin=${encodeURIComponent(window.location.origin)}`)
    expect(deps.onOriginNotAllowed).toHaveBeenCalledTimes(1)
    expect(document.getElementById('w3m-iframe')).toBeNull()
  })

  it('error: a frame that loaded (the browser refused it to this parent) but stays silent 2 s is asked about at once', async () => {
    vi.useFakeTimers()
    fake.autoReady = false
    const { manager, deps } = setup({ originCheck: vi.fn(async () => false) })
    const settled = expect(manager.ready()).rejects.toMatchObject({ code: 'FRAME_ORIGIN_NOT_ALLOWED' })
    const el = document.getElementById('w3m-iframe') as HTMLIFrameElement
    el.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(deps.originCheck).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await settled
    expect(deps.onOriginNotAllowed).toHaveBeenCalledTimes(1)
  })

  it('behavior: a loaded, silent frame whose origin is allowed keeps its 20 s to say READY', async () => {
    vi.useFakeTimers()
    fake.autoReady = false
    const { manager, deps } = setup({ originCheck: vi.fn(async () => true) })
    let outcome = 'pending'
    manager.ready().then(() => (outcome = 'ready'), () => (outcome = 'failed'))
    ;(document.getElementById('w3m-iframe') as HTMLIFrameElement).dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(5_000)
    expect(deps.originCheck).toHaveBeenCalledTimes(1)
    expect(outcome).toBe('pending')
    fake.ready()
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome).toBe('ready')
  })

  it('error: no READY and the origin check allows us (or fails) → "The sign-in service is unreachable"', async () => {
    vi.useFakeTimers()
    fake.autoReady = false
    const { manager, deps } = setup({ originCheck: vi.fn(async () => undefined) })
    const settled = expect(manager.request('GET_USER', undefined)).rejects.toThrow('The sign-in service is unreachable. Try again in a moment.')
    await vi.advanceTimersByTimeAsync(20_000)
    await settled
    expect(deps.onOriginNotAllowed).not.toHaveBeenCalled()
    // the next attempt starts a fresh frame
    fake.autoReady = true
    await manager.ready()
    expect(document.querySelectorAll('#w3m-iframe')).toHaveLength(1)
  })
})

describe('frame manager: the message checks', () => {
  it('security: a reply from another origin, or from another window, is ignored', async () => {
    const { manager } = setup()
    await manager.ready()
    fake.overrides.set('IS_CONNECTED', () => 'hold')
    const result = manager.request('IS_CONNECTED', undefined)
    await vi.waitFor(() => expect(fake.held).toHaveLength(1))
    const event = fake.held[0]!
    const reply = { id: event.id, type: '@w3m-frame/IS_CONNECTED_SUCCESS', payload: { isConnected: true } }
    fake.emit(reply, { origin: 'http://evil.test' })
    fake.emit(reply, { source: window })
    fake.emit(reply, { source: null })
    let settled = false
    void result.then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 5))
    expect(settled).toBe(false)
    fake.emit({ ...reply, payload: { isConnected: false } })
    await expect(result).resolves.toEqual({ isConnected: false })
  })

  it('security: READY from a foreign origin does not count', async () => {
    vi.useFakeTimers()
    fake.autoReady = false
    const { manager } = setup()
    const ready = manager.ready()
    await vi.advanceTimersByTimeAsync(0)
    fake.emit({ type: '@w3m-frame/READY', payload: { version: '4' } }, { origin: 'http://evil.test' })
    expect(manager.isReady()).toBe(false)
    fake.ready()
    await ready
    expect(manager.isReady()).toBe(true)
  })

  it('security: zod refuses a malformed message; a malformed reply to a waiting request ends it', async () => {
    const { manager, deps } = setup()
    await manager.ready()
    fake.overrides.set('GET_USER', () => 'hold')
    const result = manager.request('GET_USER', { chainId: 1 })
    await vi.waitFor(() => expect(fake.held).toHaveLength(1))
    // a user without an address is no user
    fake.emit({ id: fake.held[0]!.id, type: '@w3m-frame/GET_USER_SUCCESS', payload: { chainId: 1 } })
    await expect(result).rejects.toMatchObject({ code: 'FRAME_INVALID_REPLY' })
    expect(deps.log.warn).toHaveBeenCalled()
  })

  it('security: what the app sends is checked too (an invalid email never reaches the frame)', async () => {
    const { manager } = setup()
    await manager.ready()
    const before = fake.received.length
    await expect(manager.request('CONNECT_EMAIL', { email: 'not-an-email' })).rejects.toMatchObject({ code: 'FRAME_INVALID_REQUEST' })
    expect(fake.received.length).toBe(before)
    expect(fake.refused).toEqual([])
  })

  it('error: a frame error without a message reads "An error occurred"; with one, its text', async () => {
    const { manager } = setup()
    await manager.ready()
    fake.overrides.set('CONNECT_OTP', () => ({ ok: false }))
    await expect(manager.request('CONNECT_OTP', { otp: '123456' })).rejects.toThrow('An error occurred')
    fake.overrides.set('CONNECT_OTP', () => ({ ok: false, message: 'Invalid code.' }))
    await expect(manager.request('CONNECT_OTP', { otp: '123456' })).rejects.toMatchObject({ message: 'Invalid code.', code: 'FRAME_ERROR' })
  })

  it('behavior: "Session expired" from the frame calls onSessionExpired', async () => {
    const { manager, deps } = setup()
    await manager.ready()
    fake.overrides.set('GET_USER', () => ({ ok: false, message: 'Session expired' }))
    await expect(manager.request('GET_USER', undefined)).rejects.toThrow('Session expired')
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1)
  })
})

describe('frame manager: timeouts (SPEC §9: 30 s)', () => {
  it('error: an unanswered request is aborted after 30 s: "Something went wrong", RPC "Request was aborted"', async () => {
    const { manager } = setup()
    await manager.ready()
    vi.useFakeTimers()
    fake.overrides.set('CONNECT_EMAIL', () => 'hold')
    fake.overrides.set('RPC_REQUEST', () => 'hold')
    const email = manager.request('CONNECT_EMAIL', { email: 'a@b.co' })
    const rpc = manager.request('RPC_REQUEST', { method: 'eth_call', params: [] })
    const e1 = expect(email).rejects.toMatchObject({ message: 'Something went wrong', code: 'REQUEST_TIMEOUT' })
    const e2 = expect(rpc).rejects.toMatchObject({ message: 'Request was aborted', code: 'REQUEST_TIMEOUT' })
    await vi.advanceTimersByTimeAsync(30_000)
    await Promise.all([e1, e2])
  })

  it('behavior: CONNECT_DEVICE and visitor-bound requests wait without a limit, until answered or aborted', async () => {
    const { manager } = setup()
    await manager.ready()
    vi.useFakeTimers()
    fake.overrides.set('CONNECT_DEVICE', () => 'hold')
    const controller = new AbortController()
    const device = manager.request('CONNECT_DEVICE', undefined, { timeout: false, signal: controller.signal })
    let settled = false
    void device.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(settled).toBe(false)
    controller.abort()
    await expect(device).rejects.toMatchObject({ code: 'REQUEST_ABORTED', message: 'Something went wrong' })
  })
})

describe('frame manager: showing over a slot', () => {
  it('behavior: the frame is laid over the slot and hidden again when released', async () => {
    const { manager } = setup()
    await manager.ready()
    const slot = document.createElement('div')
    slot.getBoundingClientRect = () => ({ left: 10, top: 20, width: 300, height: 360, right: 310, bottom: 380, x: 10, y: 20, toJSON: () => ({}) })
    document.body.appendChild(slot)
    const release = manager.showOver(slot)
    const el = manager.element()!
    expect(el.style.display).toBe('block')
    expect([el.style.left, el.style.top, el.style.width, el.style.height]).toEqual(['10px', '20px', '300px', '360px'])
    release()
    expect(el.style.display).toBe('none')
    slot.remove()
  })
})
