/**
 * The Bitcoin side of the WalletConnect test wallet: WalletConnect's `bip122` namespace answered with the Bitcoin Dev
 * Wallet's keys (tests/wallets/bitcoin/keys.ts) on regtest. The session's account is the payment (P2WPKH) address;
 * `getAccountAddresses` adds the ordinals (P2TR) one; `signMessage` signs with BIP-322; `signPsbt` signs the inputs
 * `signInputs` names (`[{ address, index }]`); `sendTransfer` spends the fixture coin, like the Dev Wallet (there is
 * no bitcoin node). Parameters and answers follow WalletConnect's Bitcoin RPC reference.
 */
import { createBitcoinDevWallet, type BitcoinDevWallet } from '../bitcoin/devWallet.js'
import { BITCOIN_CAIP_IDS } from '../bitcoin/keys.js'

/** Methods the wallet offers in the bip122 namespace. */
export const BITCOIN_WALLET_METHODS = ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'] as const
/** Events it declares (WalletConnect's Bitcoin reference). */
export const BITCOIN_WALLET_EVENTS = ['bip122_addressesChanged'] as const

export type BitcoinSide = {
  readonly chains: readonly string[]
  /** The payment and ordinals addresses on regtest. */
  readonly addresses: { payment: string; ordinals: string }
  /** The Dev Wallet it signs with (its `sent` transactions, its requests). */
  readonly wallet: BitcoinDevWallet
  /** CAIP-10 accounts on `chains`: the payment address only (WalletConnect's account is the first external address). */
  accounts(chains: readonly string[]): string[]
  /** Answers one bip122 request for `chain`; throws `{ code, message }` on a bad request. */
  request(chain: string, method: string, params: unknown): Promise<unknown>
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})

/**
 * The namespace's answers, over a Bitcoin Dev Wallet that stays approving (the WalletConnect wallet's mode decides).
 *
 * @example
 * const bitcoin = createBitcoinSide()
 * await bitcoin.request(BITCOIN_CAIP_IDS.Regtest, 'signMessage', { account, address, message: 'Hello' })
 */
export function createBitcoinSide(): BitcoinSide {
  const wallet = createBitcoinDevWallet({ network: 'Regtest' })
  const chains = [BITCOIN_CAIP_IDS.Regtest]
  /** Calls the Dev Wallet's sats-connect method, authorised, and unwraps its JSON-RPC answer. */
  const call = async (method: string, params: unknown) => {
    if (!wallet.authorized) await wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] })
    const answer = await wallet.provider.request(method, params)
    if ('error' in answer) throw rpcError(answer.error.code === -32000 ? 5000 : -32602, answer.error.message)
    return answer.result as Record<string, unknown>
  }
  return {
    chains,
    get addresses() {
      return wallet.addresses
    },
    wallet,
    accounts: (list) => list.filter((c) => chains.includes(c)).map((c) => `${c}:${wallet.addresses.payment}`),
    async request(chain, method, params) {
      if (!chains.includes(chain)) throw rpcError(-32602, `The wallet does not serve ${chain}.`)
      const p = record(params)
      switch (method) {
        case 'getAccountAddresses':
          return [
            { address: wallet.addresses.payment, intention: 'payment' },
            { address: wallet.addresses.ordinals, intention: 'ordinal' },
          ]
        case 'signMessage': {
          if (typeof p.message !== 'string') throw rpcError(-32602, 'Expected "message" as a string.')
          if (p.protocol !== undefined && p.protocol !== 'bip322') throw rpcError(-32602, 'The wallet signs with BIP-322 only.')
          const address = typeof p.address === 'string' ? p.address : wallet.addresses.payment
          const { signature } = await call('signMessage', { address, message: p.message, protocol: 'BIP322' })
          return { address, signature }
        }
        case 'signPsbt': {
          if (typeof p.psbt !== 'string') throw rpcError(-32602, 'Expected "psbt" as a base64 string.')
          const signInputs: Record<string, number[]> = {}
          for (const input of Array.isArray(p.signInputs) ? p.signInputs : []) {
            const { address, index } = record(input)
            if (typeof address !== 'string' || typeof index !== 'number') throw rpcError(-32602, 'Expected signInputs as [{ address, index }].')
            ;(signInputs[address] ??= []).push(index)
          }
          return call('signPsbt', { psbt: p.psbt, signInputs, broadcast: p.broadcast === true })
        }
        case 'sendTransfer': {
          const amount = typeof p.amount === 'string' && /^\d+$/.test(p.amount) ? Number(p.amount) : NaN
          if (typeof p.recipientAddress !== 'string' || !Number.isSafeInteger(amount)) throw rpcError(-32602, 'Expected "recipientAddress" and "amount" (satoshis, a string).')
          return call('sendTransfer', { recipients: [{ address: p.recipientAddress, amount }] })
        }
        default:
          throw rpcError(4200, `The wallet does not support ${method}.`)
      }
    },
  }
}
