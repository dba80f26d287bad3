/**
 * The Portico Dev Wallet's Solana side: a real Wallet Standard wallet on the local chain's dev keypairs. It signs
 * with ed25519 keys (WebCrypto, through `@solana/kit`), sends signed transactions through the chain's JSON-RPC and
 * implements standard:connect, standard:disconnect, standard:events, solana:signMessage, solana:signTransaction and
 * solana:signAndSendTransaction. Tests steer it like the EVM Dev Wallet: approve, reject or fail prompts, disconnect.
 */
import {
  createSolanaRpc,
  getAddressEncoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED,
  WalletStandardError,
  type IdentifierString,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
  type Wallet,
  type WalletAccount,
  type WalletIcon,
} from '@wallet-standard/core'
import { SOLANA_DEV_KEYS, signerFromSeed } from '../../solana/keys.js'

/** How the wallet answers requests that need the visitor's approval. */
export type SolanaDevWalletMode = 'approve' | 'reject' | 'fail'

/** Sync key-value storage (the Web Storage API shape); the browser entry passes `localStorage`. */
export type SolanaDevWalletStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void }

export type SolanaDevWalletParameters = {
  /** JSON-RPC URL per Wallet Standard chain. Default: `solana:localnet` on http://127.0.0.1:8899. */
  rpcUrls?: Readonly<Record<string, string>>
  /** 32-byte ed25519 seeds (hex) of the accounts, first one active. Default: the first two dev keys. */
  seeds?: readonly string[]
  /** Keeps authorisation across page loads (like an extension does per origin). */
  storage?: SolanaDevWalletStorage
  /** Storage key. Default `portico-dev-wallet-solana`. */
  storageKey?: string
}

/** A request the wallet received, for assertions (`silent`: a connect that may not prompt). */
export type SolanaDevWalletRequest = { feature: string; chain?: string; silent?: true }

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

export type SolanaDevWallet = Wallet & {
  readonly features: Features
  /** Addresses of the accounts, first one active. */
  readonly addresses: readonly string[]
  readonly authorized: boolean
  readonly mode: SolanaDevWalletMode
  /** Every request received, oldest first (the last 1000). */
  readonly requests: readonly SolanaDevWalletRequest[]
  /** How prompts are answered from now on. */
  setMode(mode: SolanaDevWalletMode): void
  /** The wallet ends the session by itself: authorisation dropped, `change` emitted with no accounts. */
  disconnect(): void
  /** Makes `address` (one of its accounts) the first, active one; emits `change` when the site is authorised. */
  useAccount(address: string): void
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#3b5bdb"/>' +
  '<path d="M28 30h26a14 14 0 0 1 0 28H40v10H28z" fill="#fff"/>' +
  '<rect x="40" y="40" width="14" height="8" rx="4" fill="#3b5bdb"/></svg>'

/** The wallet's icon (the Dev Wallet's), base64 as the Wallet Standard requires. */
export const SOLANA_DEV_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(ICON_SVG)}`
/** The name the wallet registers under. */
export const SOLANA_DEV_WALLET_NAME = 'Portico Dev Wallet'
/** The connector id the solana plugin gives it. */
export const SOLANA_DEV_WALLET_CONNECTOR_ID = 'solana.portico-dev-wallet'
/** The dev stack's local chain. */
export const DEFAULT_SOLANA_RPC_URLS: Readonly<Record<string, string>> = { 'solana:localnet': 'http://127.0.0.1:8899' }

function rejected(): Error {
  return new WalletStandardError(WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)
}

/**
 * Creates the wallet (async: the keys are imported into WebCrypto first).
 *
 * @example
 * const wallet = await createSolanaDevWallet({ rpcUrls: { 'solana:localnet': chain.rpcUrl } })
 * const { accounts } = await wallet.features['standard:connect'].connect()
 * wallet.setMode('reject') // the next prompt fails with the Wallet Standard's "request rejected"
 */
export async function createSolanaDevWallet(parameters: SolanaDevWalletParameters = {}): Promise<SolanaDevWallet> {
  const rpcUrls = { ...(parameters.rpcUrls ?? DEFAULT_SOLANA_RPC_URLS) }
  const chains = Object.keys(rpcUrls) as IdentifierString[]
  if (chains.length === 0 || !chains.every((c) => c.startsWith('solana:'))) throw new Error('A Solana dev wallet needs at least one solana: chain.')
  const signers: KeyPairSigner[] = await Promise.all((parameters.seeds ?? SOLANA_DEV_KEYS.slice(0, 2).map((k) => k.seed)).map((s) => signerFromSeed(s)))
  if (signers.length === 0) throw new Error('A Solana dev wallet needs at least one key.')
  const storageKey = parameters.storageKey ?? 'portico-dev-wallet-solana'
  const accounts: WalletAccount[] = signers.map((s) => {
    const account: WalletAccount = {
      address: s.address,
      publicKey: new Uint8Array(getAddressEncoder().encode(s.address)),
      chains: [...chains],
      features: [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction],
    }
    return Object.freeze(account)
  })
  let authorized = readAuthorized()
  let mode: SolanaDevWalletMode = 'approve'
  const requests: SolanaDevWalletRequest[] = []
  const listeners = new Set<StandardEventsListeners['change']>()
  const rpcs = new Map<string, ReturnType<typeof createSolanaRpc>>()

  function readAuthorized(): boolean {
    try {
      return JSON.parse(parameters.storage?.getItem(storageKey) ?? '{}')?.authorized === true
    } catch {
      return false
    }
  }
  function setAuthorized(next: boolean) {
    if (authorized === next) return
    authorized = next
    try {
      parameters.storage?.setItem(storageKey, JSON.stringify({ authorized }))
    } catch {
      /* storage full or blocked: the wallet still works for this page */
    }
    for (const listener of [...listeners]) listener({ accounts: wallet.accounts })
  }
  function record(feature: string, chain?: string, silent?: boolean) {
    requests.push({ feature, ...(chain ? { chain } : {}), ...(silent ? { silent: true as const } : {}) })
    if (requests.length > 1000) requests.shift()
  }
  function prompt() {
    if (mode === 'reject') throw rejected()
    if (mode === 'fail') throw new Error('The dev wallet failed on purpose.')
  }
  function signerOf(account: WalletAccount): KeyPairSigner {
    const signer = authorized ? signers.find((s) => s.address === account.address) : undefined
    if (!signer) throw new Error(`The account ${account.address} has not been authorised by the user.`)
    return signer
  }
  function rpcOf(chain: string) {
    const url = rpcUrls[chain]
    if (!url) throw new Error(`The dev wallet has no RPC for ${chain}.`)
    let rpc = rpcs.get(url)
    if (!rpc) rpcs.set(url, (rpc = createSolanaRpc(url)))
    return rpc
  }
  async function sign(input: SolanaSignTransactionInput): Promise<Transaction> {
    const signer = signerOf(input.account)
    if (input.chain && !rpcUrls[input.chain]) throw new Error(`The dev wallet does not serve ${input.chain}.`)
    const tx = getTransactionDecoder().decode(input.transaction)
    if (!(signer.address in tx.signatures)) throw new Error(`The transaction needs no signature from ${signer.address}.`)
    return partiallySignTransaction([signer.keyPair], tx)
  }

  const features: Features = {
    [StandardConnect]: {
      version: '1.0.0',
      async connect(input) {
        record(StandardConnect, undefined, input?.silent)
        if (!authorized) {
          if (input?.silent) return { accounts: [] }
          prompt()
          setAuthorized(true)
        }
        return { accounts: wallet.accounts }
      },
    },
    [StandardDisconnect]: {
      version: '1.0.0',
      async disconnect() {
        record(StandardDisconnect)
        setAuthorized(false)
      },
    },
    [StandardEvents]: {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    },
    [SolanaSignMessage]: {
      version: '1.1.0',
      async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
        record(SolanaSignMessage)
        prompt()
        return Promise.all(
          inputs.map(async ({ account, message }) => ({
            signedMessage: message,
            signature: new Uint8Array(await signBytes(signerOf(account).keyPair.privateKey, message)),
            signatureType: 'ed25519' as const,
          })),
        )
      },
    },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
        record(SolanaSignTransaction, inputs[0]?.chain)
        prompt()
        return Promise.all(inputs.map(async (input) => ({ signedTransaction: new Uint8Array(getTransactionEncoder().encode(await sign(input))) })))
      },
    },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
        record(SolanaSignAndSendTransaction, inputs[0]?.chain)
        prompt()
        const outputs = []
        for (const input of inputs) {
          const signed = await sign(input)
          const signature = await rpcOf(input.chain)
            .sendTransaction(getBase64EncodedWireTransaction(signed), {
              encoding: 'base64',
              preflightCommitment: input.options?.preflightCommitment ?? 'confirmed',
              ...(input.options?.skipPreflight !== undefined ? { skipPreflight: input.options.skipPreflight } : {}),
            })
            .send()
          outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
        }
        return outputs
      },
    },
  }

  const wallet: SolanaDevWallet = {
    version: '1.0.0',
    name: SOLANA_DEV_WALLET_NAME,
    icon: SOLANA_DEV_WALLET_ICON,
    chains,
    features,
    get accounts() {
      return authorized ? accounts : []
    },
    get addresses() {
      return accounts.map((a) => a.address)
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
    setMode(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'fail') throw new Error(`Unknown dev wallet mode "${String(next)}".`)
      mode = next
    },
    disconnect() {
      setAuthorized(false)
    },
    useAccount(address) {
      const i = accounts.findIndex((a) => a.address === address)
      if (i < 0) throw new Error(`The dev wallet has no account ${address}.`)
      accounts.unshift(...accounts.splice(i, 1))
      if (authorized) for (const listener of [...listeners]) listener({ accounts: wallet.accounts })
    },
  }
  return wallet
}
