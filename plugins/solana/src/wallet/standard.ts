import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature, Wallet, WalletAccount } from '@wallet-standard/core'
import type { SolanaErrors } from '../errors.js'
import { isBytes } from './bytes.js'
import type { SolanaWalletHandle } from './handle.js'

/** A Wallet Standard wallet that can serve Solana: standard:connect, a `solana:` chain and a `solana:` feature. */
export function isSolanaStandardWallet(value: unknown): value is Wallet {
  if (typeof value !== 'object' || value === null) return false
  const w = value as Partial<Wallet>
  if (typeof w.name !== 'string' || !Array.isArray(w.chains) || typeof w.features !== 'object' || w.features === null) return false
  const features = Object.keys(w.features)
  return (
    features.includes('standard:connect') &&
    features.some((f) => f.startsWith('solana:')) &&
    w.chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))
  )
}

type Features = Partial<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature
>

const solanaAccounts = (accounts: readonly WalletAccount[]) => accounts.filter((a) => a.chains.some((c) => c.startsWith('solana:')))

/**
 * The adapter's view of a Wallet Standard wallet.
 *
 * @example
 * const handle = standardWalletHandle(wallet, solanaErrors())
 * const [address] = await handle.connect({ silent: false, chain: 'solana:devnet' })
 */
export function standardWalletHandle(wallet: Wallet, errors: SolanaErrors): SolanaWalletHandle {
  const features = wallet.features as Features
  const account = (address: string) => {
    const found = wallet.accounts.find((a) => a.address === address)
    if (!found) throw errors.notConnected(`the wallet has no account ${address}`)
    return found
  }
  const feature = <K extends keyof Features>(name: K): NonNullable<Features[K]> => {
    const f = features[name]
    if (!f) throw errors.featureMissing(name)
    return f as NonNullable<Features[K]>
  }
  const signAndSend = features['solana:signAndSendTransaction']

  return {
    kind: 'wallet-standard',
    async connect({ silent, chain }) {
      const { accounts } = await feature('standard:connect').connect(silent ? { silent: true } : undefined)
      const list = solanaAccounts(accounts)
      // accounts on the chain first; a wallet that does not say which chains an account serves is taken at its word
      return [...list.filter((a) => a.chains.includes(chain as `${string}:${string}`)), ...list.filter((a) => !a.chains.includes(chain as `${string}:${string}`))].map(
        (a) => a.address,
      )
    },
    async disconnect() {
      await features['standard:disconnect']?.disconnect()
    },
    supportsChain(address, chain) {
      const a = wallet.accounts.find((x) => x.address === address)
      return Boolean(a && a.chains.includes(chain as `${string}:${string}`))
    },
    async signMessage({ address, message }) {
      const [output] = await feature('solana:signMessage').signMessage({ account: account(address), message })
      if (!isBytes(output?.signature) || output.signature.length !== 64) throw errors.invalidResponse('solana:signMessage', output)
      return output.signature
    },
    async signTransactions({ address, chain, transactions }) {
      const a = account(address)
      const outputs = await feature('solana:signTransaction').signTransaction(
        ...transactions.map((transaction) => ({ account: a, transaction: new Uint8Array(transaction), chain: chain as `${string}:${string}` })),
      )
      if (outputs.length !== transactions.length || !outputs.every((o) => isBytes(o?.signedTransaction))) {
        throw errors.invalidResponse('solana:signTransaction', outputs)
      }
      return outputs.map((o) => o.signedTransaction)
    },
    ...(signAndSend
      ? {
          async signAndSendTransaction({ address, chain, transaction }: { address: string; chain: string; transaction: Uint8Array }) {
            const [output] = await signAndSend.signAndSendTransaction({ account: account(address), transaction, chain: chain as `${string}:${string}` })
            if (!isBytes(output?.signature) || output.signature.length !== 64) throw errors.invalidResponse('solana:signAndSendTransaction', output)
            return output.signature
          },
        }
      : {}),
    onAccountsChanged(listener) {
      const events = features['standard:events']
      if (!events) return () => {}
      return events.on('change', (properties) => {
        if (properties.accounts) listener(solanaAccounts(properties.accounts).map((a) => a.address))
      })
    },
  }
}
