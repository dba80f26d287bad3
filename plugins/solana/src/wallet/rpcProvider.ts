import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, getTransactionDecoder, getTransactionEncoder, type Address, type SignatureBytes } from '@solana/kit'
import * as z from 'zod/mini'
import type { SolanaErrors } from '../errors.js'
import type { SolanaWalletHandle } from './handle.js'

/** A provider that speaks the `solana_*` JSON-RPC methods (WalletConnect's Solana namespace, the embedded wallet). */
export type SolanaRpcProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True when `value` has a `request` function. */
export function isSolanaRpcProvider(value: unknown): value is SolanaRpcProvider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

const Base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
const Base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/))
// accounts: `[{ pubkey }]` (WalletConnect) or plain addresses
const AccountsSchema = z.array(z.union([Base58, z.object({ pubkey: Base58 })]))
const SignatureSchema = z.object({ signature: Base58 })
const SignedSchema = z.object({ signature: z.optional(Base58), transaction: z.optional(Base64) })
const SignedAllSchema = z.object({ transactions: z.array(Base64) })

const b58 = { encode: (s: string) => new Uint8Array(getBase58Encoder().encode(s)), decode: (b: Uint8Array) => getBase58Decoder().decode(b) }
const b64 = { encode: (s: string) => new Uint8Array(getBase64Encoder().encode(s)), decode: (b: Uint8Array) => getBase64Decoder().decode(b) }

/** Puts a signature for `signer` into a wire transaction (wallets that answer only the signature). */
function withSignature(wire: Uint8Array, signer: string, signature: Uint8Array): Uint8Array {
  const tx = getTransactionDecoder().decode(wire)
  if (!(signer in tx.signatures)) throw new Error(`The transaction needs no signature from ${signer}.`)
  const signatures = { ...tx.signatures, [signer as Address]: signature as SignatureBytes }
  return new Uint8Array(getTransactionEncoder().encode({ ...tx, signatures }))
}

/**
 * The adapter's view of a request-based provider speaking `solana_requestAccounts`, `solana_getAccounts`,
 * `solana_signMessage` (base58), `solana_signTransaction`, `solana_signAllTransactions` and
 * `solana_signAndSendTransaction` (base64 wire transactions); every answer is validated.
 *
 * @example
 * const handle = rpcProviderHandle(provider, solanaErrors())
 */
export function rpcProviderHandle(provider: SolanaRpcProvider, errors: SolanaErrors): SolanaWalletHandle {
  let accounts: string[] = []
  const call = async <T>(method: string, params: unknown, schema: z.ZodMiniType<T>): Promise<T> => {
    const answer = await provider.request({ method, params })
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw errors.invalidResponse(method, answer)
    return parsed.data
  }
  const toAddresses = (list: z.infer<typeof AccountsSchema>) => list.map((a) => (typeof a === 'string' ? a : a.pubkey))
  return {
    kind: 'rpc',
    async connect({ silent }) {
      accounts = toAddresses(await call(silent ? 'solana_getAccounts' : 'solana_requestAccounts', undefined, AccountsSchema))
      return accounts
    },
    async disconnect() {
      accounts = []
    },
    supportsChain: () => true,
    async signMessage({ address, message }) {
      const { signature } = await call('solana_signMessage', { message: b58.decode(message), pubkey: address }, SignatureSchema)
      return b58.encode(signature)
    },
    async signTransactions({ address, transactions }) {
      if (transactions.length === 1) {
        const wire = transactions[0]!
        const answer = await call('solana_signTransaction', { transaction: b64.decode(wire) }, SignedSchema)
        if (answer.transaction) return [b64.encode(answer.transaction)]
        if (answer.signature) return [withSignature(wire, address, b58.encode(answer.signature))]
        throw errors.invalidResponse('solana_signTransaction', answer)
      }
      const { transactions: signed } = await call('solana_signAllTransactions', { transactions: transactions.map((t) => b64.decode(t)) }, SignedAllSchema)
      if (signed.length !== transactions.length) throw errors.invalidResponse('solana_signAllTransactions', signed)
      return signed.map((t) => b64.encode(t))
    },
    async signAndSendTransaction({ transaction }) {
      const { signature } = await call('solana_signAndSendTransaction', { transaction: b64.decode(transaction) }, SignatureSchema)
      return b58.encode(signature)
    },
    onAccountsChanged(listener) {
      const changed = (list: unknown) => {
        const parsed = AccountsSchema.safeParse(list)
        if (parsed.success) listener((accounts = toAddresses(parsed.data)))
      }
      provider.on?.('accountsChanged', changed)
      return () => void provider.removeListener?.('accountsChanged', changed)
    },
  }
}
