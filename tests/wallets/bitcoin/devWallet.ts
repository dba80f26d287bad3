/**
 * The Portico Dev Wallet's Bitcoin side: a wallet speaking the sats-connect provider protocol
 * (`request(method, params)` answering JSON-RPC 2.0 messages, `addListener({ eventName, cb })`), with a P2WPKH
 * payment address and a key-path P2TR ordinals address (tests/wallets/bitcoin/keys.ts), regtest by default. It
 * answers getInfo, getAccounts, getAddresses, wallet_connect, wallet_getAccount, wallet_getNetwork,
 * wallet_changeNetwork, wallet_renouncePermissions, wallet_disconnect, signMessage (BIP-322), signPsbt and
 * sendTransfer (which spends the fixture UTXO: there is no node). Tests steer it like the EVM Dev Wallet.
 */
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { signBip322 } from './bip322.js'
import { BITCOIN_DEV_NETWORKS, BITCOIN_FIXTURE_FEE, BITCOIN_FIXTURE_UTXO, bitcoinDevAccounts, type BitcoinDevNetworkName } from './keys.js'

/** How the wallet answers requests that need the visitor's approval. */
export type BitcoinDevWalletMode = 'approve' | 'reject' | 'fail'

/** Sync key-value storage (the Web Storage API shape); the browser entry passes `localStorage`. */
export type BitcoinDevWalletStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void }

export type BitcoinDevWalletParameters = {
  /** The network its addresses are for at first. Default Regtest. */
  network?: BitcoinDevNetworkName
  /** Keeps authorisation and network across page loads (like an extension does per origin). */
  storage?: BitcoinDevWalletStorage
  /** Storage key. Default `portico-dev-wallet-bitcoin`. */
  storageKey?: string
}

/** A request the wallet received, for assertions. */
export type BitcoinDevWalletRequest = { method: string; params: unknown }

/** What the wallet answers: a JSON-RPC 2.0 response message, as sats-connect expects. */
export type RpcResponseMessage = { jsonrpc: '2.0'; id: string; result: unknown } | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

type Listener = { eventName: string; cb: (event: unknown) => void }

/** sats-connect's error codes. */
export const RPC_ERRORS = { INVALID_PARAMS: -32602, INTERNAL_ERROR: -32603, METHOD_NOT_FOUND: -32601, USER_REJECTION: -32000, ACCESS_DENIED: -32002 } as const

export type BitcoinDevWallet = {
  /** The provider object sats-connect calls (`window.PorticoDevWallet.BitcoinProvider`). */
  readonly provider: { request(method: string, params: unknown): Promise<RpcResponseMessage>; addListener(info: Listener): () => void }
  readonly network: BitcoinDevNetworkName
  /** The addresses on the current network. */
  readonly addresses: { payment: string; ordinals: string }
  readonly authorized: boolean
  readonly mode: BitcoinDevWalletMode
  /** Every request received, oldest first (the last 1000). */
  readonly requests: readonly BitcoinDevWalletRequest[]
  /** Raw transactions (hex) it signed for sendTransfer or a broadcast signPsbt, oldest first. */
  readonly sent: readonly string[]
  /** How prompts are answered from now on. */
  setMode(mode: BitcoinDevWalletMode): void
  /** The wallet ends the session by itself: authorisation dropped, `disconnect` emitted. */
  disconnect(): void
}

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const NETWORK_NAMES = Object.keys(BITCOIN_DEV_NETWORKS) as BitcoinDevNetworkName[]

/**
 * Creates the wallet.
 *
 * @example
 * const wallet = createBitcoinDevWallet({ storage: localStorage })
 * const answer = await wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] })
 * wallet.setMode('reject') // the next prompt answers USER_REJECTION (-32000)
 */
export function createBitcoinDevWallet(parameters: BitcoinDevWalletParameters = {}): BitcoinDevWallet {
  const storageKey = parameters.storageKey ?? 'portico-dev-wallet-bitcoin'
  const stored = (() => {
    try {
      const value = JSON.parse(parameters.storage?.getItem(storageKey) ?? '{}')
      return isRecord(value) ? value : {}
    } catch {
      return {}
    }
  })()
  let authorized = stored.authorized === true
  let network: BitcoinDevNetworkName = NETWORK_NAMES.includes(stored.network as BitcoinDevNetworkName) ? (stored.network as BitcoinDevNetworkName) : (parameters.network ?? 'Regtest')
  let mode: BitcoinDevWalletMode = 'approve'
  const requests: BitcoinDevWalletRequest[] = []
  const sent: string[] = []
  const listeners = new Set<Listener>()
  const save = () => {
    try {
      parameters.storage?.setItem(storageKey, JSON.stringify({ authorized, network }))
    } catch {
      /* storage full or blocked: the wallet still works for this page */
    }
  }
  const emit = (eventName: string, event: object) => {
    for (const l of [...listeners]) if (l.eventName === eventName) l.cb({ type: eventName, ...event })
  }
  const accounts = () => bitcoinDevAccounts(network)
  const described = () => {
    const a = accounts()
    return [
      { address: a.payment.address, publicKey: hexOf(a.payment.publicKey), purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
      { address: a.ordinals.address, publicKey: hexOf(a.ordinals.publicKey), purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
    ]
  }
  const networkAnswer = () => ({ bitcoin: { name: network }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } })
  /** A request that needs the visitor: refused in reject mode, failing in fail mode. */
  const prompt = () => {
    if (mode === 'reject') throw new RpcFailure(RPC_ERRORS.USER_REJECTION, 'User rejected the request.')
    if (mode === 'fail') throw new RpcFailure(RPC_ERRORS.INTERNAL_ERROR, 'The Dev Wallet was told to fail.')
  }
  const authorise = () => {
    prompt()
    if (!authorized) {
      authorized = true
      save()
    }
  }
  const requireAuthorized = () => {
    if (!authorized) throw new RpcFailure(RPC_ERRORS.ACCESS_DENIED, 'The site is not connected to the Dev Wallet.')
  }
  const keyOf = (address: string) => {
    const a = accounts()
    if (address === a.payment.address) return a.payment
    if (address === a.ordinals.address) return a.ordinals
    throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, `The Dev Wallet has no address ${address} on ${network}.`)
  }

  const methods: Record<string, (params: unknown) => unknown> = {
    getInfo: () => ({ version: '1.0.0', platform: 'web', methods: Object.keys(methods), supports: [] }),
    getAccounts: () => (authorise(), described()),
    getAddresses: () => (authorise(), { addresses: described(), network: networkAnswer() }),
    wallet_connect: () => (authorise(), { id: 'portico-dev', addresses: described(), walletType: 'software', network: networkAnswer() }),
    wallet_getAccount: () => (requireAuthorized(), { id: 'portico-dev', addresses: described(), walletType: 'software', network: networkAnswer() }),
    wallet_getNetwork: () => networkAnswer(),
    wallet_changeNetwork: (params) => {
      requireAuthorized()
      const name = isRecord(params) ? params.name : undefined
      if (!NETWORK_NAMES.includes(name as BitcoinDevNetworkName)) throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, `Unknown network ${String(name)}.`)
      if (name !== network) {
        network = name as BitcoinDevNetworkName
        save()
        emit('networkChange', { ...networkAnswer(), addresses: described() })
      }
      return null
    },
    wallet_renouncePermissions: () => {
      authorized = false
      save()
      return null
    },
    wallet_disconnect: () => {
      authorized = false
      save()
      return null
    },
    signMessage: (params) => {
      requireAuthorized()
      if (!isRecord(params) || typeof params.address !== 'string' || typeof params.message !== 'string') throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, 'Expected { address, message }.')
      if (params.protocol === 'ECDSA') throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, 'The Dev Wallet signs with BIP-322 only (its addresses are segwit and taproot).')
      const key = keyOf(params.address)
      prompt()
      const signature = signBip322({ privateKey: key.privateKey, payment: key, message: params.message })
      return { signature, messageHash: '', address: params.address, protocol: 'BIP322' }
    },
    signPsbt: (params) => {
      requireAuthorized()
      if (!isRecord(params) || typeof params.psbt !== 'string') throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, 'Expected { psbt }.')
      let tx: btc.Transaction
      try {
        tx = btc.Transaction.fromPSBT(base64.decode(params.psbt))
      } catch (error) {
        throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, `Not a PSBT: ${(error as Error).message}`)
      }
      const signInputs = isRecord(params.signInputs) ? params.signInputs : {}
      const jobs = Object.entries(signInputs).flatMap(([address, indexes]) =>
        Array.isArray(indexes) ? indexes.map((index) => ({ key: keyOf(address), index: Number(index) })) : [],
      )
      if (!jobs.length) throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, 'signInputs names no input to sign.')
      prompt()
      for (const { key, index } of jobs) {
        if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, `The PSBT has no input ${index}.`)
        try {
          tx.signIdx(key.privateKey, index)
        } catch (error) {
          throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, `Input ${index} cannot be signed by ${key.address}: ${(error as Error).message}`)
        }
      }
      if (params.broadcast !== true) return { psbt: base64.encode(tx.toPSBT()) }
      tx.finalize()
      sent.push(tx.hex)
      return { psbt: base64.encode(tx.toPSBT()), txid: tx.id }
    },
    sendTransfer: (params) => {
      requireAuthorized()
      const recipients = isRecord(params) && Array.isArray(params.recipients) ? params.recipients : []
      if (!recipients.length || !recipients.every((r) => isRecord(r) && typeof r.address === 'string' && Number.isSafeInteger(r.amount) && (r.amount as number) > 0))
        throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, 'Expected { recipients: [{ address, amount }] } with amounts in satoshis.')
      const { payment } = accounts()
      const net = BITCOIN_DEV_NETWORKS[network]
      const total = recipients.reduce((sum, r) => sum + BigInt(r.amount as number), 0n)
      const change = BITCOIN_FIXTURE_UTXO.amount - total - BITCOIN_FIXTURE_FEE
      if (change < 0n) throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, 'Insufficient funds: the Dev Wallet holds one coin of 1 BTC.')
      const tx = new btc.Transaction()
      tx.addInput({ txid: BITCOIN_FIXTURE_UTXO.txid, index: BITCOIN_FIXTURE_UTXO.index, witnessUtxo: { script: payment.script, amount: BITCOIN_FIXTURE_UTXO.amount } })
      for (const r of recipients) {
        try {
          tx.addOutputAddress(r.address as string, BigInt(r.amount as number), net)
        } catch (error) {
          throw new RpcFailure(RPC_ERRORS.INVALID_PARAMS, `${String(r.address)} is not an address on ${network}: ${(error as Error).message}`)
        }
      }
      if (change >= 546n) tx.addOutputAddress(payment.address, change, net)
      prompt()
      tx.sign(payment.privateKey)
      tx.finalize()
      sent.push(tx.hex)
      return { txid: tx.id }
    },
  }

  const provider = {
    async request(method: string, params: unknown): Promise<RpcResponseMessage> {
      const id = crypto.randomUUID()
      requests.push({ method, params })
      if (requests.length > 1000) requests.shift()
      const handler = Object.prototype.hasOwnProperty.call(methods, method) ? methods[method] : undefined
      if (!handler) return { jsonrpc: '2.0', id, error: { code: RPC_ERRORS.METHOD_NOT_FOUND, message: `The Dev Wallet has no method ${method}.` } }
      try {
        return { jsonrpc: '2.0', id, result: await handler(params) }
      } catch (error) {
        const code = error instanceof RpcFailure ? error.code : RPC_ERRORS.INTERNAL_ERROR
        return { jsonrpc: '2.0', id, error: { code, message: (error as Error).message } }
      }
    },
    addListener(info: Listener): () => void {
      listeners.add(info)
      return () => void listeners.delete(info)
    },
  }

  return {
    provider,
    get network() {
      return network
    },
    get addresses() {
      const a = accounts()
      return { payment: a.payment.address, ordinals: a.ordinals.address }
    },
    get authorized() {
      return authorized
    },
    get mode() {
      return mode
    },
    get requests() {
      return requests
    },
    get sent() {
      return sent
    },
    setMode(next) {
      mode = next
    },
    disconnect() {
      authorized = false
      save()
      emit('disconnect', {})
    },
  }
}
