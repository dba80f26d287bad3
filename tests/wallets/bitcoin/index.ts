export { bip322MessageHash, bip322ToSpendTxid, signBip322 } from './bip322.js'
export {
  createBitcoinDevWallet,
  RPC_ERRORS,
  type BitcoinDevWallet,
  type BitcoinDevWalletMode,
  type BitcoinDevWalletParameters,
  type BitcoinDevWalletRequest,
  type BitcoinDevWalletStorage,
  type RpcResponseMessage,
} from './devWallet.js'
export {
  BITCOIN_CAIP_IDS,
  BITCOIN_DEV_KEYS,
  BITCOIN_DEV_NETWORKS,
  BITCOIN_FIXTURE_FEE,
  BITCOIN_FIXTURE_UTXO,
  bitcoinDevAccounts,
  type BitcoinDevNetworkName,
} from './keys.js'
export {
  BITCOIN_DEV_WALLET_CONNECTOR_ID,
  BITCOIN_DEV_WALLET_ICON,
  BITCOIN_DEV_WALLET_NAME,
  BITCOIN_DEV_WALLET_PROVIDER_ID,
  registerBitcoinDevWallet,
} from './register.js'
