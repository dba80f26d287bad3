import { describe, expect, it } from 'vitest'
import {
  FrameAppEventSchema,
  FrameEventSchema,
  FrameRpcRequestSchema,
  type FrameRequestPayload,
  type FrameSuccessPayload,
} from './frame.js'

const id = '6f1c2a1e-2b7e-4d7a-9a53-0d8d1c3a9b11'
const address = '0x1111111111111111111111111111111111111111'

const rpcOk = (req: unknown) => FrameRpcRequestSchema.safeParse(req).success
const frameOk = (event: unknown) => FrameEventSchema.safeParse(event).success

const appTypes = FrameAppEventSchema.options.map((o) => o.shape.type.value)
const frameTypes = FrameEventSchema.options.map((o) => o.shape.type.value)

describe('FrameAppEventSchema', () => {
  it('behavior: every type carries the @w3m-app/ prefix', () => {
    expect(appTypes.every((t) => t.startsWith('@w3m-app/'))).toBe(true)
    expect(new Set(appTypes).size).toBe(appTypes.length)
  })

  it.each([
    [{ id, type: '@w3m-app/CONNECT_EMAIL', payload: { email: 'visitor@example.com' } }],
    [{ id, type: '@w3m-app/CONNECT_OTP', payload: { otp: '123456' } }],
    [{ id, type: '@w3m-app/SWITCH_NETWORK', payload: { chainId: 31338 } }],
    [{ id, type: '@w3m-app/SWITCH_NETWORK', payload: { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'http://127.0.0.1:8899' } }],
    [{ id, type: '@w3m-app/GET_SOCIAL_REDIRECT_URI', payload: { provider: 'github' } }],
    [{ id, type: '@w3m-app/CONNECT_SOCIAL', payload: { uri: 'https://frame.example.com/cb?code=1' } }],
    [{ id, type: '@w3m-app/GET_USER' }],
    [{ id, type: '@w3m-app/GET_USER', payload: { chainId: 1, preferredAccountType: 'eoa' } }],
    [{ id, type: '@w3m-app/IS_CONNECTED' }],
    [{ id, type: '@w3m-app/IS_CONNECTED', payload: { token: 'jwt' } }],
    [{ id, type: '@w3m-app/SET_PREFERRED_ACCOUNT', payload: { type: 'smartAccount' } }],
    [{ id, type: '@w3m-app/UPDATE_EMAIL_SECONDARY_OTP', payload: { otp: '654321' } }],
    [{ id, type: '@w3m-app/SYNC_THEME', payload: { themeMode: 'light' } }],
    [
      {
        id,
        type: '@w3m-app/SYNC_DAPP_DATA',
        payload: {
          projectId: 'p1',
          sdkType: 'portico',
          metadata: { name: 'Demo', description: '', url: 'http://localhost:4300', icons: [] },
        },
      },
    ],
    [{ id, type: '@w3m-app/RPC_ABORT' }],
    [{ id, type: '@w3m-app/RELOAD' }],
  ])('behavior: accepts %j', (event) => {
    expect(FrameAppEventSchema.safeParse(event).success).toBe(true)
  })

  it('behavior: a payload on an event that takes none is dropped', () => {
    expect(FrameAppEventSchema.parse({ id, type: '@w3m-app/SIGN_OUT', payload: { x: 1 } })).toEqual({ id, type: '@w3m-app/SIGN_OUT' })
  })

  it.each([
    ['an unknown type', { id, type: '@w3m-app/LAUNCH_ROCKET' }],
    ['a frame type', { id, type: '@w3m-frame/READY' }],
    ['a missing id', { type: '@w3m-app/SIGN_OUT' }],
    ['an empty id', { id: '', type: '@w3m-app/SIGN_OUT' }],
    ['a bad email', { id, type: '@w3m-app/CONNECT_EMAIL', payload: { email: 'nope' } }],
    ['a numeric otp', { id, type: '@w3m-app/CONNECT_OTP', payload: { otp: 123456 } }],
    ['farcaster as a social provider', { id, type: '@w3m-app/GET_SOCIAL_REDIRECT_URI', payload: { provider: 'farcaster' } }],
    ['a missing required payload', { id, type: '@w3m-app/CONNECT_EMAIL' }],
    ['sync dapp data without project id', { id, type: '@w3m-app/SYNC_DAPP_DATA', payload: {} }],
    ['a chain id at 2^31', { id, type: '@w3m-app/SWITCH_NETWORK', payload: { chainId: 2147483648 } }],
  ])('error: rejects %s', (_, event) => {
    expect(FrameAppEventSchema.safeParse(event).success).toBe(false)
  })
})

describe('FrameRpcRequestSchema', () => {
  it('behavior: signing methods are checked against their params', () => {
    expect(rpcOk({ method: 'personal_sign', params: ['0x68656c6c6f', address] })).toBe(true)
    expect(rpcOk({ method: 'personal_sign', params: ['hello'] })).toBe(false)
    expect(rpcOk({ method: 'eth_sendTransaction', params: [{ to: address, value: '0x1' }] })).toBe(true)
    expect(rpcOk({ method: 'eth_sendTransaction', params: [{ to: '0x12' }] })).toBe(false)
    expect(rpcOk({ method: 'wallet_sendCalls', params: [{ calls: [{ to: address, data: '0x' }] }] })).toBe(true)
    expect(rpcOk({ method: 'wallet_sendCalls', params: [{ calls: [{ to: 'nope' }] }] })).toBe(false)
    const pubkey = 'So11111111111111111111111111111111111111112'
    expect(rpcOk({ method: 'solana_signMessage', params: { message: 'aGk=', pubkey } })).toBe(true)
    expect(rpcOk({ method: 'solana_signAllTransactions', params: { transactions: 'tx' } })).toBe(false)
  })

  it('behavior: other methods pass with any params and routing fields', () => {
    const req = {
      method: 'eth_getBalance',
      params: [address, 'latest'],
      chainId: 1,
      chainNamespace: 'eip155',
      rpcUrl: 'http://127.0.0.1:8545',
    }
    expect(FrameRpcRequestSchema.parse(req)).toEqual(req)
    expect(rpcOk({ method: 'eth_blockNumber' })).toBe(true)
    expect(rpcOk({ method: '' })).toBe(false)
    expect(rpcOk({ method: 'eth_call', chainNamespace: 'cosmos' })).toBe(false)
  })

  it('behavior: inside an app event', () => {
    const event = { id, type: '@w3m-app/RPC_REQUEST', payload: { method: 'eth_signTypedData_v4', params: [address, '{"types":{}}'] } }
    expect(FrameAppEventSchema.safeParse(event).success).toBe(true)
  })
})

describe('FrameEventSchema', () => {
  it('behavior: every app request has exactly one _SUCCESS and one _ERROR reply', () => {
    const names = appTypes.map((t) => t.slice('@w3m-app/'.length))
    for (const name of names) {
      expect(frameTypes).toContain(`@w3m-frame/${name}_SUCCESS`)
      expect(frameTypes).toContain(`@w3m-frame/${name}_ERROR`)
    }
    expect(new Set(frameTypes).size).toBe(frameTypes.length)
    expect(frameTypes.length).toBe(names.length * 2 + 2)
  })

  it('behavior: includes the replies the incumbent forgot', () => {
    expect(frameOk({ id, type: '@w3m-frame/INIT_SMART_ACCOUNT_SUCCESS', payload: { address, isDeployed: true } })).toBe(true)
    expect(frameOk({ id, type: '@w3m-frame/RPC_ABORT_SUCCESS' })).toBe(true)
    expect(frameOk({ id, type: '@w3m-frame/RPC_ABORT_ERROR', payload: { message: 'x' } })).toBe(true)
  })

  it('behavior: READY and SESSION_UPDATE are unsolicited, so their id is optional', () => {
    expect(frameOk({ type: '@w3m-frame/READY' })).toBe(true)
    expect(frameOk({ type: '@w3m-frame/READY', payload: { version: '1.0.0' } })).toBe(true)
    expect(frameOk({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: 'jwt' } })).toBe(true)
    expect(frameOk({ type: '@w3m-frame/SESSION_UPDATE', payload: {} })).toBe(false)
    // Replies must carry the id they answer.
    expect(frameOk({ type: '@w3m-frame/SIGN_OUT_SUCCESS' })).toBe(false)
  })

  it('behavior: an error reply may omit its message (the app then shows "An error occurred")', () => {
    const bare = { id, type: '@w3m-frame/CONNECT_OTP_ERROR', payload: {} }
    expect(FrameEventSchema.parse(bare)).toEqual(bare)
    expect(frameOk({ id, type: '@w3m-frame/CONNECT_OTP_ERROR' })).toBe(false)
    expect(frameOk({ id, type: '@w3m-frame/CONNECT_OTP_ERROR', payload: { message: 42 } })).toBe(false)
  })

  it.each([
    [{ id, type: '@w3m-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } }],
    [
      {
        id,
        type: '@w3m-frame/GET_USER_SUCCESS',
        payload: { email: 'v@example.com', address, chainId: 1, accounts: [{ address, type: 'eoa' }] },
      },
    ],
    [{ id, type: '@w3m-frame/GET_USER_SUCCESS', payload: { email: null, address, chainId: '1', signature: '0xabc', message: 'm' } }],
    [{ id, type: '@w3m-frame/CONNECT_SOCIAL_SUCCESS', payload: { address, chainId: 1, userName: 'octocat', email: null } }],
    [{ id, type: '@w3m-frame/IS_CONNECTED_SUCCESS', payload: { isConnected: false } }],
    [{ id, type: '@w3m-frame/GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS', payload: { smartAccountEnabledNetworks: [1, 84532] } }],
    [{ id, type: '@w3m-frame/RPC_REQUEST_SUCCESS', payload: `0x${'a'.repeat(64)}` }],
    [{ id, type: '@w3m-frame/UPDATE_EMAIL_SUCCESS', payload: { action: 'VERIFY_SECONDARY_OTP' } }],
    [{ id, type: '@w3m-frame/UPDATE_EMAIL_SECONDARY_OTP_SUCCESS', payload: { newEmail: 'new@example.com' } }],
  ])('behavior: accepts %j', (event) => {
    expect(frameOk(event)).toBe(true)
  })

  it.each([
    ['an unknown action', { id, type: '@w3m-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'DANCE' } }],
    ['a user without address', { id, type: '@w3m-frame/GET_USER_SUCCESS', payload: { chainId: 1 } }],
    ['a string isConnected', { id, type: '@w3m-frame/IS_CONNECTED_SUCCESS', payload: { isConnected: 'true' } }],
    ['an app type', { id, type: '@w3m-app/GET_USER' }],
    ['a bare name', { id, type: 'GET_USER_SUCCESS' }],
  ])('error: rejects %s', (_, event) => {
    expect(frameOk(event)).toBe(false)
  })

  it('behavior: payload helper types line up with the schemas', () => {
    const email: FrameRequestPayload<'CONNECT_EMAIL'> = { email: 'v@example.com' }
    const none: FrameRequestPayload<'SIGN_OUT'> = undefined
    const ready: FrameSuccessPayload<'IS_CONNECTED'> = { isConnected: true }
    expect([email, none, ready]).toEqual([{ email: 'v@example.com' }, undefined, { isConnected: true }])
  })
})
