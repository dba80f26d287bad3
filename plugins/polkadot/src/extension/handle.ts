/** An account as a Polkadot wallet lists it: its address in the wallet's own format, and what the wallet says of it. */
export type PolkadotWalletAccount = {
  address: string
  name?: string | undefined
  /** The chain the account is restricted to, if any (0x genesis hash). */
  genesisHash?: string | null | undefined
  /** Key type: sr25519, ed25519, ecdsa or ethereum. */
  type?: string | undefined
}

/**
 * What the adapter needs from a Polkadot wallet, whatever protocol it speaks: an `injectedWeb3` extension
 * (polkadot{.js}, Talisman, SubWallet, the Dev Wallet) or a request-based provider speaking `polkadot_*`
 * (WalletConnect). Signatures cross it as 0x hex.
 */
export type PolkadotWalletHandle = {
  readonly kind: 'extension' | 'rpc'
  /** The wallet's accounts; may prompt the visitor to allow the site. */
  connect(): Promise<PolkadotWalletAccount[]>
  /** Signs raw bytes (0x hex, already wrapped in `<Bytes>`) with `address`; returns the 0x signature. */
  signRaw(params: { address: string; data: `0x${string}` }): Promise<`0x${string}`>
  /** Follows the wallet's account list; returns the unsubscribe. */
  onAccountsChanged(listener: (accounts: PolkadotWalletAccount[]) => void): () => void
}
