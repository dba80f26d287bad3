export {
  ANVIL_DEV_KEYS,
  createDevWallet,
  DEFAULT_DEV_RPC_URLS,
  ProviderRpcError,
  type DevWallet,
  type DevWalletMode,
  type DevWalletParameters,
  type DevWalletRequest,
  type DevWalletStorage,
} from './devWallet.js'
export { announceDevWallet, DEV_WALLET_ICON, DEV_WALLET_INFO, type Eip6963ProviderInfo } from './announce.js'
