// @vitest-environment node
/**
 * The whole kernel path with the real eip155 adapter (plugins/evm) on top of the WalletConnect connector: connect,
 * balance, sign, send, wallet-side chain and account changes, disconnect from either side, restore after a reload.
 */
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { evm } from '@portico/plugin-evm'
import { createWalletConnectWallet, type WalletConnectWallet } from '@portico/tests/wallets/walletconnect'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRelay, type Relay } from '../../../services/relay/src/index.js'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import type { WalletConnectConnector } from './connector.js'
import { walletConnect } from './plugin.js'
import { selectWalletConnect } from './slice.js'

// real sockets, chains and a wallet: allow for a busy machine
vi.setConfig({ testTimeout: 30_000 })

let relay: Relay
let chainA: Anvil
let chainB: Anvil
const cleanups: Array<() => unknown> = []
let n = 0
const [alice, bob] = ANVIL_ACCOUNTS

beforeAll(async () => {
  ;[relay, chainA, chainB] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
}, 60_000)
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {})
})
afterAll(async () => {
  await Promise.all([relay?.close(), chainA?.stop(), chainB?.stop()])
})

async function startKernel(storage: KeyValueStorage = createMemoryStorage(), prefix = `kernel-${++n}`) {
  const kernel = createKernel({
    projectId: 'portico-unit',
    metadata: { name: 'Portico kernel test', description: '', url: 'http://localhost:4300', icons: [] },
    networks: ['eip155:31337', 'eip155:31338'],
    adapters: ['eip155'],
    endpoints: { relay: relay.url },
    plugins: [evm({ rpcUrls: { 31337: [chainA.url], 31338: [chainB.url] } }), walletConnect({ storagePrefix: prefix, logger: 'silent' })],
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

async function connect(kernel: Kernel, wallet: WalletConnectWallet) {
  const connecting = kernel.connect('walletConnect')
  const uri = await vi.waitFor(
    () => {
      const u = selectWalletConnect(kernel.getState()).wcUri
      if (!u) throw new Error('no URI yet')
      return u
    },
    { timeout: 15_000, interval: 10 },
  )
  await wallet.pair(uri)
  return connecting
}

const account = (kernel: Kernel) => kernel.getState().chains.accounts.eip155

describe('kernel + evm adapter + walletConnect', () => {
  it('connects, reads the balance, signs and sends through the adapter', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    await vi.waitFor(() => expect(account(kernel)?.balance).toBeDefined(), { timeout: 10_000 })
    expect(account(kernel)).toMatchObject({ address: alice.address, status: 'connected', balanceSymbol: 'ETH' })
    // the wallet at the other end of the session, not "WalletConnect"
    expect(account(kernel)?.connectedWalletInfo).toEqual({ name: 'Portico Test Wallet', type: 'WALLET_CONNECT' })
    expect(Number(account(kernel)!.balance)).toBeGreaterThan(0)

    const signature = (await kernel.signMessage('Hello from Portico')) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'Hello from Portico', signature })).toBe(true)

    const hash = (await kernel.sendTransaction({ to: bob.address, value: parseEther('0.25') })) as Hex
    const receipt = await createPublicClient({ transport: http(chainA.url) }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'Transaction started', variant: 'success' })
  })

  it('a declined signature shows "Signature declined"', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    wallet.setMode('reject')
    await expect(kernel.signMessage('no')).rejects.toBeTruthy()
    await vi.waitFor(() => expect(kernel.getState().notifications.toast).toMatchObject({ message: 'Signature declined', variant: 'error', open: true }))
  })

  it('follows the wallet to another chain and account', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    await wallet.switchChain(31338)
    await vi.waitFor(() => expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338'))
    expect(account(kernel)?.caipAddress).toBe(`eip155:31338:${alice.address}`)
    await wallet.switchAccount(bob.address)
    await vi.waitFor(() => expect(account(kernel)?.address).toBe(bob.address))
    const signature = (await kernel.signMessage('from bob on 31338')) as Hex
    expect(await verifyMessage({ address: bob.address, message: 'from bob on 31338', signature })).toBe(true)
  })

  it('switches network from the dapp within the approved chains', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    await kernel.switchNetwork('eip155:31338')
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338')
    const hash = (await kernel.sendTransaction({ to: bob.address, value: 1n })) as Hex
    const receipt = await createPublicClient({ transport: http(chainB.url) }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
  })

  it('shows disconnected when the wallet ends the session', async () => {
    const [{ kernel }, wallet] = await Promise.all([startKernel(), startWallet()])
    await connect(kernel, wallet)
    await wallet.disconnect()
    await vi.waitFor(() => expect(kernel.getState().connection.status).toBe('disconnected'))
    expect(account(kernel)?.address).toBeUndefined()
  })

  it('restores the session on reload through the adapter (eth_accounts), and the restored session still signs', async () => {
    const storage = createMemoryStorage()
    const wallet = await startWallet()
    const first = await startKernel(storage, 'reload')
    await connect(first.kernel, wallet)
    await first.connector.destroy()
    first.kernel.destroy()

    const second = await startKernel(storage, 'reload')
    await vi.waitFor(() => expect(second.kernel.getState().connection.status).toBe('connected'), { timeout: 15_000 })
    expect(account(second.kernel)).toMatchObject({ address: alice.address, connectorId: 'walletConnect', status: 'connected' })
    const signature = (await second.kernel.signMessage('after reload')) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'after reload', signature })).toBe(true)
    // and the wallet can still end it
    await wallet.disconnect()
    await vi.waitFor(() => expect(second.kernel.getState().connection.status).toBe('disconnected'))
  })
})
