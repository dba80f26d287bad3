export { account, accountTitle, default } from '../plugin.js'
export { mergeAccountTabs, sortWalletFeatures, WALLET_FEATURE_ORDER } from '../accountLists.js'
export type { AccountAction, AccountTab, WalletFeature } from '../extensionPoints.js'
