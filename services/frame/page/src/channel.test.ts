import { describe, expect, test, vi } from 'vitest'
import { openChannel, type ChannelWindow } from './channel.js'
import { FrameFailure } from './errors.js'
import { createRouter, type FrameHandlers } from './router.js'

const PARENT_ORIGIN = 'https://app.example'

function setup(handlers: Partial<FrameHandlers> = {}) {
  let listener: ((event: MessageEvent) => void) | undefined
  const win: ChannelWindow = {
    addEventListener: (_, l) => void (listener = l),
    removeEventListener: () => void (listener = undefined),
  }
  const posted: { message: any; targetOrigin: string }[] = []
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }) }
  const stranger = { postMessage: vi.fn() }
  const log = { warn: vi.fn(), error: vi.fn() }
  const route = createRouter(handlers as FrameHandlers, () => channel, log)
  const requests: unknown[] = []
  const channel = openChannel({
    win,
    parent,
    parentOrigin: PARENT_ORIGIN,
    onRequest: (event) => {
      requests.push(event)
      void route(event)
    },
    log,
  })
  const deliver = (data: unknown, { source = parent as unknown, origin = PARENT_ORIGIN } = {}) =>
    listener?.({ data, source, origin } as MessageEvent)
  return { channel, deliver, posted, requests, stranger, log, settle: () => new Promise((r) => setTimeout(r, 0)) }
}

describe('frame channel and router', () => {
  test('behavior: a valid request is answered with <NAME>_SUCCESS, its id, and the parent origin as targetOrigin', async () => {
    const { deliver, posted, settle } = setup({ GET_CHAIN_ID: () => ({ chainId: 10 }) })
    deliver({ id: 'r1', type: '@w3m-app/GET_CHAIN_ID' })
    await settle()
    expect(posted).toEqual([{ message: { id: 'r1', type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 10 } }, targetOrigin: PARENT_ORIGIN }])
  })

  test('behavior: a failing handler answers <NAME>_ERROR with its message; an unexpected error says only "Something went wrong"', async () => {
    const { deliver, posted, settle } = setup({
      CONNECT_SOCIAL: () => {
        throw new FrameFailure('Social login is not available yet.')
      },
      GET_FARCASTER_URI: () => {
        throw new Error('internal detail')
      },
    })
    deliver({ id: 'a', type: '@w3m-app/CONNECT_SOCIAL', payload: { uri: 'x' } })
    deliver({ id: 'b', type: '@w3m-app/GET_FARCASTER_URI' })
    await settle()
    expect(posted.map((p) => p.message)).toEqual([
      { id: 'a', type: '@w3m-frame/CONNECT_SOCIAL_ERROR', payload: { message: 'Social login is not available yet.' } },
      { id: 'b', type: '@w3m-frame/GET_FARCASTER_URI_ERROR', payload: { message: 'Something went wrong' } },
    ])
  })

  test('security: a message from another origin, or from another window with the right origin, is ignored', async () => {
    const { deliver, posted, requests, stranger, settle } = setup({ GET_CHAIN_ID: () => ({ chainId: 1 }) })
    deliver({ id: 'x', type: '@w3m-app/GET_CHAIN_ID' }, { origin: 'https://evil.example' })
    deliver({ id: 'y', type: '@w3m-app/GET_CHAIN_ID' }, { source: stranger })
    deliver({ id: 'z', type: '@w3m-app/GET_CHAIN_ID' }, { origin: 'https://app.example.evil.example' })
    await settle()
    expect(requests).toEqual([])
    expect(posted).toEqual([])
  })

  test('error: a malformed request with a readable id and name gets <NAME>_ERROR; anything else is dropped', async () => {
    const { deliver, posted, requests, settle } = setup()
    deliver({ id: 'm1', type: '@w3m-app/CONNECT_EMAIL', payload: { email: 'not-an-email' } })
    deliver({ id: 'm2', type: '@w3m-app/NO_SUCH_EVENT' })
    deliver({ type: '@w3m-app/GET_USER' })
    deliver('hello')
    deliver(null)
    await settle()
    expect(requests).toEqual([])
    expect(posted).toHaveLength(1)
    expect(posted[0].message).toMatchObject({ id: 'm1', type: '@w3m-frame/CONNECT_EMAIL_ERROR' })
    expect(posted[0].message.payload.message).toMatch(/^Invalid CONNECT_EMAIL request \(payload\.email\)/)
  })

  test('error: a reply that does not match the protocol is never posted', async () => {
    const { deliver, posted, log, settle } = setup({ GET_CHAIN_ID: () => ({ chainId: -5 }) as never })
    deliver({ id: 'c', type: '@w3m-app/GET_CHAIN_ID' })
    await settle()
    expect(posted).toEqual([])
    expect(log.error).toHaveBeenCalled()
  })

  test('behavior: READY and SESSION_UPDATE go out unsolicited', () => {
    const { channel, posted } = setup()
    channel.send({ type: '@w3m-frame/READY', payload: { version: '4' } })
    channel.send({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: 'abc' } })
    expect(posted.map((p) => p.message.type)).toEqual(['@w3m-frame/READY', '@w3m-frame/SESSION_UPDATE'])
  })

  test('behavior: requests run concurrently (RPC_ABORT is not stuck behind a pending approval)', async () => {
    let release!: () => void
    const { deliver, posted, settle } = setup({
      RPC_REQUEST: () => new Promise((resolve) => (release = () => resolve('0xsig'))),
      RPC_ABORT: () => undefined,
    })
    deliver({ id: 'slow', type: '@w3m-app/RPC_REQUEST', payload: { method: 'personal_sign', params: ['0x68', '0x' + 'a'.repeat(40)] } })
    deliver({ id: 'abort', type: '@w3m-app/RPC_ABORT' })
    await settle()
    expect(posted.map((p) => p.message.id)).toEqual(['abort'])
    release()
    await settle()
    expect(posted.map((p) => p.message.id)).toEqual(['abort', 'slow'])
  })
})
