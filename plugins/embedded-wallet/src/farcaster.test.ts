import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '@portico/kernel'
import { embeddedWalletFarcasterOf } from './api.js'
import { AUTH_CONNECTOR_ID } from './constants.js'
import { FAKE_ADDRESS, type FakeFrame } from './testing/FakeFrame.js'
import { useEmbeddedWalletHarness } from './testing/testKernel.js'

const harness = useEmbeddedWalletHarness()
let fake: FakeFrame
beforeEach(() => {
  fake = harness.fake()
})

const URL = 'farcaster://connect?channelToken=t&nonce=n&siweUri=http%3A%2F%2Flocalhost%2F&domain=localhost'

async function setup() {
  const storage = createMemoryStorage()
  const kernel = await harness.makeKernel({
    metadata: { name: 'Demo', description: 'A demo', url: 'http://localhost', icons: [] },
    networks: ['eip155:31337'],
    storage,
  })
  const api = embeddedWalletFarcasterOf(kernel.getConnector(AUTH_CONNECTOR_ID))!
  return { kernel, api, storage }
}

describe('auth connector: Sign In With Farcaster', () => {
  it('behavior: GET_FARCASTER_URI gives the link; CONNECT_FARCASTER waits with no timeout, stores the login like a social one, and the connector connects', async () => {
    const { kernel, api, storage } = await setup()
    expect(embeddedWalletFarcasterOf({ embeddedWallet: {} })).toBeUndefined()
    const uri = api.getFarcasterUri()
    fake.succeed(await vi.waitFor(() => fake.take('GET_FARCASTER_URI')), { url: URL })
    expect(await uri).toEqual({ url: URL })
    const connected = api.connectFarcaster()
    const held = await vi.waitFor(() => fake.take('CONNECT_FARCASTER'))
    fake.signedIn = true
    fake.succeed(held, { userName: 'alice' })
    expect(await connected).toEqual({ userName: 'alice' })
    expect(await storage.getItem('plugin:embedded-wallet:emailLoginUsed')).toBe(true)
    await kernel.connect(AUTH_CONNECTOR_ID)
    expect(kernel.getState().chains.accounts.eip155).toMatchObject({ status: 'connected', address: FAKE_ADDRESS, connectorId: 'auth' })
  })

  it('behavior: resetFarcaster while not connected ends the wait and signs the frame out; once connected it does nothing', async () => {
    const { kernel, api } = await setup()
    const uri = api.getFarcasterUri()
    fake.succeed(await vi.waitFor(() => fake.take('GET_FARCASTER_URI')), { url: URL })
    await uri
    const waiting = api.connectFarcaster().catch((error: unknown) => error)
    // the frame keeps it (this fake never answers it); the app's wait ends on its own
    await vi.waitFor(() => fake.take('CONNECT_FARCASTER'))
    await api.resetFarcaster()
    expect(await waiting).toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(fake.sent('SIGN_OUT')).toHaveLength(1)

    // connected (here by another login): going back resets nothing
    const again = api.connectFarcaster()
    const held = await vi.waitFor(() => fake.take('CONNECT_FARCASTER'))
    fake.signedIn = true
    fake.succeed(held, { userName: 'alice' })
    await again
    await kernel.connect(AUTH_CONNECTOR_ID)
    await api.resetFarcaster()
    expect(fake.sent('SIGN_OUT')).toHaveLength(1)
    expect(kernel.getState().chains.accounts.eip155?.status).toBe('connected')
  })
})
