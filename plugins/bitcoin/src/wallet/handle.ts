import type { SatsConnectNetworkName } from '../networks.js'

/** What an address is for (sats-connect's purposes): payments, or holding inscriptions (ordinals). */
export type BitcoinAccountPurpose = 'payment' | 'ordinals'

/** One address of the wallet's account. */
export type BitcoinAccount = {
  address: string
  /** Hex public key (33-byte compressed, or the 32-byte x-only key of a taproot address); empty when the wallet gives none. */
  publicKey: string
  purpose: BitcoinAccountPurpose
  /** `p2wpkh`, `p2tr`, `p2sh`, `p2pkh`…; empty when the wallet does not say. */
  addressType: string
}

/** How a message is signed: BIP-322 (segwit and taproot addresses) or the legacy ECDSA "Bitcoin Signed Message". */
export type MessageProtocol = 'BIP322' | 'ECDSA'

/** What a wallet reports on its own. */
export type BitcoinWalletEvent =
  | { type: 'accounts'; accounts: BitcoinAccount[] }
  | { type: 'network'; name: SatsConnectNetworkName; accounts?: BitcoinAccount[] }
  | { type: 'disconnect' }

/**
 * What the adapter needs from a Bitcoin wallet, whatever protocol it speaks: a sats-connect provider (browser
 * extensions listed in `window.btc_providers`, the Dev Wallet) or a request-based provider speaking WalletConnect's
 * bip122 methods. PSBTs cross it in base64; amounts in satoshis.
 */
export type BitcoinWalletHandle = {
  readonly kind: 'sats-connect' | 'rpc'
  /** The account's addresses, payment first; `silent` never prompts and yields `[]` when the site is not authorised. */
  getAccounts(params: { silent: boolean }): Promise<BitcoinAccount[]>
  /** Asks the wallet to use another network; absent when the wallet cannot be asked. */
  changeNetwork?(name: SatsConnectNetworkName): Promise<void>
  /** Ends the wallet's authorisation where the wallet can. */
  disconnect(): Promise<void>
  signMessage(params: { address: string; message: string; protocol: MessageProtocol }): Promise<{ signature: string; protocol: MessageProtocol }>
  /** Signs the inputs `signInputs` names (address → input indexes); broadcasts when asked and the wallet can. */
  signPsbt(params: { psbt: string; signInputs: Readonly<Record<string, readonly number[]>>; broadcast: boolean }): Promise<{ psbt: string; txid?: string }>
  /** Builds, signs and broadcasts a transfer from the payment address; returns the transaction id. */
  sendTransfer(params: { from: string; recipients: readonly { address: string; amount: bigint }[] }): Promise<string>
  /** Follows the wallet's events; returns the unsubscribe. */
  onEvent(listener: (event: BitcoinWalletEvent) => void): () => void
}
