import { ed25519 } from '@noble/curves/ed25519.js'
import { createKernel, type Kernel } from '@portico/kernel'
import evm from '@portico/plugin-evm'
import injected from '@portico/plugin-injected'
import { announceDevWallet, createDevWallet } from '@portico/tests/wallets/evm'
import { SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID } from '@portico/tests/solana/keys'
import {
  createSolanaDevWallet,
  registerSolanaDevWallet,
  SOLANA_DEV_WALLET_CONNECTOR_ID,
  SOLANA_DEV_WALLET_ICON,
  type SolanaDevWallet,
} from '@portico/tests/wallets/solana'
import { getBase58Encoder, getAddressEncoder } from '@solana/kit'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import solana from './plugin.js'

const local = { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:2' }
let kernel: Kernel | undefined
let wallet: SolanaDevWallet
const stops: (() => void)[] = []

beforeEach(async () => {
  wallet = await createSolanaDevWallet()
})
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

/** A storage of its own per kernel: no test restores another's session. */
function memoryStorage() {
  const map = new Map<string, unknown>()
  return {
    getItem: async (k: string) => structuredClone(map.get(k)) as never,
    setItem: async (k: string, v: unknown) => void map.set(k, structuredClone(v)),
    removeItem: async (k: string) => void map.delete(k),
  }
}

async function start(parameters: Parameters<typeof solana>[0] = { local }) {
  kernel = createKernel({ projectId: 'test', storage: memoryStorage(), networks: [SOLANA_LOCAL_CHAIN_ID, 'solana:EtWTRABZaYq6iMfeYKouRu7UQasdZ2VG'], plugins: [solana(parameters)] })
  await kernel.ready
  return kernel
}
const listed = () => kernel!.getState().connectors.list

describe('solana plugin', () => {
  it('behavior: registers the solana adapter; the kernel resolves devnet and the local chain from it (adapter order)', async () => {
    await start()
    expect(kernel!.getAdapter('solana')?.namespace).toBe('solana')
    expect(kernel!.getState().plugins.byName.solana).toMatchObject({ status: 'ready', version: '0.1.0' })
    expect(kernel!.getState().chains.networks.map((n) => [n.caipNetworkId, n.name, n.nativeCurrency.decimals, n.rpcUrls.default.http[0]])).toEqual([
      ['solana:EtWTRABZaYq6iMfeYKouRu7UQasdZ2VG', 'Solana Devnet', 9, 'https://api.devnet.solana.com'],
      [SOLANA_LOCAL_CHAIN_ID, 'Solana Local', 9, 'http://127.0.0.1:1'],
    ])
  })

  it('behavior: a Wallet Standard wallet serving solana is listed as an ANNOUNCED connector with its icon, also when it registers later', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    await start()
    await vi.waitFor(() => expect(listed()).toHaveLength(1))
    expect(listed()[0]).toEqual({
      id: SOLANA_DEV_WALLET_CONNECTOR_ID,
      name: 'Portico Dev Wallet',
      type: 'ANNOUNCED',
      chains: ['solana'],
      imageUrl: SOLANA_DEV_WALLET_ICON,
      info: { rdns: SOLANA_DEV_WALLET_CONNECTOR_ID },
    })
    const other = await createSolanaDevWallet()
    Object.defineProperty(other, 'name', { value: 'Another Wallet' })
    const stop = registerSolanaDevWallet(other)
    expect(listed().map((c) => c.id)).toEqual([SOLANA_DEV_WALLET_CONNECTOR_ID, 'solana.another-wallet'])
    stop()
    expect(listed().map((c) => c.id)).toEqual([SOLANA_DEV_WALLET_CONNECTOR_ID])
  })

  it('behavior: wallets without solana (no solana: chain or feature, no standard:connect) or with a remote icon are not listed', async () => {
    const evmOnly = { version: '1.0.0', name: 'Evm Only', icon: SOLANA_DEV_WALLET_ICON, chains: ['eip155:1'], accounts: [], features: { 'standard:connect': {} } }
    const noConnect = { ...evmOnly, name: 'No Connect', chains: ['solana:mainnet'], features: { 'solana:signMessage': {} } }
    const remoteIcon = { ...wallet, name: 'Tracker', icon: 'https://tracker.example/icon.png', features: wallet.features, chains: wallet.chains, accounts: [] }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const w of [evmOnly, noConnect, remoteIcon]) stops.push(registerSolanaDevWallet(w as never))
    await start()
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[solana]', 'ignoring a Wallet Standard wallet:', 'The icon must be a data:image URI.'))
    expect(listed()).toEqual([])
  })

  it('behavior: connect through the kernel (the wallet serves only the local chain, so the session is there, not on devnet), sign a message (checked with @noble/curves), disconnect revokes', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    vi.spyOn(console, 'warn').mockImplementation(() => {}) // the balance read fails: no chain here
    await start()
    await vi.waitFor(() => expect(listed()).toHaveLength(1))
    const info = await kernel!.connect(SOLANA_DEV_WALLET_CONNECTOR_ID)
    const alice = SOLANA_DEV_KEYS[0]!.address
    expect(info).toMatchObject({ namespace: 'solana', address: alice, caipAddress: `${SOLANA_LOCAL_CHAIN_ID}:${alice}` })
    expect(kernel!.getState().chains.accounts.solana).toMatchObject({ address: alice, status: 'connected' })

    const signature = await kernel!.signMessage('hello from portico')
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    expect(ed25519.verify(bytes, new TextEncoder().encode('hello from portico'), new Uint8Array(getAddressEncoder().encode(alice)))).toBe(true)

    wallet.setMode('reject')
    await expect(kernel!.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
    wallet.setMode('approve')

    await kernel!.disconnect()
    expect(wallet.authorized).toBe(false)
    expect(kernel!.getState().chains.accounts.solana?.address).toBeUndefined()
  })

  it('behavior: a reload restores the session without prompting', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = memoryStorage()
    const make = () => createKernel({ projectId: 'test', storage, networks: [SOLANA_LOCAL_CHAIN_ID], plugins: [solana({ local })] })
    const first = make()
    await first.ready
    await vi.waitFor(() => expect(first.getState().connectors.list).toHaveLength(1))
    await first.connect(SOLANA_DEV_WALLET_CONNECTOR_ID)
    first.destroy()

    wallet.setMode('reject') // restoring must not prompt
    kernel = make()
    await kernel.ready
    await vi.waitFor(() => expect(kernel!.getState().chains.accounts.solana).toMatchObject({ address: SOLANA_DEV_KEYS[0]!.address, status: 'connected' }))
    expect(kernel.getState().chains.activeCaipNetworkId).toBe(SOLANA_LOCAL_CHAIN_ID)
  })

  it('behavior: an EVM and a Solana connection at the same time; switching network moves between the namespaces', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    const evmWallet = createDevWallet({ rpcUrls: { 31337: 'http://127.0.0.1:1' } })
    stops.push(announceDevWallet(evmWallet))
    vi.spyOn(console, 'warn').mockImplementation(() => {}) // no chains: balance reads fail
    kernel = createKernel({ projectId: 'test', storage: memoryStorage(), networks: ['eip155:31337', SOLANA_LOCAL_CHAIN_ID], plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:1'] } }), injected(), solana({ local })] })
    await kernel.ready
    await vi.waitFor(() => expect(listed().map((c) => c.id).sort()).toEqual(['dev.portico.wallet', SOLANA_DEV_WALLET_CONNECTOR_ID]))
    await kernel.connect('dev.portico.wallet')
    await kernel.connect(SOLANA_DEV_WALLET_CONNECTOR_ID)
    const state = () => kernel!.getState().chains
    expect(state().accounts.eip155).toMatchObject({ address: evmWallet.addresses[0], status: 'connected' })
    expect(state().accounts.solana).toMatchObject({ address: SOLANA_DEV_KEYS[0]!.address, status: 'connected' })
    expect([state().activeNamespace, state().activeCaipNetworkId]).toEqual(['solana', SOLANA_LOCAL_CHAIN_ID])

    await kernel.switchNetwork('eip155:31337')
    expect([state().activeNamespace, state().activeCaipNetworkId]).toEqual(['eip155', 'eip155:31337'])
    await kernel.switchNetwork(SOLANA_LOCAL_CHAIN_ID)
    expect(state().activeNamespace).toBe('solana')
    expect(state().accounts.eip155?.status).toBe('connected') // the other connection stays
  })

  it('behavior: the wallet switching accounts moves the kernel\'s account', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await start()
    await vi.waitFor(() => expect(listed()).toHaveLength(1))
    await kernel!.connect(SOLANA_DEV_WALLET_CONNECTOR_ID)
    const bob = SOLANA_DEV_KEYS[1]!.address
    wallet.useAccount(bob)
    expect(kernel!.getState().chains.accounts.solana).toMatchObject({ address: bob, caipAddress: `${SOLANA_LOCAL_CHAIN_ID}:${bob}` })
    const signature = await kernel!.signMessage('from bob')
    expect(ed25519.verify(new Uint8Array(getBase58Encoder().encode(signature)), new TextEncoder().encode('from bob'), new Uint8Array(getAddressEncoder().encode(bob)))).toBe(true)
  })

  it('behavior: the wallet ending the session disconnects the kernel', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await start()
    await vi.waitFor(() => expect(listed()).toHaveLength(1))
    await kernel!.connect(SOLANA_DEV_WALLET_CONNECTOR_ID)
    wallet.disconnect()
    await vi.waitFor(() => expect(kernel!.getState().chains.accounts.solana?.address).toBeUndefined())
  })

  it('behavior: walletStandard: false lists no wallet', async () => {
    stops.push(registerSolanaDevWallet(wallet))
    await start({ local, walletStandard: false })
    await new Promise((r) => setTimeout(r, 20))
    expect(listed()).toEqual([])
  })

  it('error: invalid options fail the plugin with INVALID_SOLANA_OPTIONS and register nothing', async () => {
    await start({ local: { caipNetworkId: 'eip155:1', rpcUrl: 'http://127.0.0.1:8899' } })
    expect(kernel!.getState().plugins.byName.solana).toMatchObject({ status: 'failed', errorCode: 'INVALID_SOLANA_OPTIONS' })
    expect(kernel!.getState().plugins.byName.solana?.error).toMatch(/^Invalid solana option `local.caipNetworkId`/)
    expect(kernel!.getAdapter('solana')).toBeUndefined()
  })
})
