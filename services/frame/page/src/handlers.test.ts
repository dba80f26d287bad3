import 'fake-indexeddb/auto'
import type { FrameEvent } from '@portico/contracts/frame'
import { createStore } from 'idb-keyval'
import { describe, expect, test, vi } from 'vitest'
import type { ApprovalQueue } from './approval.js'
import { AuthClient } from './authClient.js'
import { ChainState } from './chain.js'
import { createHandlers } from './handlers.js'
import { accountsOf, combineShares, decodeShare } from './keys.js'
import { SmartAccounts } from './smartAccounts.js'
import { FrameStore } from './store.js'
import { fakeAuthServer, type FakeAuthServer } from './testing/fakeAuthServer.js'
import { WalletService } from './wallet.js'

let dbs = 0

function frame(
  server: FakeAuthServer,
  options: { onPoll?: () => void; social?: { projectId: string; parentOrigin: string; origin: string }; smartAccounts?: (store: FrameStore) => SmartAccounts; chainId?: number; rpcUrl?: string } = {},
) {
  const store = new FrameStore(createStore(`portico-frame-handlers-${++dbs}`, 'state'))
  const auth = new AuthClient({ store, fetch: server.fetch })
  const wallet = new WalletService(auth, store)
  const chain = new ChainState(store, { chainId: options.chainId ?? 1, ...(options.rpcUrl ? { rpcUrl: options.rpcUrl } : {}) })
  const sent: FrameEvent[] = []
  const approvals = { abortAll: vi.fn(), request: vi.fn() } as unknown as ApprovalQueue
  const handlers = createHandlers({
    auth,
    store,
    wallet,
    chain,
    approvals,
    smartAccounts: options.smartAccounts?.(store) ?? new SmartAccounts(store),
    doc: undefined as unknown as Document,
    send: (event) => void sent.push(event),
    rpc: async () => undefined,
    reload: vi.fn(),
    sleep: async () => options.onPoll?.(),
    ...(options.social ? { social: options.social } : {}),
  })
  return { handlers, store, auth, sent, approvals, chain }
}

async function signIn(f: ReturnType<typeof frame>, email = 'ada@example.com') {
  expect(await f.handlers.CONNECT_EMAIL({ email }, 'e1')).toEqual({ action: 'VERIFY_OTP' })
  await f.handlers.CONNECT_OTP({ otp: '123456' }, 'o1')
}

describe('frame handlers: email login and wallet', () => {
  test('behavior: a new user signs in with a code; a wallet is created, SESSION_UPDATE sent, GET_USER answers the address', async () => {
    const server = fakeAuthServer()
    const f = frame(server)
    expect(await f.handlers.IS_CONNECTED(undefined, 'i0')).toEqual({ isConnected: false })
    expect(await f.handlers.CONNECT_EMAIL({ email: 'ada@example.com' }, 'e1')).toEqual({ action: 'VERIFY_OTP' })
    await expect(f.handlers.CONNECT_OTP({ otp: '000000' }, 'bad')).rejects.toThrow('The code is incorrect.')
    await f.handlers.CONNECT_OTP({ otp: '123456' }, 'o1')
    expect(server.log).toContain('POST /v1/wallet')

    expect(f.sent).toHaveLength(1)
    expect(f.sent[0]).toMatchObject({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: expect.stringMatching(/^[0-9a-f]{32}$/) } })
    expect(JSON.stringify(f.sent)).not.toContain('at-') // never the access token

    const user = await f.handlers.GET_USER(undefined, 'u1')
    const stored = server.wallets.get('user-1')!
    // the server's shares alone (auth + recovery) rebuild the same wallet; the local device share with auth does too
    const entropy = await combineShares(decodeShare(stored.authShare), decodeShare(stored.recoveryShare))
    const device = await f.store.deviceShare('user-1')
    expect(await combineShares(device!, decodeShare(stored.authShare))).toEqual(entropy)
    expect(user).toEqual({
      email: 'ada@example.com',
      address: accountsOf(entropy)[0].address,
      chainId: 1,
      accounts: [{ address: accountsOf(entropy)[0].address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(await f.handlers.IS_CONNECTED(undefined, 'i1')).toEqual({ isConnected: true })
    expect(await f.handlers.CONNECT_EMAIL({ email: 'ADA@example.com' }, 'e2')).toEqual({ action: 'CONNECT' })
  })

  test('behavior: a second device verifies by email link, then recovers the same wallet and keeps the recovery share', async () => {
    const server = fakeAuthServer({ knownDevicesOnly: true })
    const first = frame(server)
    await signIn(first)
    const address = (await first.handlers.GET_USER(undefined, 'u')).address

    let deviceId = ''
    const second = frame(server, { onPoll: () => server.approveDevice(deviceId) })
    deviceId = await second.store.deviceId()
    expect(await second.handlers.CONNECT_EMAIL({ email: 'ada@example.com' }, 'e')).toEqual({ action: 'VERIFY_DEVICE' })
    await second.handlers.CONNECT_DEVICE(undefined, 'd')
    expect(server.log.filter((l) => l === 'POST /v1/device/status')).toHaveLength(2) // polled until approved
    await second.handlers.CONNECT_OTP({ otp: '123456' }, 'o')
    expect(server.log).toContain('POST /v1/wallet/recover')
    expect((await second.handlers.GET_USER(undefined, 'u')).address).toBe(address)
    expect(await second.store.deviceShare('user-1')).toEqual(decodeShare(server.wallets.get('user-1')!.recoveryShare))
  })

  test('behavior: after the device link, a resend cooldown on the code request is waited out', async () => {
    const server = fakeAuthServer({ knownDevicesOnly: true })
    await signIn(frame(server))
    let deviceId = ''
    const waits: number[] = []
    let cooledDown = false
    const inner = server.fetch
    server.fetch = async (input, init) => {
      if (String(input).endsWith('/v1/email/start') && waits.length > 0 && !cooledDown) {
        cooledDown = true
        return new Response(JSON.stringify({ status: 'FAILED', code: 'COOLDOWN', message: 'Wait.', retryAfter: 7 }), { status: 429 })
      }
      return inner(input, init)
    }
    const second = frame(server, {
      onPoll: () => {
        waits.push(1)
        server.approveDevice(deviceId)
      },
    })
    deviceId = await second.store.deviceId()
    expect(await second.handlers.CONNECT_EMAIL({ email: 'ada@example.com' }, 'e')).toEqual({ action: 'VERIFY_DEVICE' })
    await second.handlers.CONNECT_DEVICE(undefined, 'd')
    expect(cooledDown).toBe(true)
    expect(waits).toHaveLength(2) // one poll wait, then the cooldown wait
    await second.handlers.CONNECT_OTP({ otp: '123456' }, 'o')
  })

  test('behavior: SIGN_OUT revokes the session and clears the frame storage, device share included', async () => {
    const server = fakeAuthServer()
    const f = frame(server)
    await signIn(f)
    await f.handlers.SIGN_OUT(undefined, 's')
    expect(server.log).toContain('POST /v1/session/signout')
    expect(f.approvals.abortAll).toHaveBeenCalled()
    expect(await f.store.session()).toBeUndefined()
    expect(await f.store.deviceShare('user-1')).toBeNull()
    expect(await f.handlers.IS_CONNECTED(undefined, 'i')).toEqual({ isConnected: false })
  })

  test('error: a session the server no longer accepts ends as "Session expired"; IS_CONNECTED then says false', async () => {
    const server = fakeAuthServer()
    const f = frame(server)
    await signIn(f)
    server.revokeAll()
    await expect(f.handlers.GET_USER(undefined, 'u')).rejects.toThrow('Session expired')
    expect(await f.store.session()).toBeUndefined()
    expect(await f.handlers.IS_CONNECTED(undefined, 'i')).toEqual({ isConnected: false })
  })

  test('error: an unreachable auth server says so', async () => {
    const server = fakeAuthServer()
    server.down = true
    const f = frame(server)
    await expect(f.handlers.CONNECT_EMAIL({ email: 'ada@example.com' }, 'e')).rejects.toThrow(
      'The sign-in service is unreachable. Try again in a moment.',
    )
  })

  test('behavior: an expired access token is refreshed once for concurrent calls (rotation is single-flight)', async () => {
    const server = fakeAuthServer()
    const f = frame(server)
    await signIn(f)
    const session = (await f.store.session())!
    await f.store.saveSession({ ...session, accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() })
    await Promise.all([f.handlers.GET_USER(undefined, 'a'), f.handlers.GET_USER(undefined, 'b'), f.handlers.IS_CONNECTED(undefined, 'c')])
    expect(server.log.filter((l) => l === 'POST /v1/session/refresh')).toHaveLength(1)
    expect((await f.store.session())!.tag).toBe(session.tag) // the session's name survives rotation
  })

  test('behavior: update email: primary code, secondary code, then GET_USER reports the new email', async () => {
    const server = fakeAuthServer()
    const f = frame(server)
    await signIn(f)
    expect(await f.handlers.UPDATE_EMAIL({ email: 'new@example.com' }, 'a')).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await expect(f.handlers.UPDATE_EMAIL_PRIMARY_OTP({ otp: '999999' }, 'b')).rejects.toThrow('The code is incorrect.')
    await f.handlers.UPDATE_EMAIL_PRIMARY_OTP({ otp: '111111' }, 'b')
    expect(await f.handlers.UPDATE_EMAIL_SECONDARY_OTP({ otp: '222222' }, 'c')).toEqual({ newEmail: 'new@example.com' })
    expect((await f.handlers.GET_USER(undefined, 'u')).email).toBe('new@example.com')
  })

  test('behavior: network, smart-account and not-yet-available events', async () => {
    const f = frame(fakeAuthServer())
    expect(await f.handlers.SWITCH_NETWORK({ chainId: '10', rpcUrl: 'https://rpc.example/10' }, 'n')).toEqual({ chainId: 10 })
    expect(await f.handlers.GET_CHAIN_ID(undefined, 'c')).toEqual({ chainId: 10 })
    await expect(f.handlers.SWITCH_NETWORK({ chainId: 5, rpcUrl: 'javascript:alert(1)' }, 'x')).rejects.toThrow('The RPC URL must be an http(s) URL.')
    expect(await f.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS(undefined, 's')).toEqual({ smartAccountEnabledNetworks: [] })
    await expect(f.handlers.INIT_SMART_ACCOUNT(undefined, 'i')).rejects.toThrow('You are not signed in.')
    // a frame without the social settings (no project) refuses social requests
    await expect(f.handlers.CONNECT_SOCIAL({ uri: 'x' }, 's')).rejects.toThrow('Social login is not available yet.')
    await expect(f.handlers.GET_FARCASTER_URI(undefined, 'f')).rejects.toThrow('Farcaster login is not available yet.')
    await expect(f.handlers.CONNECT_FARCASTER(undefined, 'f')).rejects.toThrow('Show the Farcaster code first, then scan it.')
    await expect(f.handlers.CONNECT_DEVICE(undefined, 'd')).rejects.toThrow('Request a code for your email first.')
  })
})

describe('frame handlers: social sign-in checks', () => {
  const social = { projectId: 'p', parentOrigin: 'https://app.example', origin: 'https://frame.example' }

  test('error: the return page must be on the embedding page\'s origin', async () => {
    const f = frame(fakeAuthServer(), { social })
    await expect(f.handlers.GET_SOCIAL_REDIRECT_URI({ provider: 'google', returnUrl: 'https://evil.example/' }, 'g')).rejects.toThrow(
      'The sign-in can only return to the page that started it.',
    )
  })

  test('error: a result uri that is not this frame\'s result page, or a sign-in this frame did not start, is refused before any request', async () => {
    const server = fakeAuthServer()
    const f = frame(server, { social })
    const before = server.log.length
    for (const uri of ['not a url', 'https://evil.example/v1/social/result?result=r', 'https://frame.example/elsewhere?result=r', 'https://frame.example/v1/social/result']) {
      await expect(f.handlers.CONNECT_SOCIAL({ uri }, 'c')).rejects.toThrow('This sign-in result is not valid; start the sign-in again.')
    }
    await expect(f.handlers.CONNECT_SOCIAL({ uri: 'https://frame.example/v1/social/result?result=r' }, 'c')).rejects.toThrow(
      'This sign-in was started in another window; start it again here.',
    )
    expect(server.log.length).toBe(before)
  })
})

describe('frame handlers: smart accounts', () => {
  const CHAINS = {
    '31337': { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4310/v1/paymaster/31337', factoryAddress: `0x${'f'.repeat(40)}`, entryPoint: `0x${'e'.repeat(40)}` },
  }
  const SMART = `0x${'5a'.repeat(20)}`
  /** The smart-account code stood in for: a fixed counterfactual address, deployed or not, and the targets asked for. */
  const fakeSmart = (state: { deployed: boolean; fail?: boolean; asked: unknown[] }) => (store: FrameStore) =>
    new SmartAccounts(
      store,
      CHAINS,
      async () => ({
        smartAccountInfo: async (target) => {
          state.asked.push(target)
          if (state.fail) throw new Error('rpc down')
          return { address: SMART as `0x${string}`, isDeployed: state.deployed }
        },
      }),
      { warn: () => undefined },
    )

  test('behavior: GET_SMART_ACCOUNT_ENABLED_NETWORKS answers the configured chains; GET_USER reports both accounts, the smart one preferred by default', async () => {
    const state = { deployed: false, asked: [] as unknown[] }
    const f = frame(fakeAuthServer(), { smartAccounts: fakeSmart(state), chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' })
    expect(await f.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS(undefined, 's')).toEqual({ smartAccountEnabledNetworks: [31337] })
    await signIn(f)
    const eoa = (await f.store.accounts())!.find((a) => a.namespace === 'eip155')!.address
    const user = await f.handlers.GET_USER(undefined, 'u')
    expect(user).toMatchObject({
      address: SMART,
      chainId: 31337,
      accounts: [
        { address: eoa, type: 'eoa' },
        { address: SMART, type: 'smartAccount' },
      ],
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    // the smart account is derived from the eoa (its owner) with the chain's services
    expect(state.asked.at(-1)).toMatchObject({ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', owner: eoa, config: CHAINS['31337'] })
    // the app's default for the chain is the first choice when none is stored
    const f2 = frame(fakeAuthServer(), { smartAccounts: fakeSmart(state), chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' })
    await signIn(f2)
    expect(await f2.handlers.GET_USER({ preferredAccountType: 'eoa' }, 'u')).toMatchObject({ preferredAccountType: 'eoa' })
    // the requests that follow (no default given) act as the account GET_USER reported, though nothing was stored
    const owner = (await f2.store.accounts())!.find((a) => a.namespace === 'eip155')!.address as `0x${string}`
    const accounts = fakeSmart(state)(f2.store)
    expect((await accounts.view(owner, 31337, 'http://127.0.0.1:8545', 'eoa')).address).toBe(owner)
    expect((await accounts.view(owner, 31337, 'http://127.0.0.1:8545')).address).toBe(owner)
    expect(await f2.store.preferredAccountType()).toBeUndefined()
    // a frame that got no app default uses the smart account
    expect((await fakeSmart(state)(f2.store).view(owner, 31337, 'http://127.0.0.1:8545')).address).toBe(SMART)
  })

  test('behavior: SET_PREFERRED_ACCOUNT switches the account in use and is kept in the store; INIT_SMART_ACCOUNT answers the smart account', async () => {
    const state = { deployed: true, asked: [] as unknown[] }
    const f = frame(fakeAuthServer(), { smartAccounts: fakeSmart(state), chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' })
    await signIn(f)
    const eoa = (await f.store.accounts())!.find((a) => a.namespace === 'eip155')!.address
    expect(await f.handlers.INIT_SMART_ACCOUNT(undefined, 'i')).toEqual({ address: SMART, isDeployed: true })
    expect(await f.handlers.SET_PREFERRED_ACCOUNT({ type: 'eoa' }, 'p')).toEqual({ type: 'eoa', address: eoa })
    expect(await f.store.preferredAccountType()).toBe('eoa')
    expect(await f.handlers.GET_USER(undefined, 'u')).toMatchObject({ address: eoa, preferredAccountType: 'eoa', smartAccountDeployed: true })
    expect(await f.handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, 'p')).toEqual({ type: 'smartAccount', address: SMART })
    await expect(f.handlers.SET_PREFERRED_ACCOUNT({ type: 'payment' }, 'p')).rejects.toThrow('The embedded wallet has no payment account.')
  })

  test('error: a chain without smart accounts reports the eoa only and refuses the smart account; an underivable one falls back to the eoa', async () => {
    const state: { deployed: boolean; fail?: boolean; asked: unknown[] } = { deployed: false, asked: [] }
    const f = frame(fakeAuthServer(), { smartAccounts: fakeSmart(state), chainId: 10, rpcUrl: 'https://rpc.example/10' })
    await signIn(f)
    const eoa = (await f.store.accounts())!.find((a) => a.namespace === 'eip155')!.address
    expect(await f.handlers.GET_USER(undefined, 'u')).toMatchObject({ address: eoa, accounts: [{ address: eoa, type: 'eoa' }], preferredAccountType: 'eoa' })
    await expect(f.handlers.INIT_SMART_ACCOUNT(undefined, 'i')).rejects.toThrow('Smart accounts are not available on this network.')
    await expect(f.handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, 'p')).rejects.toThrow('Smart accounts are not available on this network.')
    expect(state.asked).toEqual([])
    // the chain has smart accounts, but its RPC is down: sign-in still works, with the eoa
    state.fail = true
    await f.handlers.SWITCH_NETWORK({ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }, 'n')
    expect(await f.handlers.GET_USER(undefined, 'u')).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
  })
})
