/**
 * What the adapter needs from a Solana wallet, whatever protocol it speaks: a Wallet Standard wallet (browser
 * extensions, the Dev Wallet) or a request-based provider speaking the `solana_*` JSON-RPC methods (WalletConnect,
 * the embedded wallet). Transactions cross it as wire bytes; signatures as raw 64-byte ed25519 signatures.
 */
export type SolanaWalletHandle = {
  readonly kind: 'wallet-standard' | 'rpc'
  /** The wallet's Solana accounts on `chain` (a Wallet Standard chain id); `silent` never prompts. */
  connect(params: { silent: boolean; chain: string }): Promise<string[]>
  /** Ends the wallet's authorisation where the wallet can. */
  disconnect(): Promise<void>
  /** Whether an account can be used on `chain` (wallets list the chains of each account). */
  supportsChain(address: string, chain: string): boolean
  signMessage(params: { address: string; message: Uint8Array }): Promise<Uint8Array>
  /** Signs each transaction; returns the signed wire transactions in the same order. */
  signTransactions(params: { address: string; chain: string; transactions: readonly Uint8Array[] }): Promise<Uint8Array[]>
  /** Signs and submits through the wallet; returns the signature. Absent when the wallet cannot. */
  signAndSendTransaction?(params: { address: string; chain: string; transaction: Uint8Array }): Promise<Uint8Array>
  /** Follows the wallet's account list; returns the unsubscribe. */
  onAccountsChanged(listener: (addresses: string[]) => void): () => void
}
