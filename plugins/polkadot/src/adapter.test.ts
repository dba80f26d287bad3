// @vitest-environment node
import { Keyring } from '@polkadot/keyring'
import { signatureVerify } from '@polkadot/util-crypto'
import { defineConnector, isPorticoError, type Connector } from '@portico/contracts/plugin'
import { createPolkadotDevWallet, POLKADOT_DEV_WALLET_KEY, type PolkadotDevWallet } from '@portico/tests/wallets/polkadot'
import { createPolkadotSide } from '@portico/tests/wallets/walletconnect'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { freeBalanceOf, formatUnits } from './adapter/balance.js'
import { createPolkadotAdapter, type PolkadotAdapter } from './adapter/index.js'
import { startSubstrateRpc, type SubstrateRpc } from './__fixtures__/substrateRpc.js'
import { createInjectedConnector } from './connectors.js'
import { kusama, polkadotMainnet, westend } from './networks.js'

const keyring = new Keyring({ type: 'sr25519' })
const alice = keyring.createFromUri('//Alice')
const bob = keyring.createFromUri('//Bob')
const on = (pair: typeof alice, prefix: number) => keyring.encodeAddress(pair.publicKey, prefix)

function memoryStorage() {
  const map = new Map<string, unknown>()
  return {
    map,
    getItem: async <T>(k: string) => map.get(k) as T | undefined,
    setItem: async (k: string, v: unknown) => void map.set(k, v),
    removeItem: async (k: string) => void map.delete(k),
  }
}

let wallet: PolkadotDevWallet
let connector: Connector
let adapter: PolkadotAdapter
beforeEach(() => {
  wallet = createPolkadotDevWallet()
  connector = createInjectedConnector(POLKADOT_DEV_WALLET_KEY, wallet.entry)
})
afterEach(() => adapter?.destroy())

describe('polkadot adapter with an injectedWeb3 extension', () => {
  it('behavior: with several accounts the visitor picks one; it comes first, in the network\'s SS58 format, and is remembered', async () => {
    const storage = memoryStorage()
    const chooseAccount = vi.fn(async ({ accounts }: { accounts: readonly { address: string }[] }) => accounts[1]!.address)
    adapter = createPolkadotAdapter({ chooseAccount, storage, appName: 'Test dapp' })
    const connection = await adapter.connect({ connector, network: kusama })
    expect(chooseAccount).toHaveBeenCalledWith({ connector, accounts: [{ address: on(alice, 2), name: 'Alice' }, { address: on(bob, 2), name: 'Bob' }] })
    expect(connection).toEqual({ address: on(bob, 2), accounts: [on(bob, 2), on(alice, 2)], chainId: kusama.id })
    expect(wallet.requests[0]).toEqual({ method: 'enable', origin: 'Test dapp', outcome: 'approved' })

    // a restore asks nothing and keeps the visitor's pick
    const again = createPolkadotAdapter({ chooseAccount, storage })
    expect(await again.reconnect({ connector, network: polkadotMainnet })).toEqual({ address: on(bob, 0), accounts: [on(bob, 0), on(alice, 0)], chainId: polkadotMainnet.id })
    expect(chooseAccount).toHaveBeenCalledTimes(1)
  })

  it('error: dismissing the picker declines the connection', async () => {
    adapter = createPolkadotAdapter({ chooseAccount: () => Promise.reject(Object.assign(new Error('closed'), { code: 4001 })) })
    const error = await adapter.connect({ connector }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
    expect((error as Error).message).toContain('Connection declined')
  })

  it('error: an extension with no accounts says what to do; one whose accounts are for another chain says which network', async () => {
    adapter = createPolkadotAdapter()
    wallet.setAccounts([])
    const none = await adapter.connect({ connector }).catch((e: unknown) => e)
    expect(isPorticoError(none, 'NO_ACCOUNTS')).toBe(true)
    expect((none as { shortMessage: string }).shortMessage).toBe('Portico Dev Wallet has no Polkadot accounts. Create or import one in the extension, then try again.')

    const restricted = createPolkadotDevWallet()
    const entry = { ...restricted.entry, enable: async (origin: string) => {
      const injected = (await restricted.entry.enable(origin)) as { accounts: { get(): Promise<{ address: string }[]> } }
      return { ...injected, accounts: { get: async () => (await injected.accounts.get()).map((a) => ({ ...a, genesisHash: `0x${'ab'.repeat(32)}` })) } }
    } }
    const other = await adapter.connect({ connector: createInjectedConnector('restricted', entry), network: kusama }).catch((e: unknown) => e)
    expect(isPorticoError(other, 'ACCOUNT_NOT_FOUND')).toBe(true)
    expect((other as { shortMessage: string }).shortMessage).toBe('The wallet has no account on Kusama.')
  })

  it('error: a refused authorisation is "Connection declined"', async () => {
    adapter = createPolkadotAdapter()
    wallet.setMode('reject')
    const error = await adapter.connect({ connector }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Connection declined')
  })

  it('behavior: signMessage goes through signRaw with <Bytes>-wrapped data; signatureVerify accepts it; a refusal is "Signature declined"', async () => {
    adapter = createPolkadotAdapter()
    const { address } = await adapter.connect({ connector, network: polkadotMainnet })
    const signature = await adapter.signMessage({ connector, address, message: 'Portico says hi' })
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(signatureVerify('Portico says hi', signature, on(alice, 42)).isValid).toBe(true)
    expect(signatureVerify('Portico says hi', signature, on(bob, 42)).isValid).toBe(false)
    const request = wallet.requests.find((r) => r.method === 'signRaw')!
    expect(Buffer.from(request.data!.slice(2), 'hex').toString()).toBe('<Bytes>Portico says hi</Bytes>')

    wallet.setMode('reject')
    const error = await adapter.signMessage({ connector, address, message: 'no' }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Signature declined')
  })

  it('behavior: switching network reports the chain, then the account in the new SS58 format', async () => {
    adapter = createPolkadotAdapter()
    await adapter.connect({ connector, network: polkadotMainnet })
    const events: unknown[] = []
    const stop = await adapter.watch({ connector, onChainChanged: (id) => events.push(['chain', id]), onAccountsChanged: (a) => events.push(['accounts', a]) })
    await adapter.switchNetwork({ connector, network: westend })
    await vi.waitFor(() => expect(events).toEqual([['chain', westend.id], ['accounts', [on(alice, 42), on(bob, 42)]]]))
    expect(adapter.getNetwork(connector)?.caipNetworkId).toBe(westend.caipNetworkId)
    stop()
  })

  it('behavior: the extension dropping the site (no accounts any more) is a disconnect', async () => {
    adapter = createPolkadotAdapter()
    await adapter.connect({ connector })
    const onDisconnect = vi.fn()
    await adapter.watch({ connector, onDisconnect })
    await new Promise((r) => setTimeout(r, 10))
    wallet.disconnect()
    await vi.waitFor(() => expect(onDisconnect).toHaveBeenCalledTimes(1))
    expect(await adapter.reconnect({ connector })).toBeUndefined()
  })

  it('error: sending is not offered, and an invalid address is refused before the wallet is asked', async () => {
    adapter = createPolkadotAdapter()
    const send = await adapter.sendTransaction({ connector, address: on(alice, 0), network: polkadotMainnet, transaction: { to: on(bob, 0) } }).catch((e: unknown) => e)
    expect(isPorticoError(send, 'FEATURE_NOT_SUPPORTED')).toBe(true)
    const sign = await adapter.signMessage({ connector, address: '0x1234', message: 'x' }).catch((e: unknown) => e)
    expect(isPorticoError(sign, 'INVALID_ADDRESS')).toBe(true)
    expect(wallet.requests).toEqual([])
  })
})

describe('polkadot balances (state_getStorage System.Account)', () => {
  let rpc: SubstrateRpc
  beforeEach(async () => (rpc = await startSubstrateRpc()))
  afterEach(() => rpc.close())

  it('behavior: reads the free balance in the native unit; an account the chain does not hold has 0', async () => {
    adapter = createPolkadotAdapter({ rpcUrls: { [polkadotMainnet.caipNetworkId]: [rpc.url] } })
    rpc.setFree(on(alice, 0), 12_345_678_900n)
    expect(await adapter.getBalance({ address: on(alice, 0), network: polkadotMainnet })).toEqual({ balance: '1.23456789', symbol: 'DOT' })
    expect(await adapter.getBalance({ address: on(bob, 0), network: polkadotMainnet })).toEqual({ balance: '0', symbol: 'DOT' })
    expect(rpc.calls.map((c) => c.method)).toEqual(['state_getStorage', 'state_getStorage'])
  })

  it('error: an RPC that does not answer is RPC_REQUEST_FAILED naming the network', async () => {
    adapter = createPolkadotAdapter({ rpcUrls: { [kusama.caipNetworkId]: ['http://127.0.0.1:1'] } })
    const error = await adapter.getBalance({ address: on(alice, 2), network: kusama }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'RPC_REQUEST_FAILED')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Could not read from Kusama.')
  })

  it('behavior: SCALE decoding and unit formatting', () => {
    expect(freeBalanceOf(null)).toBe(0n)
    expect(() => freeBalanceOf('0x00')).toThrow('System.Account holds 1 bytes, expected at least 32.')
    expect(formatUnits(10_000_000_000n, 10)).toBe('1')
    expect(formatUnits(5n, 12)).toBe('0.000000000005')
  })
})

describe('polkadot adapter with a polkadot_* request provider (WalletConnect)', () => {
  it('behavior: accounts from polkadot_requestAccounts, no picker; signMessage is polkadot_signMessage and verifies', async () => {
    const side = createPolkadotSide({})
    const requests: { method: string; params?: unknown }[] = []
    const provider = {
      async request({ method, params }: { method: string; params?: unknown }) {
        requests.push({ method, params })
        if (method === 'polkadot_requestAccounts') return side.accounts([polkadotMainnet.caipNetworkId]).map((a) => a.split(':')[2])
        return side.request(polkadotMainnet.caipNetworkId, method, params)
      },
    }
    const wc = defineConnector({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chains: ['polkadot'], getProvider: async () => provider })
    const chooseAccount = vi.fn()
    adapter = createPolkadotAdapter({ chooseAccount })
    const { address } = await adapter.connect({ connector: wc, network: polkadotMainnet })
    expect(address).toBe(on(alice, 0))
    expect(chooseAccount).not.toHaveBeenCalled()
    const signature = await adapter.signMessage({ connector: wc, address, message: 'via WalletConnect' })
    expect(signatureVerify('via WalletConnect', signature, address).isValid).toBe(true)
    expect(requests.map((r) => r.method)).toEqual(['polkadot_requestAccounts', 'polkadot_signMessage'])

    // a session the connector made itself (the kernel connected through connector.connect) can switch too
    const selfDriven = defineConnector({ ...wc, id: 'wc2', connect: async () => ({ address, accounts: [address], chainId: polkadotMainnet.id }) })
    const fresh = createPolkadotAdapter()
    const events: unknown[] = []
    await fresh.watch({ connector: selfDriven, onChainChanged: (id) => events.push(id), onAccountsChanged: (a) => events.push(a) })
    await fresh.switchNetwork({ connector: selfDriven, network: kusama })
    await vi.waitFor(() => expect(events).toEqual([kusama.id, [on(alice, 2)]]))
    fresh.destroy()
  })
})
