/**
 * The WalletConnect test wallet against a real relay, real anvil chains and a real UniversalProvider dapp.
 */
import UniversalProvider from '@walletconnect/universal-provider'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRelay, type Relay } from '../../../services/relay/src/index.js'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '../../anvil/index.js'
import { createWalletConnectWallet, MemoryStorage, type WalletConnectWallet } from './wallet.js'

let relay: Relay
let chainA: Anvil
let chainB: Anvil
const closers: Array<() => Promise<void>> = []
let n = 0

beforeAll(async () => {
  ;[relay, chainA, chainB] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
})
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => {})))
})
afterAll(async () => {
  await Promise.all([relay?.close(), chainA?.stop(), chainB?.stop()])
})

async function startWallet(extra: Partial<Parameters<typeof createWalletConnectWallet>[0]> = {}) {
  const wallet = await createWalletConnectWallet({ relayUrl: relay.url, rpcUrls: { 31337: chainA.url, 31338: chainB.url }, ...extra })
  closers.push(() => wallet.close())
  return wallet
}

async function startDapp() {
  const dapp = await UniversalProvider.init({
    projectId: 'portico-wallet-test',
    relayUrl: relay.url,
    metadata: { name: 'dapp', description: 'dapp', url: 'http://localhost:4300', icons: [] },
    logger: 'silent',
    telemetryEnabled: false,
    storage: new MemoryStorage() as never,
    customStoragePrefix: `wallet-test-dapp-${++n}`,
  })
  closers.push(async () => {
    dapp.client.core.heartbeat.stop()
    await dapp.client.core.relayer.transportClose().catch(() => {})
  })
  return dapp
}

async function connect(dapp: UniversalProvider, wallet: WalletConnectWallet) {
  dapp.once('display_uri', (uri: string) => void wallet.pair(uri))
  return dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: { 31337: chainA.url, 31338: chainB.url },
      },
    },
  })
}

describe('WalletConnect test wallet', () => {
  it('approves a session with both dev accounts on both chains', async () => {
    const [dapp, wallet] = await Promise.all([startDapp(), startWallet()])
    const session = await connect(dapp, wallet)
    expect(session?.namespaces.eip155?.accounts).toEqual([
      `eip155:31337:${ANVIL_ACCOUNTS[0].address}`,
      `eip155:31337:${ANVIL_ACCOUNTS[1].address}`,
      `eip155:31338:${ANVIL_ACCOUNTS[0].address}`,
      `eip155:31338:${ANVIL_ACCOUNTS[1].address}`,
    ])
    expect(Object.keys(wallet.sessions())).toEqual([session!.topic])
  })

  it('signs personal_sign with the anvil key and sends a transaction that lands on the chain', async () => {
    const [dapp, wallet] = await Promise.all([startDapp(), startWallet()])
    await connect(dapp, wallet)
    const from = ANVIL_ACCOUNTS[0].address
    const signature = await dapp.request<Hex>({ method: 'personal_sign', params: [toHex('hello'), from] }, 'eip155:31337')
    expect(await verifyMessage({ address: from, message: 'hello', signature })).toBe(true)

    const hash = await dapp.request<Hex>(
      { method: 'eth_sendTransaction', params: [{ from, to: ANVIL_ACCOUNTS[1].address, value: toHex(parseEther('0.5')) }] },
      'eip155:31338',
    )
    const receipt = await createPublicClient({ transport: http(chainB.url) }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(wallet.requests.map((r) => [r.method, r.chainId, r.outcome])).toEqual([
      ['personal_sign', 'eip155:31337', 'approved'],
      ['eth_sendTransaction', 'eip155:31338', 'approved'],
    ])
  })

  it('declines proposals and requests in reject mode, and fails them in fail mode', async () => {
    const [dapp, wallet] = await Promise.all([startDapp(), startWallet({ mode: 'reject' })])
    await expect(connect(dapp, wallet)).rejects.toMatchObject({ code: 5000 })

    wallet.setMode('approve')
    await connect(dapp, wallet)
    wallet.setMode('reject')
    const from = ANVIL_ACCOUNTS[0].address
    await expect(dapp.request({ method: 'personal_sign', params: [toHex('no'), from] }, 'eip155:31337')).rejects.toMatchObject({ code: 5000 })
    wallet.setMode('fail')
    await expect(dapp.request({ method: 'personal_sign', params: [toHex('no'), from] }, 'eip155:31337')).rejects.toMatchObject({ code: -32603 })
    expect(wallet.requests.map((r) => r.outcome)).toEqual(['rejected', 'failed'])
  })

  it('tells the dapp about chain and account changes, and ends the session', async () => {
    const [dapp, wallet] = await Promise.all([startDapp(), startWallet()])
    await connect(dapp, wallet)
    const chain = new Promise((resolve) => dapp.once('chainChanged', resolve))
    await wallet.switchChain(31338)
    expect(Number(await chain)).toBe(31338)

    const accounts = new Promise((resolve) => dapp.once('accountsChanged', resolve))
    await wallet.switchAccount(ANVIL_ACCOUNTS[1].address)
    expect(await accounts).toEqual([ANVIL_ACCOUNTS[1].address, ANVIL_ACCOUNTS[0].address])

    const gone = new Promise((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnect()
    await gone
    expect(dapp.session).toBeUndefined()
  })

  it('comes back after its relay connection drops and answers the next request', async () => {
    const [dapp, wallet] = await Promise.all([startDapp(), startWallet()])
    await connect(dapp, wallet)
    await wallet.dropConnection()
    const from = ANVIL_ACCOUNTS[0].address
    const signature = await dapp.request<Hex>({ method: 'personal_sign', params: [toHex('after the drop'), from] }, 'eip155:31337')
    expect(await verifyMessage({ address: from, message: 'after the drop', signature })).toBe(true)
  })

  it('answers after the relay drops every socket', async () => {
    const [dapp, wallet] = await Promise.all([startDapp(), startWallet()])
    await connect(dapp, wallet)
    const from = ANVIL_ACCOUNTS[0].address
    await dapp.request<Hex>({ method: 'personal_sign', params: [toHex('before the outage'), from] }, 'eip155:31337')
    const back = new Promise<void>((resolve) => dapp.client.core.relayer.once('relayer_connect', () => resolve()))
    relay.dropAllSockets()
    await back
    const signature = await dapp.request<Hex>({ method: 'personal_sign', params: [toHex('after the outage'), from] }, 'eip155:31337')
    expect(await verifyMessage({ address: from, message: 'after the outage', signature })).toBe(true)
  })
})
