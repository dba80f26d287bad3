export {
  createWalletConnectWallet,
  MemoryStorage,
  WALLET_EVENTS,
  WALLET_METHODS,
  type WalletAuthentication,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
  type WalletEvent,
  type WalletMode,
  type WalletRequest,
  type WalletStorage,
} from './wallet.js'
export { createSolanaSide, SOLANA_WALLET_METHODS, type SolanaSide, type SolanaWalletOptions } from './solana.js'
export { createPolkadotSide, POLKADOT_CHAIN_PREFIXES, POLKADOT_WALLET_METHODS, type PolkadotSide, type PolkadotWalletOptions } from './polkadot.js'
export { BITCOIN_WALLET_EVENTS, BITCOIN_WALLET_METHODS, createBitcoinSide, type BitcoinSide } from './bitcoin.js'
