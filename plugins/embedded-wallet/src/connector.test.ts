import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, type Kernel, type KernelOptions } from '@portico/kernel'
import { definePlugin, type KeyValueStorage } from '@portico/contracts/plugin'
import { embeddedWalletOf } from './api.js'
import { AUTH_CONNECTOR_ID } from './constants.js'
import { authConnectorInternals, type AuthConnector } from './connector.js'
import { FAKE_ADDRESS, FAKE_EMAIL, type FakeFrame } from './testing/FakeFrame.js'
import { useEmbeddedWalletHarness } from './testing/testKernel.js'

const harness = useEmbeddedWalletHarness()
let fake: FakeFrame
beforeEach(() => {
  fake = harness.fake()
})

/** A kernel with the real evm adapter (its RPC unreachable: only the wallet matters here) and the embedded wallet. */
async function setup(options: Partial<KernelOptions> & { storage?: KeyValueStorage } = {}) {
  const kernel = await harness.makeKernel({
    metadata: { name: 'Demo', description: 'A demo', url: 'http://localhost', icons: [] },
    networks: ['eip155:31337', 'eip155:31338'],
    ...options,
  })
  const connector = kernel.getConnector(AUTH_CONNECTOR_ID) as AuthConnector
  const api = embeddedWalletOf(connector)!
  return { kernel, connector, api, internals: authConnectorInternals(connector)! }
}

/** Signs in through the email API, then connects as the email plugin does. */
async function signIn(kernel: Kernel, api = embeddedWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))!) {
  expect(await api.connectEmail(FAKE_EMAIL)).toEqual({ action: 'VERIFY_OTP' })
  await api.connectOtp('123456')
  return kernel.connect(AUTH_CONNECTOR_ID)
}

const top = (kernel: Kernel) => kernel.getState().router.history.at(-1)?.view
const held = (name: 'RPC_REQUEST') => vi.waitFor(() => fake.take(name))

describe('auth connector: connecting through the email API', () => {
  it('behavior: the connector is registered as AUTH for eip155, with the email API on it', async () => {
    const { kernel, connector } = await setup()
    expect(kernel.getState().connectors.list.find((c) => c.id === 'auth')).toMatchObject({ type: 'AUTH', chains: ['eip155'], name: 'Email & Socials' })
    expect(embeddedWalletOf(connector)).toBeDefined()
    expect(embeddedWalletOf({ embeddedWallet: {} })).toBeUndefined()
    expect(embeddedWalletOf(undefined)).toBeUndefined()
    // nothing loads before it is needed
    expect(document.getElementById('w3m-iframe')).toBeNull()
  })

  it('behavior: email, code, connect: GET_USER on the active chain; the account connects and the login is stored', async () => {
    const storage = createMemoryStorage()
    const { kernel, api } = await setup({ storage })
    const changes = vi.fn()
    api.subscribe(changes)
    const info = await signIn(kernel, api)
    expect(info).toMatchObject({ namespace: 'eip155', connectorId: 'auth', address: FAKE_ADDRESS, chainId: 31337 })
    expect(fake.sent('GET_USER').at(-1)).toMatchObject({ payload: { chainId: 31337, rpcUrl: 'http://127.0.0.1:1' } })
    expect(kernel.getState().chains.accounts.eip155).toMatchObject({ status: 'connected', address: FAKE_ADDRESS, connectorId: 'auth' })
    expect(api.email()).toBe(FAKE_EMAIL)
    expect(changes).toHaveBeenCalled()
    expect(await storage.getItem('plugin:embedded-wallet:email')).toBe(FAKE_EMAIL)
    expect(await storage.getItem('plugin:embedded-wallet:emailLoginUsed')).toBe(true)
    expect(typeof (await storage.getItem('plugin:embedded-wallet:lastEmailLoginTime'))).toBe('number')
  })

  it('error: a second code inside the 30 s cooldown is refused with the seconds left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    const { api } = await setup()
    await api.connectEmail(FAKE_EMAIL)
    expect(api.emailCooldownUntil()).toBe(1_030_000)
    vi.setSystemTime(1_010_500)
    await expect(api.connectEmail(FAKE_EMAIL)).rejects.toMatchObject({ message: 'Please try again after 20 seconds', code: 'EMAIL_COOLDOWN' })
    expect(fake.sent('CONNECT_EMAIL')).toHaveLength(1)
    vi.setSystemTime(1_030_001)
    expect(api.emailCooldownUntil()).toBe(0)
    await expect(api.connectEmail(FAKE_EMAIL)).resolves.toEqual({ action: 'VERIFY_OTP' })
  })

  it('behavior: updating the email runs primary then secondary OTP and stores the new address', async () => {
    const { kernel, api } = await setup()
    await signIn(kernel, api)
    expect(await api.updateEmail('new@portico.test')).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await api.updateEmailPrimaryOtp('111111')
    expect(await api.updateEmailSecondaryOtp('222222')).toEqual({ newEmail: 'new@portico.test' })
    expect(api.email()).toBe('new@portico.test')
  })

  it('behavior: disconnect signs out in the frame and forgets the stored login', async () => {
    const storage = createMemoryStorage()
    const { kernel, api } = await setup({ storage })
    await signIn(kernel, api)
    await kernel.disconnect()
    expect(fake.sent('SIGN_OUT')).toHaveLength(1)
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('disconnected')
    expect(api.email()).toBeUndefined()
    expect(await storage.getItem('plugin:embedded-wallet:emailLoginUsed')).toBeUndefined()
  })
})

describe('auth connector: the EIP-1193 provider', () => {
  it('behavior: eth_chainId is answered locally, safe methods go straight to the frame with the chain and RPC URL', async () => {
    const { kernel, connector } = await setup()
    await signIn(kernel)
    const provider = (await connector.getProvider('eip155')) as { request: (a: { method: string; params?: unknown }) => Promise<unknown> }
    const before = fake.received.length
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(fake.received.length).toBe(before)
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(fake.sent('RPC_REQUEST').at(-1)).toMatchObject({
      payload: { method: 'eth_blockNumber', chainId: 31337, chainNamespace: 'eip155', rpcUrl: 'http://127.0.0.1:1' },
    })
    expect(top(kernel)).toBeUndefined()
  })

  it('behavior: an unsafe request opens the modal on ApproveTransaction, and closes it once the frame answers', async () => {
    const { kernel } = await setup()
    await signIn(kernel)
    expect(kernel.getState().modal.open).toBe(false)
    const signing = kernel.signMessage('hello')
    const request = await held('RPC_REQUEST')
    expect(request).toMatchObject({ payload: { method: 'personal_sign', params: ['0x68656c6c6f', FAKE_ADDRESS] } })
    expect(kernel.getState().modal.open).toBe(true)
    expect(top(kernel)).toBe('ApproveTransaction')
    fake.succeed(request, `0x${'ab'.repeat(65)}`)
    await expect(signing).resolves.toBe(`0x${'ab'.repeat(65)}`)
    expect(kernel.getState().modal.open).toBe(false)
    expect(fake.sent('RPC_ABORT')).toHaveLength(0)
  })

  it('behavior: with the modal already open, ApproveTransaction is pushed, then popped', async () => {
    const { kernel } = await setup()
    await signIn(kernel)
    await kernel.open()
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account'])
    const signing = kernel.signMessage('hello')
    const request = await held('RPC_REQUEST')
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account', 'ApproveTransaction'])
    fake.succeed(request, `0x${'cd'.repeat(65)}`)
    await signing
    expect(kernel.getState().modal.open).toBe(true)
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account'])
  })

  it('behavior: a transaction goes to the frame for approval with hex quantities; bigints are sent as hex', async () => {
    const { kernel, connector } = await setup()
    await signIn(kernel)
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const sending = kernel.sendTransaction({ to, value: 10n ** 15n })
    const request = await held('RPC_REQUEST')
    expect(request).toMatchObject({ payload: { method: 'eth_sendTransaction', params: [{ from: FAKE_ADDRESS, to, value: '0x38d7ea4c68000', chainId: '0x7a69' }] } })
    fake.succeed(request, `0x${'12'.repeat(32)}`)
    await expect(sending).resolves.toBe(`0x${'12'.repeat(32)}`)
    const provider = (await connector.getProvider('eip155')) as { request: (a: { method: string; params?: unknown }) => Promise<unknown> }
    const direct = provider.request({ method: 'eth_sendTransaction', params: [{ to, value: 5n }] })
    const second = await held('RPC_REQUEST')
    expect(second).toMatchObject({ payload: { params: [{ to, value: '0x5' }] } })
    fake.succeed(second, `0x${'34'.repeat(32)}`)
    await direct
  })

  it('error: rejected in the frame → EIP-1193 4001, the kernel says "Signature declined"', async () => {
    const { kernel, connector } = await setup()
    await signIn(kernel)
    const signing = kernel.signMessage('hello')
    fake.fail(await held('RPC_REQUEST'), 'User rejected the request.')
    await expect(signing).rejects.toMatchObject({ code: 'USER_REJECTED' })
    await vi.waitFor(() => expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' }))
    expect(kernel.getState().modal.open).toBe(false)
    // straight on the provider: the numeric EIP-1193 code
    const provider = (await connector.getProvider('eip155')) as { request: (a: { method: string; params?: unknown }) => Promise<unknown> }
    const direct = provider.request({ method: 'personal_sign', params: ['0x68', FAKE_ADDRESS] })
    fake.fail(await held('RPC_REQUEST'), 'User rejected the request.')
    await expect(direct).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it('behavior: closing the modal aborts the pending request: RPC_ABORT to the frame, "Request was aborted" here', async () => {
    const { kernel } = await setup()
    await signIn(kernel)
    const signing = kernel.signMessage('hello')
    await held('RPC_REQUEST')
    kernel.close()
    await expect(signing).rejects.toMatchObject({ message: 'Request was aborted', code: 'REQUEST_ABORTED' })
    expect(fake.sent('RPC_ABORT')).toHaveLength(1)
  })

  it('behavior: going back from ApproveTransaction aborts too', async () => {
    const { kernel } = await setup()
    await signIn(kernel)
    await kernel.open()
    const signing = kernel.signMessage('hello')
    await held('RPC_REQUEST')
    kernel.router.goBack()
    await expect(signing).rejects.toThrow('Request was aborted')
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account'])
  })

  it('behavior: unsafe requests wait on the visitor without the 30 s limit', async () => {
    const { kernel } = await setup()
    await signIn(kernel)
    vi.useFakeTimers()
    const signing = kernel.signMessage('hello')
    let settled = false
    signing.then(
      () => (settled = true),
      () => (settled = true),
    )
    const request = await vi.waitFor(() => fake.take('RPC_REQUEST'))
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(settled).toBe(false)
    fake.succeed(request, `0x${'ef'.repeat(65)}`)
    await vi.advanceTimersByTimeAsync(10)
    await expect(signing).resolves.toMatch(/^0xef/)
  })

  it('error: an unknown method opens the modal with "Action not allowed" and is refused', async () => {
    const { kernel, connector } = await setup()
    await signIn(kernel)
    const provider = (await connector.getProvider('eip155')) as { request: (a: { method: string; params?: unknown }) => Promise<unknown> }
    const before = fake.sent('RPC_REQUEST').length
    await expect(provider.request({ method: 'eth_doSomethingOdd', params: [] })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed',
    })
    expect(kernel.getState().modal.open).toBe(true)
    await vi.waitFor(() => expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Action not allowed', variant: 'error' }))
    expect(fake.sent('RPC_REQUEST').length).toBe(before)
  })

  it('behavior: switching network sends SWITCH_NETWORK with the RPC URL and reconnects on the new chain', async () => {
    const { kernel } = await setup()
    await signIn(kernel)
    await kernel.switchNetwork('eip155:31338')
    expect(fake.sent('SWITCH_NETWORK').at(-1)).toMatchObject({ payload: { chainId: 31338, rpcUrl: 'http://127.0.0.1:2' } })
    expect(fake.sent('GET_USER').at(-1)).toMatchObject({ payload: { chainId: 31338 } })
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338')
    expect(kernel.getState().chains.accounts.eip155?.caipAddress).toBe(`eip155:31338:${FAKE_ADDRESS}`)
  })

  it('behavior: "Session expired" shows the SPEC §8 alert and ends the connection', async () => {
    const { kernel, connector, api } = await setup()
    await signIn(kernel)
    fake.overrides.set('RPC_REQUEST', () => ({ ok: false, message: 'Session expired' }))
    const provider = (await connector.getProvider('eip155')) as { request: (a: { method: string; params?: unknown }) => Promise<unknown> }
    await expect(provider.request({ method: 'eth_call', params: [{ to: FAKE_ADDRESS }, 'latest'] })).rejects.toThrow('Session expired')
    await vi.waitFor(() => expect(kernel.getState().chains.accounts.eip155?.status).toBe('disconnected'))
    expect(kernel.getState().notifications.alert).toEqual({
      open: true,
      title: 'Session Expired',
      message: 'Invalid session. Check your time settings and reconnect.',
    })
    expect(api.email()).toBeUndefined()
  })
})

describe('auth connector: namespaces', () => {
  it('behavior: solana is served once a solana adapter is registered, not before', async () => {
    const { kernel, connector } = await setup()
    await expect(connector.getProvider('solana')).rejects.toMatchObject({ code: 'NAMESPACE_NOT_SUPPORTED' })
    const solana = definePlugin({
      name: 'fake-solana',
      version: '0.0.0',
      contracts: '^1.0.0',
      kind: 'adapter',
      setup(ctx) {
        ctx.registerAdapter({ namespace: 'solana', networks: [], capabilities: [] } as never)
      },
    })
    await kernel.plugins.use(solana)
    expect(kernel.getState().connectors.list.find((c) => c.id === 'auth')?.chains).toEqual(['eip155', 'solana'])
    expect(typeof ((await connector.getProvider('solana')) as { request?: unknown }).request).toBe('function')
    await expect(connector.getProvider('polkadot')).rejects.toMatchObject({ code: 'NAMESPACE_NOT_SUPPORTED' })
  })
})

describe('auth connector: restoring on reload', () => {
  /** Storage as a previous visit left it: connected with the auth connector, the login flag set. */
  function storedVisit() {
    const storage = createMemoryStorage()
    void storage.setItem('connectionStatus', 'connected')
    void storage.setItem('connections', [{ namespace: 'eip155', connectorId: 'auth', address: FAKE_ADDRESS, chainId: 31338 }])
    void storage.setItem('activeCaipNetworkId', 'eip155:31338')
    void storage.setItem('plugin:embedded-wallet:emailLoginUsed', true)
    void storage.setItem('plugin:embedded-wallet:email', FAKE_EMAIL)
    return storage
  }

  it('behavior: restores without a prompt from IS_CONNECTED and GET_USER, on the stored chain', async () => {
    fake.signedIn = true
    const { kernel, api } = await setup({ storage: storedVisit() })
    expect(kernel.getState().chains.accounts.eip155).toMatchObject({ status: 'connected', address: FAKE_ADDRESS, connectorId: 'auth' })
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338')
    expect(fake.sent('IS_CONNECTED')).toHaveLength(1)
    expect(fake.sent('GET_USER').at(-1)).toMatchObject({ payload: { chainId: 31338 } })
    expect(kernel.getState().modal.open).toBe(false)
    expect(api.email()).toBe(FAKE_EMAIL)
  })

  it('behavior: IS_CONNECTED says no → not connected, and the connected cache is cleared', async () => {
    fake.signedIn = false
    const storage = storedVisit()
    const { kernel, api } = await setup({ storage })
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('disconnected')
    expect(fake.sent('GET_USER')).toHaveLength(0)
    expect(await storage.getItem('plugin:embedded-wallet:emailLoginUsed')).toBeUndefined()
    expect(api.email()).toBeUndefined()
  })

  it('behavior: IS_CONNECTED fails → not connected, cache cleared', async () => {
    fake.overrides.set('IS_CONNECTED', () => ({ ok: false, message: 'boom' }))
    const storage = storedVisit()
    const { kernel } = await setup({ storage })
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('disconnected')
    expect(await storage.getItem('plugin:embedded-wallet:emailLoginUsed')).toBeUndefined()
  })

  it('behavior: the frame is created at start when a login is stored, and not otherwise', async () => {
    const storage = createMemoryStorage()
    await storage.setItem('plugin:embedded-wallet:emailLoginUsed', true)
    await setup({ storage })
    await vi.waitFor(() => expect(document.getElementById('w3m-iframe')).not.toBeNull())
  })
})

describe('auth connector: theme', () => {
  it('behavior: a theme change is synced to the frame', async () => {
    const { kernel, internals } = await setup()
    await internals.frame.ready()
    await vi.waitFor(() => expect(fake.sent('SYNC_THEME')).toHaveLength(1))
    kernel.setThemeMode('dark')
    await vi.waitFor(() => expect(fake.sent('SYNC_THEME')).toHaveLength(2))
    expect(fake.sent('SYNC_THEME')[1]).toMatchObject({ payload: { themeMode: 'dark' } })
  })
})
