// @vitest-environment node
/**
 * WalletConnect for Solana, the whole path with real parts: the kernel with the eip155 and solana adapters, the
 * connector on a real relay, the WalletKit test wallet answering the solana namespace with the local chain's dev
 * keypairs, the local Solana chain (LiteSVM behind JSON-RPC) and anvil.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { evm } from '@portico/plugin-evm'
import { solana, type SolanaAdapter } from '@portico/plugin-solana'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import { SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID, startSolanaChain, type SolanaChain } from '@portico/tests/solana'
import { createWalletConnectWallet, type WalletConnectWallet } from '@portico/tests/wallets/walletconnect'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address as toAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getAddressEncoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRelay, type Relay } from '../../../services/relay/src/index.js'
import type { WalletConnectConnector } from './connector.js'
import { walletConnect } from './plugin.js'
import { selectWalletConnect } from './slice.js'

vi.setConfig({ testTimeout: 40_000 })

let relay: Relay
let anvil: Anvil
let chain: SolanaChain
const cleanups: Array<() => unknown> = []
let n = 0
const [alice] = ANVIL_ACCOUNTS
const [solAlice, solBob] = SOLANA_DEV_KEYS.map((k) => k.address) as [Address, Address]

beforeAll(async () => {
  ;[relay, anvil, chain] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 }), startSolanaChain()])
}, 60_000)
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {})
})
afterAll(async () => {
  await Promise.all([relay?.close(), anvil?.stop(), chain?.close()])
})

async function startKernel(options: { solana?: boolean; storage?: KeyValueStorage; prefix?: string } = {}) {
  const withSolana = options.solana !== false
  const kernel = createKernel({
    projectId: 'portico-unit',
    metadata: { name: 'Portico solana test', description: '', url: 'http://localhost:4300', icons: [] },
    networks: ['eip155:31337', ...(withSolana ? [SOLANA_LOCAL_CHAIN_ID] : [])],
    adapters: withSolana ? ['eip155', 'solana'] : ['eip155'],
    endpoints: { relay: relay.url },
    plugins: [
      evm({ rpcUrls: { 31337: [anvil.url] } }),
      ...(withSolana ? [solana({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: chain.rpcUrl, wsUrl: chain.wsUrl }, walletStandard: false })] : []),
      walletConnect({ storagePrefix: options.prefix ?? `solana-${++n}`, logger: 'silent' }),
    ],
    storage: options.storage ?? createMemoryStorage(),
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

async function startWallet(withSolana = true) {
  const wallet = await createWalletConnectWallet({
    relayUrl: relay.url,
    rpcUrls: { 31337: anvil.url },
    ...(withSolana ? { solana: { rpcUrls: { [SOLANA_LOCAL_CHAIN_ID]: chain.rpcUrl } } } : {}),
  })
  cleanups.push(() => wallet.close())
  return wallet
}

/** What the Connect view does: connect (the kernel then connects the session's other namespaces too). */
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
  const first = await connecting
  // the other namespaces the session carries, connected by the kernel within the same connect
  const extra = (['eip155', 'solana'] as const)
    .filter((ns) => ns !== first.namespace && kernel.getState().chains.accounts[ns]?.status === 'connected')
    .map((ns) => kernel.getState().chains.accounts[ns]!)
  return { first, extra }
}

const publicKey = (a: string) => new Uint8Array(getAddressEncoder().encode(a as Address))
const lamports = async (a: Address) => (await createSolanaRpc(chain.rpcUrl).getBalance(a, { commitment: 'confirmed' }).send()).value

describe('walletConnect + the solana adapter', () => {
  it('behavior: with the solana adapter the connector serves solana and proposes its namespace; without it, eip155 only', async () => {
    const { kernel, connector } = await startKernel()
    expect(connector.chains).toEqual(['eip155', 'solana'])
    const wallet = await startWallet()
    const proposals: Array<{ optionalNamespaces: Record<string, { chains: string[]; methods: string[] }> }> = []
    wallet.on('proposal', (p) => proposals.push(p))
    await connect(kernel, wallet)
    expect(proposals[0]!.optionalNamespaces.solana).toMatchObject({
      chains: [SOLANA_LOCAL_CHAIN_ID],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    })

    const plain = await startKernel({ solana: false })
    expect(plain.connector.chains).toEqual(['eip155'])
  })

  it('behavior: one pairing gives the kernel the eip155 and the solana account; the first stays active', async () => {
    const { kernel } = await startKernel()
    const wallet = await startWallet()
    const { first, extra } = await connect(kernel, wallet)
    expect(first).toMatchObject({ namespace: 'eip155', address: alice.address })
    expect(extra).toEqual([expect.objectContaining({ address: solAlice, caipAddress: `${SOLANA_LOCAL_CHAIN_ID}:${solAlice}` })])
    const { accounts, activeCaipNetworkId } = kernel.getState().chains
    expect(accounts.solana).toMatchObject({ status: 'connected', address: solAlice, connectorId: 'walletConnect' })
    expect(accounts.eip155).toMatchObject({ status: 'connected', address: alice.address })
    expect(activeCaipNetworkId).toBe('eip155:31337')
    // the solana accounts came from the session: the wallet was asked nothing but the pairing
    expect(wallet.requests).toEqual([])
  })

  it('behavior: signs a message on solana through the wallet; the signature verifies with ed25519 for the account only', async () => {
    const { kernel } = await startKernel()
    const wallet = await startWallet()
    await connect(kernel, wallet)
    await kernel.switchNetwork(SOLANA_LOCAL_CHAIN_ID)
    const signature = await kernel.signMessage('Hello from WalletConnect on Solana')
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    const message = new TextEncoder().encode('Hello from WalletConnect on Solana')
    expect(ed25519.verify(bytes, message, publicKey(solAlice))).toBe(true)
    expect(ed25519.verify(bytes, message, publicKey(solBob))).toBe(false)
    expect(wallet.requests.map((r) => [r.method, r.chainId, r.outcome])).toEqual([['solana_signMessage', SOLANA_LOCAL_CHAIN_ID, 'approved']])
  })

  it('behavior: sends SOL through solana_signAndSendTransaction; the receiver balance is read back from the chain', async () => {
    const { kernel } = await startKernel()
    const wallet = await startWallet()
    await connect(kernel, wallet)
    await kernel.switchNetwork(SOLANA_LOCAL_CHAIN_ID)
    const before = await lamports(solBob)
    const signature = await kernel.sendTransaction({ to: solBob, value: 10_000_000n })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await vi.waitFor(async () => expect(await lamports(solBob)).toBe(before + 10_000_000n), { timeout: 20_000, interval: 200 })
    expect(wallet.requests.map((r) => r.method)).toEqual(['solana_signAndSendTransaction'])
  })

  it('behavior: signs a transaction without sending it (solana_signTransaction); the signature is the account\'s', async () => {
    const { kernel, connector } = await startKernel()
    const wallet = await startWallet()
    await connect(kernel, wallet)
    const { value: blockhash } = await createSolanaRpc(chain.rpcUrl).getLatestBlockhash().send()
    const from = createNoopSigner(toAddress(solAlice))
    const tx = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(from.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: from, destination: toAddress(solBob), amount: 1n }), m),
      ),
    )
    const adapter = kernel.getAdapter('solana') as unknown as SolanaAdapter
    const signed = await adapter.signTransaction({ connector, address: solAlice, transaction: getBase64EncodedWireTransaction(tx) })
    const decoded = getTransactionDecoder().decode(new Uint8Array(Buffer.from(signed, 'base64')))
    expect(ed25519.verify(decoded.signatures[solAlice]!, decoded.messageBytes, publicKey(solAlice))).toBe(true)
    expect(wallet.requests.map((r) => r.method)).toEqual(['solana_signTransaction'])
  })

  it('error: a declined solana signature is a USER_REJECTED refusal', async () => {
    const { kernel } = await startKernel()
    const wallet = await startWallet()
    await connect(kernel, wallet)
    await kernel.switchNetwork(SOLANA_LOCAL_CHAIN_ID)
    wallet.setMode('reject')
    await expect(kernel.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('behavior: a wallet without solana connects eip155 only; nothing is added', async () => {
    const { kernel } = await startKernel()
    const wallet = await startWallet(false)
    const { extra } = await connect(kernel, wallet)
    expect(extra).toEqual([])
    expect(kernel.getState().chains.accounts.solana?.status ?? 'disconnected').toBe('disconnected')
  })

  it('behavior: disconnecting one namespace ends the session for both; either side', async () => {
    const { kernel } = await startKernel()
    const wallet = await startWallet()
    await connect(kernel, wallet)
    await kernel.disconnect('eip155')
    await vi.waitFor(() => expect(kernel.getState().chains.accounts.solana?.status).toBe('disconnected'))
    expect(kernel.getState().connection.connections).toEqual([])

    // the wallet ends it
    const second = await startKernel()
    const other = await startWallet()
    await connect(second.kernel, other)
    await other.disconnect()
    await vi.waitFor(() => expect(second.kernel.getState().connection.connections).toEqual([]), { timeout: 15_000 })
  })

  it('behavior: a reload restores both accounts from the stored session without a prompt', async () => {
    const storage = createMemoryStorage()
    const first = await startKernel({ storage, prefix: 'solana-restore' })
    const wallet = await startWallet()
    await connect(first.kernel, wallet)
    await first.connector.destroy()
    first.kernel.destroy()

    const { kernel } = await startKernel({ storage, prefix: 'solana-restore' })
    await vi.waitFor(() => {
      const { accounts } = kernel.getState().chains
      expect(accounts.solana).toMatchObject({ status: 'connected', address: solAlice })
      expect(accounts.eip155).toMatchObject({ status: 'connected', address: alice.address })
    }, { timeout: 20_000 })
    expect(wallet.requests).toEqual([])
  })
})
