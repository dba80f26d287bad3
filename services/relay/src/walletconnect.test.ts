import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import UniversalProvider from '@walletconnect/universal-provider'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AuthError } from './auth.js'
import { createRelay, type Relay } from './relay.js'

// End to end with the real 2.25 clients: a UniversalProvider dapp and a WalletKit wallet.
process.env.IS_VITEST = 'true' // the SDK then skips verify and pulse: no outbound calls
process.env.DISABLE_GLOBAL_CORE = 'true' // each client gets its own Core instead of a shared global one

/** anvil's first dev account (0xf39F…2266). */
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const account = privateKeyToAccount(ANVIL_KEY)
const CHAIN = 'eip155:31337'
const PROJECT_ID = 'portico-relay-test'
const metadata = (name: string) => ({ name, description: name, url: 'http://localhost:4300', icons: [] })

/** In-memory IKeyValueStorage, one per client, so clients never share state or touch the disk. */
class MemoryStorage {
  private map = new Map<string, unknown>()
  async getKeys() { return [...this.map.keys()] }
  async getEntries<T>() { return [...this.map.entries()] as [string, T][] }
  async getItem<T>(key: string) { return this.map.get(key) as T | undefined }
  async setItem<T>(key: string, value: T) { this.map.set(key, structuredClone(value)) }
  async removeItem(key: string) { this.map.delete(key) }
}

let n = 0
const closers: Array<() => Promise<void>> = []

async function startDapp(relayUrl: string) {
  const dapp = await UniversalProvider.init({
    projectId: PROJECT_ID, relayUrl, metadata: metadata('dapp'), logger: 'silent', telemetryEnabled: false,
    storage: new MemoryStorage() as never, customStoragePrefix: `dapp-${++n}`,
  })
  closers.push(() => stopCore(dapp.client.core))
  return dapp
}

async function startWallet(relayUrl: string) {
  const core = new Core({
    projectId: PROJECT_ID, relayUrl, logger: 'silent', telemetryEnabled: false,
    storage: new MemoryStorage() as never, customStoragePrefix: `wallet-${++n}`,
  })
  // Without disableRequestQueue the wallet holds each request 1 s after answering the previous one.
  const kit = await WalletKit.init({ core, metadata: metadata('wallet'), signConfig: { disableRequestQueue: true } })
  closers.push(() => stopCore(core))
  const requests: WalletKitTypes.SessionRequest[] = []
  kit.on('session_proposal', async ({ id, params }) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'], accounts: [`${CHAIN}:${account.address}`] },
      },
    })
    await kit.approveSession({ id, namespaces })
  })
  kit.on('session_request', async (event) => {
    requests.push(event)
    const [message] = event.params.request.params as [`0x${string}`, string]
    const signature = await account.signMessage({ message: { raw: message } })
    await kit.respondSessionRequest({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result: signature } })
  })
  return { kit, core, requests }
}

async function stopCore(core: { relayer: { transportClose(): Promise<void> }; heartbeat: { stop(): void } }) {
  core.heartbeat.stop()
  await core.relayer.transportClose().catch(() => {})
}

/** Pairs a fresh dapp and wallet through the relay and returns them with the settled session. */
async function pair(relay: Relay) {
  const dapp = await startDapp(relay.url)
  const wallet = await startWallet(relay.url)
  dapp.on('display_uri', (uri: string) => void wallet.kit.pair({ uri }))
  const session = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'], rpcMap: { 31337: 'http://127.0.0.1:8545' } },
    },
  })
  return { dapp, wallet, session: session! }
}

/** Resolves when the client's relayer next (re)connects. */
function reconnected(core: { relayer: { once(event: string, fn: () => void): void } }) {
  return new Promise<void>((resolve) => core.relayer.once('relayer_connect', () => resolve()))
}

async function personalSign(dapp: UniversalProvider, text: string) {
  const signature = await dapp.request<`0x${string}`>({ method: 'personal_sign', params: [toHex(text), account.address] }, CHAIN)
  return verifyMessage({ address: account.address, message: text, signature })
}

let relay: Relay
beforeAll(async () => {
  relay = await createRelay({ port: 0 })
})
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})
afterAll(async () => {
  await relay.close()
})

describe('UniversalProvider dapp ↔ WalletKit wallet through the relay', () => {
  it('pairs, settles a session and round-trips a personal_sign signed with a real key', async () => {
    const { dapp, wallet, session } = await pair(relay)
    expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(session.namespaces.eip155.accounts).toEqual([`${CHAIN}:${account.address}`])
    expect(Object.keys(wallet.kit.getActiveSessions())).toEqual([session.topic])
    expect(await personalSign(dapp, 'Sign in to Portico')).toBe(true)
    expect(wallet.requests).toHaveLength(1)
    const topics = relay.inspect().topics.find((t) => t.topic === session.topic)
    expect(topics?.subscribers).toBe(2)
    await dapp.disconnect()
  })

  it('delivers the next request after every socket was dropped mid-session', async () => {
    const { dapp, wallet } = await pair(relay)
    expect(await personalSign(dapp, 'before the outage')).toBe(true)
    const dappBack = reconnected(dapp.client.core)
    const walletBack = reconnected(wallet.core)
    relay.dropAllSockets()
    // A frame written before the client notices the drop is lost, and 2.25 retries it only after
    // ~20 s (15 s publish timeout + 5 s heartbeat), so wait for the dapp to be back; the wallet may
    // still be away, and then its copy waits in the mailbox.
    await dappBack
    expect(await personalSign(dapp, 'after the outage')).toBe(true)
    await walletBack
    expect(wallet.requests.map((r) => r.params.request.params[0])).toEqual([toHex('before the outage'), toHex('after the outage')])
  })

  it('holds a request in the mailbox while the wallet is offline and delivers it when it comes back', async () => {
    const { dapp, wallet } = await pair(relay)
    await wallet.core.relayer.transportClose()
    const published = relay.inspect().stats.published
    const signed = personalSign(dapp, 'while you were away')
    await vi.waitFor(() => expect(relay.inspect().stats.published).toBe(published + 1))
    expect(wallet.requests).toHaveLength(0)
    await wallet.core.relayer.transportOpen()
    expect(await signed).toBe(true)
    expect(wallet.requests).toHaveLength(1)
  })

  it('surfaces a refusal reason to the real client (project id not allowed)', async () => {
    const strict = await createRelay({ port: 0, projectIds: ['another-project'] })
    try {
      const { core } = await startWallet(strict.url)
      const error = new Promise<Error>((resolve) => core.relayer.on('relayer_error', resolve))
      void core.relayer.subscribe('ab'.repeat(32)).catch(() => {}) // a topic makes the client connect
      expect((await error).message).toContain(`(${AuthError.projectUnknown})`)
    } finally {
      await strict.close()
    }
  })
})
