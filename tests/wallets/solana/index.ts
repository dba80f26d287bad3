export {
  createSolanaDevWallet,
  DEFAULT_SOLANA_RPC_URLS,
  SOLANA_DEV_WALLET_CONNECTOR_ID,
  SOLANA_DEV_WALLET_ICON,
  SOLANA_DEV_WALLET_NAME,
  type SolanaDevWallet,
  type SolanaDevWalletMode,
  type SolanaDevWalletParameters,
  type SolanaDevWalletRequest,
  type SolanaDevWalletStorage,
} from './devWallet.js'
export { registerSolanaDevWallet } from './register.js'
