export { connect, default, walletConnectMethod, type ConnectParameters } from '../plugin.js'
export type { ConnectMethod, WalletListItem } from '../extensionPoints.js'
export { InvalidConnectOptionsError, type ConnectOptions, type CustomWallet } from '../options.js'
export type { LegalDocuments } from '../slice.js'
export {
  buildWalletItems,
  groupWalletItems,
  sortConnectMethods,
  WALLET_GROUP_ORDER,
  walletItemTestId,
  type WalletGroup,
  type WalletSection,
} from '../walletList.js'
