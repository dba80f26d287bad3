/**
 * The Solana side of the WalletConnect test wallet: WalletConnect's `solana` namespace answered with the local chain's
 * dev keypairs (tests/solana/keys.ts). `solana_signMessage` signs the base58 message with ed25519,
 * `solana_signTransaction` signs a base64 wire transaction, and `solana_signAndSendTransaction` also sends it through
 * the chain's JSON-RPC. Answers follow the WalletConnect Solana RPC reference (base58 signatures).
 */
import {
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
} from '@solana/kit'
import { SOLANA_DEV_KEYS, signerFromSeed } from '../../solana/keys.js'

export type SolanaWalletOptions = {
  /** JSON-RPC URL per CAIP-2 chain (`solana:<genesis hash, 32 characters>`); these are the chains it approves. */
  rpcUrls: Readonly<Record<string, string>>
  /** 32-byte ed25519 seeds (hex), first one active. Default: the first two dev keys. */
  seeds?: readonly string[]
}

/** Methods the wallet offers in the solana namespace. */
export const SOLANA_WALLET_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

export type SolanaSide = {
  readonly chains: readonly string[]
  /** Base58 addresses, first one active. */
  readonly addresses: readonly string[]
  /** CAIP-10 accounts on `chains`. */
  accounts(chains: readonly string[]): string[]
  /** Answers one `solana_*` request for `chain`; throws `{ code, message }` on a bad request. */
  request(chain: string, method: string, params: unknown): Promise<unknown>
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const b58 = { toBytes: (s: string) => new Uint8Array(getBase58Encoder().encode(s)), fromBytes: (b: Uint8Array) => getBase58Decoder().decode(b) }
const b64 = { toBytes: (s: string) => new Uint8Array(getBase64Encoder().encode(s)), fromBytes: (b: Uint8Array) => getBase64Decoder().decode(b) }

/**
 * Loads the keypairs (WebCrypto) and returns the namespace's answers.
 *
 * @example
 * const solana = await createSolanaSide({ rpcUrls: { [SOLANA_LOCAL_CHAIN_ID]: chain.rpcUrl } })
 * await solana.request(SOLANA_LOCAL_CHAIN_ID, 'solana_signMessage', { message, pubkey })
 */
export async function createSolanaSide(options: SolanaWalletOptions): Promise<SolanaSide> {
  const chains = Object.keys(options.rpcUrls)
  if (!chains.length || !chains.every((c) => /^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(c))) throw new Error('The Solana side needs at least one solana:<reference> chain.')
  const signers: KeyPairSigner[] = await Promise.all((options.seeds ?? SOLANA_DEV_KEYS.slice(0, 2).map((k) => k.seed)).map((s) => signerFromSeed(s)))
  if (!signers.length) throw new Error('The Solana side needs at least one key.')
  const rpcs = new Map<string, ReturnType<typeof createSolanaRpc>>()

  const signerFor = (address: unknown) => {
    const signer = address === undefined ? signers[0] : signers.find((s) => s.address === address)
    if (!signer) throw rpcError(-32602, `The wallet has no account ${String(address)}.`)
    return signer
  }
  const param = (params: unknown, key: string): string => {
    const value = (params as Record<string, unknown> | undefined)?.[key]
    if (typeof value !== 'string' || !value) throw rpcError(-32602, `Expected "${key}" as a string.`)
    return value
  }
  /** Signs a wire transaction with whichever of the wallet's keys it needs. */
  async function sign(wire: string) {
    let tx
    try {
      tx = getTransactionDecoder().decode(b64.toBytes(wire))
    } catch {
      throw rpcError(-32602, 'The transaction is not a base64 wire transaction.')
    }
    const signer = signers.find((s) => s.address in tx.signatures)
    if (!signer) throw rpcError(-32602, 'The transaction needs no signature from this wallet.')
    const signed = await partiallySignTransaction([signer.keyPair], tx)
    return { signer, signed }
  }

  return {
    chains,
    addresses: signers.map((s) => s.address),
    accounts: (list) => list.filter((c) => chains.includes(c)).flatMap((c) => signers.map((s) => `${c}:${s.address}`)),
    async request(chain, method, params) {
      if (!chains.includes(chain)) throw rpcError(-32602, `The wallet does not serve ${chain}.`)
      switch (method) {
        case 'solana_signMessage': {
          const signer = signerFor((params as { pubkey?: unknown } | undefined)?.pubkey)
          const signature = await signBytes(signer.keyPair.privateKey, b58.toBytes(param(params, 'message')))
          return { signature: b58.fromBytes(new Uint8Array(signature)) }
        }
        case 'solana_signTransaction': {
          const { signer, signed } = await sign(param(params, 'transaction'))
          return { signature: b58.fromBytes(signed.signatures[signer.address]!), transaction: b64.fromBytes(new Uint8Array(getTransactionEncoder().encode(signed))) }
        }
        case 'solana_signAndSendTransaction': {
          const { signed } = await sign(param(params, 'transaction'))
          const url = options.rpcUrls[chain]!
          let rpc = rpcs.get(url)
          if (!rpc) rpcs.set(url, (rpc = createSolanaRpc(url)))
          const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
          return { signature }
        }
        default:
          throw rpcError(4200, `The wallet does not support ${method}.`)
      }
    },
  }
}
