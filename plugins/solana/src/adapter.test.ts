// @vitest-environment node
// node: WebCrypto (ed25519 signing) refuses byte arrays made from jsdom's Uint8Array, which @solana/kit uses under jsdom
import { ed25519 } from '@noble/curves/ed25519.js'
import { defineConnector, type Connector } from '@portico/contracts/plugin'
import { SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID, signerFromSeed } from '@portico/tests/solana/keys'
import { createSolanaDevWallet, type SolanaDevWallet } from '@portico/tests/wallets/solana'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  type Address,
} from '@solana/kit'
import { beforeEach, describe, expect, it } from 'vitest'
import { createSolanaAdapter, type SolanaAdapter } from './adapter/index.js'
import { createLazySolanaAdapter } from './adapter/lazy.js'
import { solanaDevnet } from './networks.js'

const [alice, bob] = SOLANA_DEV_KEYS as [(typeof SOLANA_DEV_KEYS)[number], (typeof SOLANA_DEV_KEYS)[number]]
const local = { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: 'http://127.0.0.1:1' }
const publicKey = (a: string) => new Uint8Array(getAddressEncoder().encode(a as Address))

function transfer(from: Address, to: Address): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 10n }, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: 1n }), m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const connectorFor = (provider: unknown, id = 'test.wallet'): Connector =>
  defineConnector({ id, name: 'Test', type: 'ANNOUNCED', chains: ['solana'], info: { rdns: id }, getProvider: async () => provider })

describe('solana adapter with a Wallet Standard wallet', () => {
  let wallet: SolanaDevWallet
  let adapter: SolanaAdapter
  let connector: Connector
  beforeEach(async () => {
    // the wallet serves the local chain and devnet, so switching between them is real
    wallet = await createSolanaDevWallet({ rpcUrls: { 'solana:localnet': local.rpcUrl, 'solana:devnet': 'http://127.0.0.1:1' } })
    adapter = createSolanaAdapter({ local })
    connector = connectorFor(wallet)
  })

  it('shape: mainnet, testnet, devnet then the local chain; SOL with 9 decimals; the local one carries its websocket', () => {
    const withWs = createSolanaAdapter({ local: { ...local, wsUrl: 'ws://127.0.0.1:2' } })
    expect(withWs.networks.map((n) => [n.caipNetworkId, n.nativeCurrency.symbol, n.nativeCurrency.decimals])).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'SOL', 9],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'SOL', 9],
      ['solana:EtWTRABZaYq6iMfeYKouRu7UQasdZ2VG', 'SOL', 9],
      [SOLANA_LOCAL_CHAIN_ID, 'SOL', 9],
    ])
    expect(withWs.networks.at(-1)!.rpcUrls.default).toEqual({ http: ['http://127.0.0.1:1'], webSocket: ['ws://127.0.0.1:2'] })
  })

  it('behavior: connect on the requested network the account serves, chainId = CAIP-2 reference', async () => {
    const result = await adapter.connect({ connector, network: solanaDevnet })
    expect(result).toEqual({ address: alice.address, accounts: [alice.address, bob.address], chainId: solanaDevnet.id })
    expect(adapter.getNetwork(connector)?.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
  })

  it('behavior: switchNetwork moves the session and tells watchers; unsubscribing stops it; a chain the account does not serve is refused', async () => {
    await adapter.connect({ connector, network: solanaDevnet })
    const chains: (string | number)[] = []
    const stop = await adapter.watch({ connector, onChainChanged: (id) => chains.push(id) })
    const localNetwork = adapter.networks.at(-1)!
    await adapter.switchNetwork({ connector, network: localNetwork })
    expect(chains).toEqual([SOLANA_LOCAL_CHAIN_ID.slice('solana:'.length)])
    stop()
    await adapter.switchNetwork({ connector, network: solanaDevnet })
    expect(chains).toHaveLength(1)
    await expect(adapter.switchNetwork({ connector, network: adapter.networks[0]! })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      shortMessage: 'The wallet has no account on Solana.',
    })
  })

  it('behavior: signTransaction returns the wire transaction signed by the account (base64), signAllTransactions keeps the order', async () => {
    await adapter.connect({ connector })
    const signed = await adapter.signTransaction({ connector, transaction: transfer(alice.address, bob.address) })
    const tx = getTransactionDecoder().decode(new Uint8Array(getBase64Encoder().encode(signed)))
    expect(ed25519.verify(tx.signatures[alice.address]!, tx.messageBytes as Uint8Array, publicKey(alice.address))).toBe(true)

    const one = transfer(alice.address, bob.address)
    const two = getBase64Decoder().decode(transfer(alice.address, alice.address))
    const all = await adapter.signAllTransactions({ connector, transactions: [one, two] })
    expect(all).toHaveLength(2)
    expect(getTransactionDecoder().decode(new Uint8Array(getBase64Encoder().encode(all[1]!))).messageBytes).toEqual(
      getTransactionDecoder().decode(new Uint8Array(getBase64Encoder().encode(two))).messageBytes,
    )
  })

  it('behavior: the wallet emptying its accounts is a disconnect; reconnect is silent and yields nothing after a revoke', async () => {
    await adapter.connect({ connector })
    let disconnected = 0
    await adapter.watch({ connector, onDisconnect: () => disconnected++ })
    wallet.disconnect()
    expect(disconnected).toBe(1)
    wallet.setMode('reject')
    expect(await adapter.reconnect({ connector })).toBeUndefined()
  })

  it('error: refusals are USER_REJECTED worded after the action; a wallet without the feature is FEATURE_NOT_SUPPORTED', async () => {
    wallet.setMode('reject')
    await expect(adapter.connect({ connector })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    wallet.setMode('approve')
    await adapter.connect({ connector })
    wallet.setMode('reject')
    await expect(adapter.signTransaction({ connector, transaction: transfer(alice.address, bob.address) })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })

    const { 'solana:signMessage': _, ...features } = wallet.features
    const limited = { ...wallet, features, accounts: wallet.accounts, chains: wallet.chains }
    const limitedConnector = connectorFor(limited, 'limited.wallet')
    wallet.setMode('approve')
    await adapter.connect({ connector: limitedConnector })
    await expect(adapter.signMessage({ connector: limitedConnector, address: alice.address, message: 'x' })).rejects.toMatchObject({
      code: 'FEATURE_NOT_SUPPORTED',
      shortMessage: 'The wallet does not support solana:signMessage.',
    })
  })

  it('error: sendTransaction checks its input before asking anyone (SPEC §5 wording); an unreachable RPC is RPC_REQUEST_FAILED', async () => {
    await adapter.connect({ connector })
    const send = (transaction: { to: string; value?: bigint; data?: string }) => adapter.sendTransaction({ connector, address: alice.address, network: adapter.networks.at(-1)!, transaction })
    await expect(send({ to: 'not-an-address', value: 1n })).rejects.toMatchObject({ code: 'INVALID_TRANSACTION', shortMessage: 'Please enter a valid amount and receiver address' })
    await expect(send({ to: bob.address, value: 0n })).rejects.toMatchObject({ code: 'INVALID_TRANSACTION' })
    await expect(send({ to: bob.address, value: 1n, data: '0x12' })).rejects.toMatchObject({ code: 'INVALID_TRANSACTION' })
    expect(wallet.requests.filter((r) => r.feature !== 'standard:connect')).toEqual([])
    await expect(send({ to: bob.address, value: 1n })).rejects.toMatchObject({ code: 'RPC_REQUEST_FAILED', shortMessage: 'Could not read from Solana Local.' })
    await expect(adapter.getBalance({ address: 'nope', network: solanaDevnet })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
  })

  it('behavior: errors are worded through the `t` it is given', async () => {
    const translated = createSolanaAdapter({ local, t: (key) => `«${key}»` })
    wallet.setMode('reject')
    await expect(translated.connect({ connector })).rejects.toMatchObject({ shortMessage: '«solana.error.connectionDeclined»' })
  })
})

describe('solana adapter with a solana_* request provider (WalletConnect, embedded wallet)', () => {
  it('behavior: accounts, signMessage (base58) and signTransaction answered with only a signature are handled', async () => {
    const signer = await signerFromSeed(alice.seed)
    const requests: { method: string; params: unknown }[] = []
    let refuse = false
    const provider = {
      async request({ method, params }: { method: string; params?: any }) {
        requests.push({ method, params })
        if (refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        switch (method) {
          case 'solana_requestAccounts':
          case 'solana_getAccounts':
            return [{ pubkey: alice.address }]
          case 'solana_signMessage': {
            const bytes = new Uint8Array(getBase58Encoder().encode(params.message))
            return { signature: getBase58Decoder().decode(new Uint8Array(await signBytes(signer.keyPair.privateKey, bytes))) }
          }
          case 'solana_signTransaction': {
            const tx = getTransactionDecoder().decode(new Uint8Array(getBase64Encoder().encode(params.transaction)))
            return { signature: getBase58Decoder().decode(new Uint8Array(await signBytes(signer.keyPair.privateKey, tx.messageBytes as Uint8Array))) }
          }
          default:
            return { unexpected: true }
        }
      },
    }
    const adapter = createSolanaAdapter({ local })
    const connector = connectorFor(provider, 'rpc.wallet')
    expect(await adapter.connect({ connector })).toMatchObject({ address: alice.address, accounts: [alice.address] })
    const signature = await adapter.signMessage({ connector, address: alice.address, message: 'hi' })
    expect(ed25519.verify(new Uint8Array(getBase58Encoder().encode(signature)), new TextEncoder().encode('hi'), publicKey(alice.address))).toBe(true)
    expect(requests.find((r) => r.method === 'solana_signMessage')!.params).toEqual({ message: getBase58Decoder().decode(new TextEncoder().encode('hi')), pubkey: alice.address })

    const signed = await adapter.signTransaction({ connector, transaction: transfer(alice.address, bob.address) })
    const tx = getTransactionDecoder().decode(new Uint8Array(getBase64Encoder().encode(signed)))
    expect(ed25519.verify(tx.signatures[alice.address]!, tx.messageBytes as Uint8Array, publicKey(alice.address))).toBe(true)

    await expect(adapter.signAllTransactions({ connector, transactions: [transfer(alice.address, bob.address), transfer(alice.address, bob.address)] })).rejects.toMatchObject({
      code: 'INVALID_WALLET_RESPONSE',
      shortMessage: 'The wallet answered solana_signAllTransactions with an invalid value.',
    })
    refuse = true
    await expect(adapter.signMessage({ connector, address: alice.address, message: 'no' })).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('error: a connector with no usable solana provider is PROVIDER_NOT_FOUND', async () => {
    const adapter = createSolanaAdapter()
    await expect(adapter.connect({ connector: connectorFor({}) })).rejects.toMatchObject({ code: 'PROVIDER_NOT_FOUND' })
    const failing = defineConnector({ id: 'x.y', name: 'X', type: 'ANNOUNCED', chains: ['solana'], getProvider: async () => Promise.reject(new Error('nope')) })
    await expect(adapter.connect({ connector: failing })).rejects.toMatchObject({ code: 'PROVIDER_NOT_FOUND' })
  })
})

describe('lazy solana adapter', () => {
  it('behavior: networks and capabilities at once; methods load the real adapter and behave the same', async () => {
    const lazy = createLazySolanaAdapter({ local })
    expect(lazy.networks.map((n) => n.caipNetworkId).at(-1)).toBe(SOLANA_LOCAL_CHAIN_ID)
    expect(lazy.capabilities).toEqual(['waitForTransaction'])
    const wallet = await createSolanaDevWallet()
    const connector = connectorFor(wallet)
    expect((await lazy.connect({ connector })).address).toBe(alice.address)
    expect(lazy.getNetwork(connector)?.caipNetworkId).toBe(SOLANA_LOCAL_CHAIN_ID)
    lazy.destroy()
  })
})
