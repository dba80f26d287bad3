// @vitest-environment node
/**
 * The connector end to end: the kernel with the walletconnect plugin, a real relay (services/relay, random port),
 * the WalletKit test wallet and two anvil chains.
 */
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { createWalletConnectWallet, type WalletConnectWallet } from '@portico/tests/wallets/walletconnect'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRelay, type Relay } from '../../../services/relay/src/index.js'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import type { WalletConnectConnector } from './connector.js'
import { walletConnect } from './plugin.js'
import { selectWalletConnect } from './slice.js'
import type { NamespaceProvider } from './provider.js'

// real sockets, chains and a wallet: allow for a busy machine
vi.setConfig({ testTimeout: 30_000 })

let relay: Relay
let chainA: Anvil
let chainB: Anvil
const cleanups: Array<() => unknown> = []
let n = 0

beforeAll(async () => {
  ;[relay, chainA, chainB] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
}, 60_000)
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {})
})
afterAll(async () => {
  await Promise.all([relay?.close(), chainA?.stop(), chainB?.stop()])
})

const network = (id: number, url: string) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155' as const,
  name: `Anvil ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [url] } },
})

async function startKernel(storage: KeyValueStorage = createMemoryStorage(), prefix = `unit-${++n}`) {
  const kernel = createKernel({
    projectId: 'portico-unit',
    metadata: { name: 'Portico unit test', description: '', url: 'http://localhost:4300', icons: [] },
    networks: [network(31337, chainA.url), network(31338, chainB.url)],
    endpoints: { relay: relay.url },
    plugins: [walletConnect({ storagePrefix: prefix, logger: 'silent' })],
    storage,
    isMobile: () => false,
  })
  await kernel.ready
  const connector = kernel.getConnector('walletConnect') as WalletConnectConnector
  cleanups.push(async () => {
    await connector.destroy()
    kernel.destroy()
  })
  return { kernel, connector }
}

async function startWallet() {
  const wallet = await createWalletConnectWallet({ relayUrl: relay.url, rpcUrls: { 31337: chainA.url, 31338: chainB.url } })
  cleanups.push(() => wallet.close())
  return wallet
}

/** Resolves with the next pairing URI the connector publishes to the store. */
function nextUri(kernel: Kernel, previous?: string): Promise<string> {
  return vi.waitFor(
    () => {
      const uri = selectWalletConnect(kernel.getState()).wcUri
      if (!uri || uri === previous) throw new Error('no new URI yet')
      return uri
    },
    { timeout: 15_000, interval: 10 },
  )
}

/** Connects through the kernel, pairing the wallet with the URI the store shows. */
async function connect(kernel: Kernel, wallet: WalletConnectWallet) {
  const connecting = kernel.connect('walletConnect')
  const uri = await nextUri(kernel)
  await wallet.pair(uri)
  return connecting
}

const [alice, bob] = ANVIL_ACCOUNTS

describe('walletConnect connector', () => {
  it('loads nothing and opens no socket until a connection starts', async () => {
    const before = relay.inspect().sockets
    const { connector } = await startKernel()
    expect(connector.host.current).toBeUndefined()
    expect(relay.inspect().sockets).toBe(before)
    expect(connector).toMatchObject({ id: 'walletConnect', type: 'WALLET_CONNECT', chains: ['eip155'] })
  })

  it('pairs: the URI reaches the store with a 4-minute expiry, and the approval connects the kernel', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    const connecting = kernel.connect('walletConnect')
    const uri = await nextUri(kernel)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const expiry = selectWalletConnect(kernel.getState()).wcPairingExpiry!
    expect(expiry - Date.now()).toBeGreaterThan(4 * 60_000 - 5_000)
    expect(expiry - Date.now()).toBeLessThanOrEqual(4 * 60_000)
    expect(selectWalletConnect(kernel.getState()).phase).toBe('pairing')
    await wallet.pair(uri)
    const info = await connecting
    expect(info).toMatchObject({ namespace: 'eip155', connectorId: 'walletConnect', address: alice.address, chainId: 31337 })
    const state = kernel.getState()
    expect(state.connection.status).toBe('connected')
    expect(selectWalletConnect(state).wcUri).toBeUndefined()
    expect(state.chains.accounts.eip155).toMatchObject({ address: alice.address, status: 'connected', caipAddress: `eip155:31337:${alice.address}` })
    expect(selectWalletConnect(state).phase).toBe('approved')
    // the proposal asked for every configured network, with rpcMap from their RPC URLs
    const proposal = wallet.kit.engine.signClient.session.getAll()[0]!
    expect(proposal.namespaces.eip155!.chains).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('serves EIP-1193 through getProvider: local answers, wallet signatures, chain reads and transactions', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    const provider = (await connector.getProvider('eip155')) as NamespaceProvider
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([alice.address, bob.address])

    const signature = (await provider.request({ method: 'personal_sign', params: [toHex('Sign in to Portico'), alice.address] })) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'Sign in to Portico', signature })).toBe(true)

    // a read goes to the network's RPC from rpcMap, not to the wallet
    const balance = (await provider.request({ method: 'eth_getBalance', params: [alice.address, 'latest'] })) as Hex
    expect(BigInt(balance)).toBeGreaterThan(0n)
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign'])

    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: alice.address, to: bob.address, value: toHex(parseEther('1')) }],
    })) as Hex
    const receipt = await createPublicClient({ transport: http(chainA.url) }).waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: alice.address.toLowerCase(), to: bob.address.toLowerCase() })
  })

  it('a declined connection rejects with USER_REJECTED (4001) and shows the declined phase', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    wallet.setMode('reject')
    await expect(connect(kernel, wallet)).rejects.toMatchObject({ code: 'USER_REJECTED', rpcCode: 4001 })
    const state = kernel.getState()
    expect(state.connection.status).toBe('disconnected')
    expect(state.connection.connectError).toMatchObject({ connectorId: 'walletConnect', declined: true })
    expect(selectWalletConnect(state).phase).toBe('declined')
    expect(selectWalletConnect(state).wcUri).toBeUndefined()
  })

  it('a wallet that fails the proposal shows the failed phase with its reason', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    wallet.setMode('fail')
    await expect(connect(kernel, wallet)).rejects.toMatchObject({ code: 'WC_PAIRING_FAILED' })
    expect(selectWalletConnect(kernel.getState())).toMatchObject({ phase: 'failed', error: expect.any(String) })
    expect(kernel.getState().connection.connectError).toMatchObject({ declined: false })
  })

  it('a declined signature rejects with EIP-1193 4001', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    const provider = (await connector.getProvider('eip155')) as NamespaceProvider
    wallet.setMode('reject')
    await expect(provider.request({ method: 'personal_sign', params: [toHex('no'), alice.address] })).rejects.toMatchObject({
      name: 'ProviderRpcError',
      code: 4001,
    })
  })

  it('a refreshed pairing (new URI) can be approved', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    const connecting = kernel.connect('walletConnect')
    const first = await nextUri(kernel)
    expect(connector.pairing.refresh()).toBe(true)
    const second = await nextUri(kernel, first)
    expect(second).not.toBe(first)
    await wallet.pair(second)
    await expect(connecting).resolves.toMatchObject({ address: alice.address })
  })

  it('closing the modal aborts the pairing and resets the URI', async () => {
    const { kernel } = await startKernel()
    await kernel.open('Account')
    const connecting = kernel.connect('walletConnect')
    await nextUri(kernel)
    kernel.close()
    await expect(connecting).rejects.toMatchObject({ code: 'WC_PAIRING_ABORTED' })
    expect(selectWalletConnect(kernel.getState()).wcUri).toBeUndefined()
    expect(selectWalletConnect(kernel.getState()).phase).toBe('idle')
  })

  it('emits chainChanged (hex) and accountsChanged when the wallet switches, and answers accordingly', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    const provider = (await connector.getProvider('eip155')) as NamespaceProvider
    const chains: unknown[] = []
    const accounts: unknown[] = []
    provider.on('chainChanged', (c: unknown) => chains.push(c))
    provider.on('accountsChanged', (a: unknown) => accounts.push(a))

    await wallet.switchChain(31338)
    await vi.waitFor(() => expect(chains).toEqual(['0x7a6a']))
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    await wallet.switchAccount(bob.address)
    await vi.waitFor(() => expect(accounts).toEqual([[bob.address, alice.address]]))
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([bob.address, alice.address])
    // a signature on the new chain with the new account
    const signature = (await provider.request({ method: 'personal_sign', params: [toHex('on 31338'), bob.address] })) as Hex
    expect(await verifyMessage({ address: bob.address, message: 'on 31338', signature })).toBe(true)
    expect(wallet.requests.at(-1)).toMatchObject({ chainId: 'eip155:31338', outcome: 'approved' })
  })

  it('emits disconnect (4900) when the wallet ends the session, and the kernel forgets it after its own disconnect', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    const provider = (await connector.getProvider('eip155')) as NamespaceProvider
    const gone = new Promise<{ code: number }>((resolve) => provider.once('disconnect', resolve))
    await wallet.disconnect()
    expect(await gone).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', alice.address] })).rejects.toMatchObject({ code: 4900 })
  })

  it('disconnects from the dapp side: the wallet hears session_delete', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    const deleted = new Promise((resolve) => wallet.on('delete', resolve))
    await kernel.disconnect()
    await deleted
    expect(Object.keys(wallet.sessions())).toEqual([])
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(connector.host.activeSession()).toBeUndefined()
  })

  it('restores the session from storage after a reload', async () => {
    const storage = createMemoryStorage()
    const wallet = await startWallet()
    const first = await startKernel(storage, 'restore')
    await connect(first.kernel, wallet)
    // the page goes away
    await first.connector.destroy()
    first.kernel.destroy()

    const second = await startKernel(storage, 'restore')
    expect(second.connector.host.current).toBeUndefined()
    const provider = (await second.connector.getProvider('eip155')) as NamespaceProvider
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([alice.address, bob.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const signature = (await provider.request({ method: 'personal_sign', params: [toHex('after reload'), alice.address] })) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'after reload', signature })).toBe(true)
  })

  it('delivers the next request after the relay drops every socket', async () => {
    const [{ kernel, connector }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    const provider = (await connector.getProvider('eip155')) as NamespaceProvider
    // (a drop right after the session settles can lose the wallet's subscription in the 2.25 SDK: see README)
    await provider.request({ method: 'personal_sign', params: [toHex('before the outage'), alice.address] })
    const dappBack = new Promise<void>((resolve) => connector.host.current!.client.core.relayer.once('relayer_connect', () => resolve()))
    relay.dropAllSockets()
    await dappBack
    const signature = (await provider.request({ method: 'personal_sign', params: [toHex('after the outage'), alice.address] })) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'after the outage', signature })).toBe(true)
  }, 30_000)

  it('Verify: the SDK holds the pairing URI until Verify answers; the connector skips Verify, so the QR code does not wait', async () => {
    const { ProviderHost } = await import('./provider.js')
    const { createSdkStorage } = await import('./storage.js')
    const proposal = { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [], rpcMap: {} } }
    async function timeToUri(verify: boolean, slowVerify: boolean) {
      const host = new ProviderHost({
        projectId: 'verify-test', relayUrl: relay.url, metadata: undefined, storage: createSdkStorage(createMemoryStorage()),
        storagePrefix: `verify-${++n}`, logger: 'silent', verify, log: { debug: () => {}, warn: () => {} },
      })
      cleanups.push(() => host.destroy())
      const verifier = (await host.ensure()).client.core.verify as unknown as { register: (...a: unknown[]) => Promise<string | undefined> }
      // in a browser, register loads verify.walletconnect.org in an iframe and waits up to 5 s when it is unreachable
      if (slowVerify) verifier.register = () => new Promise((r) => setTimeout(() => r(''), 1500))
      const started = Date.now()
      return new Promise<number>((resolve) => void host.pair('eip155', proposal, () => resolve(Date.now() - started)).catch(() => {}))
    }
    // the SDK as it is: display_uri comes only after register() answered
    expect(await timeToUri(true, true)).toBeGreaterThanOrEqual(1500)
    // the connector: register() is replaced before any pairing and answers at once
    expect(await timeToUri(false, false)).toBeLessThan(1500)
  }, 20_000)
})
