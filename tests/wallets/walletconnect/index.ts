export {
  createWalletConnectWallet,
  MemoryStorage,
  WALLET_EVENTS,
  WALLET_METHODS,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
  type WalletEvent,
  type WalletMode,
  type WalletRequest,
  type WalletStorage,
} from './wallet.js'
