// @vitest-environment node
// The bitcoin adapter against the Dev Wallet's Bitcoin wallet (real keys, BIP-322 checked with bip322-js, which needs
// Node's realm) and against request providers that answer what WalletConnect's bip122 namespace would, or answer
// wrongly. The wallet is reached through a connector whose sats-connect `request` is the library's contract
// (`{ status, result | error }`) over the wallet's provider; conformance.test.ts runs the real sats-connect in a DOM.
import { isPorticoError, type Connector } from '@portico/contracts/plugin'
import { json, startServer } from '@portico/tests/servers'
import { BITCOIN_DEV_WALLET_ICON, BITCOIN_DEV_WALLET_NAME, BITCOIN_DEV_WALLET_PROVIDER_ID, bitcoinDevAccounts, createBitcoinDevWallet, type BitcoinDevWallet } from '@portico/tests/wallets/bitcoin'
import { Verifier } from 'bip322-js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBitcoinAdapter, type BitcoinAdapter } from './adapter/index.js'
import { createSatsConnectConnector } from './connectors.js'
import { addressFitsNetwork, bitcoinMainnet, bitcoinRegtest, bitcoinSignet, bitcoinTestnet, walletNetworkOf } from './networks.js'

const { payment: PAYMENT, ordinals: ORDINALS } = bitcoinDevAccounts('Regtest')
let wallet: BitcoinDevWallet
let connector: Connector
let adapter: BitcoinAdapter

/** sats-connect's `request`/`addListener` contract over the wallet's provider (JSON-RPC message → `{ status, … }`). */
const satsConnectOver = (w: BitcoinDevWallet) => async () => ({
  request: async (method: never, params: never) => {
    const answer = await w.provider.request(method, params)
    return 'error' in answer ? { status: 'error', error: answer.error } : { status: 'success', result: answer.result }
  },
  addListener: (eventName: never, cb: never) => w.provider.addListener({ eventName, cb }),
})

beforeEach(() => {
  wallet = createBitcoinDevWallet()
  connector = createSatsConnectConnector({ id: BITCOIN_DEV_WALLET_PROVIDER_ID, name: BITCOIN_DEV_WALLET_NAME, icon: BITCOIN_DEV_WALLET_ICON }, satsConnectOver(wallet))
  adapter = createBitcoinAdapter()
})
afterEach(() => {
  adapter.destroy()
})

const codeOf = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => (isPorticoError(e) ? e.code : `not a Portico error: ${String(e)}`))

/** A connector whose bip122 provider is a request provider (WalletConnect's shape) answering with `answer`. */
function rpcConnector(answer: (method: string, params: unknown) => unknown, calls: { method: string; params: unknown }[] = []): Connector {
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      calls.push({ method, params })
      return answer(method, params)
    },
  }
  return { id: 'walletconnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chains: ['bip122'], getProvider: async () => provider }
}

describe('bitcoin adapter with the sats-connect Dev Wallet', () => {
  it('behavior: connect gives the payment address first, the ordinals one after, typed by purpose, on regtest', async () => {
    const connection = await adapter.connect({ connector, network: bitcoinRegtest })
    expect(connection).toEqual({
      address: PAYMENT.address,
      accounts: [PAYMENT.address, ORDINALS.address],
      chainId: bitcoinRegtest.id,
      accountTypes: { [PAYMENT.address]: 'payment', [ORDINALS.address]: 'ordinals' },
    })
    expect(await adapter.getAccounts({ connector })).toMatchObject([
      { address: PAYMENT.address, purpose: 'payment', addressType: 'p2wpkh' },
      { address: ORDINALS.address, purpose: 'ordinals', addressType: 'p2tr' },
    ])
  })

  it('behavior: asked for mainnet while the wallet is on regtest, connect reports the network its addresses belong to', async () => {
    const connection = await adapter.connect({ connector, network: bitcoinMainnet })
    expect(connection.chainId).toBe(bitcoinRegtest.id)
  })

  it('behavior: a message is signed with BIP-322 and verifies with bip322-js; the ordinals address signs too (taproot)', async () => {
    await adapter.connect({ connector, network: bitcoinRegtest })
    const signature = await adapter.signMessage({ connector, address: PAYMENT.address, message: 'Portico unit' })
    expect(Verifier.verifySignature(PAYMENT.address, 'Portico unit', signature)).toBe(true)
    expect(Verifier.verifySignature(PAYMENT.address, 'Portico unit?', signature)).toBe(false)
    const taproot = await adapter.signMessage({ connector, address: ORDINALS.address, message: 'Portico unit' })
    expect(Verifier.verifySignature(ORDINALS.address, 'Portico unit', taproot)).toBe(true)
    expect(wallet.requests.filter((r) => r.method === 'signMessage').map((r) => (r.params as { protocol: string }).protocol)).toEqual(['BIP322', 'BIP322'])
  })

  it('error: a declined signature is USER_REJECTED worded "Signature declined"; a declined connect "Connection declined"', async () => {
    await adapter.connect({ connector, network: bitcoinRegtest })
    wallet.setMode('reject')
    const error = await adapter.signMessage({ connector, address: PAYMENT.address, message: 'no' }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
    expect((error as Error).message).toContain('Signature declined')
    const refused = await adapter.connect({ connector, network: bitcoinRegtest }).catch((e: unknown) => e)
    expect((refused as Error).message).toContain('Connection declined')
  })

  it('error: signing with an address the session does not have is NOT_CONNECTED; before any connect too', async () => {
    expect(await codeOf(adapter.signMessage({ connector, address: PAYMENT.address, message: 'x' }))).toBe('NOT_CONNECTED')
    await adapter.connect({ connector, network: bitcoinRegtest })
    expect(await codeOf(adapter.signMessage({ connector, address: bitcoinDevAccounts('Mainnet').payment.address, message: 'x' }))).toBe('NOT_CONNECTED')
  })

  it('behavior: sendTransaction sends satoshis through sendTransfer and returns the wallet\'s txid; bad requests are INVALID_TRANSACTION', async () => {
    await adapter.connect({ connector, network: bitcoinRegtest })
    const txid = await adapter.sendTransaction({ connector, address: PAYMENT.address, network: bitcoinRegtest, transaction: { to: ORDINALS.address, value: 12_345n } })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(wallet.requests.at(-1)).toEqual({ method: 'sendTransfer', params: { recipients: [{ address: ORDINALS.address, amount: 12_345 }] } })
    const bad = (transaction: { to: string; value?: bigint; data?: string }) => codeOf(adapter.sendTransaction({ connector, address: PAYMENT.address, network: bitcoinRegtest, transaction }))
    expect(await bad({ to: ORDINALS.address, value: 1n, data: '0x12' })).toBe('INVALID_TRANSACTION')
    expect(await bad({ to: ORDINALS.address, value: 0n })).toBe('INVALID_TRANSACTION')
    expect(await bad({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n })).toBe('INVALID_TRANSACTION')
    // a mainnet address is not one of regtest
    expect(await bad({ to: bitcoinDevAccounts('Mainnet').ordinals.address, value: 1n })).toBe('INVALID_TRANSACTION')
    // more than the wallet holds: the wallet's own failure is SEND_FAILED
    expect(await bad({ to: ORDINALS.address, value: 200_000_000n })).toBe('SEND_FAILED')
  })

  it('error: signPsbt refuses what is not a base64 PSBT, and addresses outside the session', async () => {
    await adapter.connect({ connector, network: bitcoinRegtest })
    expect(await codeOf(adapter.signPsbt({ connector, psbt: 'not a psbt' }))).toBe('INVALID_TRANSACTION')
    expect(await codeOf(adapter.signPsbt({ connector, psbt: 'cHNidP8BAA==', signInputs: { [bitcoinDevAccounts('Mainnet').payment.address]: [0] } }))).toBe('NOT_CONNECTED')
  })

  it('behavior: switching to mainnet asks the wallet (wallet_changeNetwork); the chain and the new addresses are reported', async () => {
    await adapter.connect({ connector, network: bitcoinRegtest })
    const events: unknown[] = []
    const stop = await adapter.watch({ connector, onChainChanged: (id) => events.push(['chain', id]), onAccountsChanged: (a, types) => events.push(['accounts', a, types]) })
    await adapter.switchNetwork({ connector, network: bitcoinMainnet })
    const main = bitcoinDevAccounts('Mainnet')
    expect(events).toEqual([
      ['chain', bitcoinMainnet.id],
      ['accounts', [main.payment.address, main.ordinals.address], { [main.payment.address]: 'payment', [main.ordinals.address]: 'ordinals' }],
    ])
    expect(adapter.getNetwork(connector)?.caipNetworkId).toBe(bitcoinMainnet.caipNetworkId)
    stop()
  })

  it('behavior: the wallet ending the session is a disconnect for the watcher; reconnect then yields nothing', async () => {
    await adapter.connect({ connector, network: bitcoinRegtest })
    let disconnected = 0
    await adapter.watch({ connector, onDisconnect: () => disconnected++ })
    wallet.disconnect()
    expect(disconnected).toBe(1)
    expect(await adapter.reconnect({ connector, network: bitcoinRegtest })).toBeUndefined()
  })
})

describe('bitcoin adapter with a WalletConnect-style request provider', () => {
  const session = PAYMENT.address
  const answers = (method: string, params: unknown) => {
    if (method === 'getAccounts') return [session]
    if (method === 'getAccountAddresses') return [{ address: session, intention: 'payment' }, { address: ORDINALS.address, intention: 'ordinal' }]
    if (method === 'signMessage') return { address: (params as { address: string }).address, signature: 'c2ln' }
    if (method === 'sendTransfer') return { txid: 'ab'.repeat(32) }
    if (method === 'signPsbt') return { psbt: 'cHNidP8BAA==' }
    throw new Error(`unexpected ${method}`)
  }

  it('behavior: accounts come from the session and getAccountAddresses; WalletConnect\'s parameter shapes are used', async () => {
    const calls: { method: string; params: unknown }[] = []
    const wc = rpcConnector(answers, calls)
    const connection = await adapter.connect({ connector: wc, network: bitcoinRegtest })
    expect(connection.accountTypes).toEqual({ [session]: 'payment', [ORDINALS.address]: 'ordinals' })
    expect(await adapter.signMessage({ connector: wc, address: session, message: 'hi' })).toBe('c2ln')
    expect(await adapter.sendTransaction({ connector: wc, address: session, network: bitcoinRegtest, transaction: { to: ORDINALS.address, value: 5000n } })).toBe('ab'.repeat(32))
    expect(await adapter.signPsbt({ connector: wc, psbt: 'cHNidP8BAA==', signInputs: { [session]: [0, 2] } })).toEqual({ psbt: 'cHNidP8BAA==' })
    expect(calls.filter((c) => c.method !== 'getAccounts' && c.method !== 'getAccountAddresses')).toEqual([
      { method: 'signMessage', params: { account: session, address: session, message: 'hi', protocol: 'bip322' } },
      { method: 'sendTransfer', params: { account: session, recipientAddress: ORDINALS.address, amount: '5000' } },
      {
        method: 'signPsbt',
        params: { account: session, psbt: 'cHNidP8BAA==', signInputs: [{ address: session, index: 0, sighashTypes: [1] }, { address: session, index: 2, sighashTypes: [1] }], broadcast: false },
      },
    ])
  })

  it('behavior: a connector that connected by itself (no adapter session) signs after a silent read of its accounts', async () => {
    const wc = rpcConnector(answers)
    expect(await adapter.signMessage({ connector: wc, address: session, message: 'hi' })).toBe('c2ln')
  })

  it('error: malformed answers are INVALID_WALLET_RESPONSE; a WalletConnect refusal (5000) is USER_REJECTED', async () => {
    const wc = rpcConnector((method, params) => (method === 'signMessage' ? { signature: 42 } : answers(method, params)))
    await adapter.connect({ connector: wc, network: bitcoinRegtest })
    expect(await codeOf(adapter.signMessage({ connector: wc, address: session, message: 'hi' }))).toBe('INVALID_WALLET_RESPONSE')
    const refusing = rpcConnector((method, params) => {
      if (method === 'sendTransfer') throw Object.assign(new Error('User rejected.'), { code: 5000 })
      return answers(method, params)
    })
    await adapter.connect({ connector: refusing, network: bitcoinRegtest })
    expect(await codeOf(adapter.sendTransaction({ connector: refusing, address: session, network: bitcoinRegtest, transaction: { to: ORDINALS.address, value: 1n } }))).toBe('USER_REJECTED')
  })
})

describe('bitcoin balances (Esplora API)', () => {
  it('behavior: confirmed plus unconfirmed satoshis, in BTC with 8 decimals; a bad answer or a down API is RPC_REQUEST_FAILED', async () => {
    const server = await startServer((_req, url, res) => {
      if (url.pathname.endsWith(PAYMENT.address)) json(res, 200, { chain_stats: { funded_txo_sum: 150_000_000, spent_txo_sum: 20_000_001 }, mempool_stats: { funded_txo_sum: 1, spent_txo_sum: 0 } })
      else json(res, 200, { nothing: true })
    })
    try {
      const local = createBitcoinAdapter({ rpcUrls: { [bitcoinRegtest.caipNetworkId]: [server.url] } })
      expect(await local.getBalance({ address: PAYMENT.address, network: bitcoinRegtest })).toEqual({ balance: '1.3', symbol: 'BTC' })
      expect(server.requests.at(-1)?.pathname).toBe(`/address/${PAYMENT.address}`)
      expect(await codeOf(local.getBalance({ address: ORDINALS.address, network: bitcoinRegtest }))).toBe('RPC_REQUEST_FAILED')
      expect(await codeOf(local.getBalance({ address: 'nope', network: bitcoinRegtest }))).toBe('INVALID_ADDRESS')
    } finally {
      await server.close()
    }
    const down = createBitcoinAdapter({ rpcUrls: { [bitcoinRegtest.caipNetworkId]: [server.url] } })
    expect(await codeOf(down.getBalance({ address: PAYMENT.address, network: bitcoinRegtest }))).toBe('RPC_REQUEST_FAILED')
  })
})

describe('bitcoin networks', () => {
  it('shape: CAIP-2 ids from the genesis hashes, BTC with 8 decimals, sats-connect names and address prefixes', () => {
    expect([bitcoinMainnet, bitcoinTestnet, bitcoinSignet, bitcoinRegtest].map((n) => [n.caipNetworkId, n.nativeCurrency.decimals, walletNetworkOf(n)])).toEqual([
      ['bip122:000000000019d6689c085ae165831e93', 8, 'Mainnet'],
      ['bip122:000000000933ea01ad0ee984209779ba', 8, 'Testnet'],
      ['bip122:00000008819873e925422c1ff0f99f7c', 8, 'Signet'],
      ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 8, 'Regtest'],
    ])
    expect(addressFitsNetwork(PAYMENT.address, bitcoinRegtest)).toBe(true)
    expect(addressFitsNetwork(PAYMENT.address, bitcoinMainnet)).toBe(false)
    expect(addressFitsNetwork(bitcoinDevAccounts('Signet').payment.address, bitcoinSignet)).toBe(true)
    expect(addressFitsNetwork(bitcoinDevAccounts('Mainnet').ordinals.address, bitcoinMainnet)).toBe(true)
  })
})
