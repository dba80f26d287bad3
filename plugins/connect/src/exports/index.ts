export { connect, default, walletConnectMethod, type ConnectParameters } from '../plugin.js'
export type { ConnectMethod, WalletListItem } from '../extensionPoints.js'
export {
  buildWalletItems,
  groupWalletItems,
  sortConnectMethods,
  WALLET_GROUP_ORDER,
  walletItemTestId,
  type WalletGroup,
  type WalletSection,
} from '../walletList.js'
