import * as z from 'zod/mini'
import type { BitcoinErrors } from '../errors.js'
import type { BitcoinAccount, BitcoinWalletHandle } from './handle.js'
import { SatsAccountsSchema, SignatureSchema, SignedPsbtSchema, toAccounts, TxidSchema } from './schemas.js'

/** A provider that speaks WalletConnect's bip122 methods (`signMessage`, `signPsbt`, `sendTransfer`, `getAccountAddresses`). */
export type BitcoinRpcProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True when `value` has a `request` function (and is not a sats-connect provider, whose `request` takes two arguments). */
export function isBitcoinRpcProvider(value: unknown): value is BitcoinRpcProvider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function' && (value as { protocol?: unknown }).protocol !== 'sats-connect'
}

// the session's accounts, answered by the provider itself: plain addresses (the payment address first)
const SessionAccountsSchema = z.array(z.string().check(z.minLength(14), z.maxLength(100)))
// WalletConnect's getAccountAddresses: `{ address, publicKey?, path?, intention? }`
const AddressesSchema = z.array(z.object({ address: z.string().check(z.minLength(14)), publicKey: z.optional(z.string()), intention: z.optional(z.string()) }))

/**
 * The adapter's view of a request-based provider speaking WalletConnect's bip122 methods: the session's account
 * (`getAccounts`, answered by the connector from the session), `getAccountAddresses` for the ordinals address,
 * `signMessage` (`{ account, address, message, protocol }`), `signPsbt` (`signInputs` as `{ address, index }`),
 * `sendTransfer` (one recipient, amount in satoshis as a string) and `bip122_addressesChanged`.
 *
 * @example
 * const handle = rpcProviderHandle(walletConnectProvider, bitcoinErrors())
 */
export function rpcProviderHandle(provider: BitcoinRpcProvider, errors: BitcoinErrors): BitcoinWalletHandle {
  let account: string | undefined
  const call = async <T>(method: string, params: unknown, schema: z.ZodMiniType<T>): Promise<T> => {
    const answer = await provider.request({ method, params })
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw errors.invalidResponse(method, answer)
    return parsed.data
  }
  const payment = (address: string): BitcoinAccount => ({ address, publicKey: '', purpose: 'payment', addressType: '' })
  return {
    kind: 'rpc',
    async getAccounts({ silent }) {
      const [first] = await call('getAccounts', undefined, SessionAccountsSchema)
      account = first
      if (!first) return []
      // a silent read (a restore) asks the wallet nothing: the session's account is the answer
      if (silent) return [payment(first)]
      try {
        const listed = await call('getAccountAddresses', { account: first, intentions: ['payment', 'ordinal'] }, AddressesSchema)
        const typed = toAccounts(SatsAccountsSchema.parse(listed.map((a) => ({ address: a.address, publicKey: a.publicKey, purpose: a.intention ?? 'payment' }))))
        return typed.some((a) => a.address === first) ? [payment(first), ...typed.filter((a) => a.address !== first)] : [payment(first), ...typed]
      } catch {
        return [payment(first)] // a wallet without getAccountAddresses: the session's account alone
      }
    },
    async disconnect() {
      account = undefined
    },
    async signMessage({ address, message, protocol }) {
      const answer = await call('signMessage', { account: account ?? address, address, message, protocol: protocol.toLowerCase() }, SignatureSchema)
      return { signature: answer.signature, protocol }
    },
    async signPsbt({ psbt, signInputs, broadcast }) {
      const inputs = Object.entries(signInputs).flatMap(([address, indexes]) => indexes.map((index) => ({ address, index, sighashTypes: [1] })))
      const answer = await call('signPsbt', { account: account ?? inputs[0]?.address, psbt, signInputs: inputs, broadcast }, SignedPsbtSchema)
      return { psbt: answer.psbt, ...(answer.txid ? { txid: answer.txid } : {}) }
    },
    async sendTransfer({ from, recipients }) {
      if (recipients.length !== 1) throw errors.featureMissing('sendTransfer to several recipients')
      const [to] = recipients
      const { txid } = await call('sendTransfer', { account: account ?? from, recipientAddress: to!.address, amount: to!.amount.toString() }, TxidSchema)
      return txid
    },
    onEvent(listener) {
      const changed = (list: unknown) => {
        const parsed = SessionAccountsSchema.safeParse(list)
        if (!parsed.success) return
        account = parsed.data[0]
        listener({ type: 'accounts', accounts: parsed.data.map(payment) })
      }
      provider.on?.('accountsChanged', changed)
      return () => void provider.removeListener?.('accountsChanged', changed)
    },
  }
}
