export { connect, default, walletConnectMethod, type ConnectParameters } from '../plugin.js'
export {
  buildWalletItems,
  DEFAULT_CONNECT_METHODS_ORDER,
  groupWalletItems,
  sortConnectMethods,
  WALLET_GROUP_ORDER,
  walletItemTestId,
  type WalletGroup,
  type WalletSection,
} from '../walletList.js'
