export { default, portfolio, portfolioDeps, tokensTab } from '../plugin.js'
export { initialPortfolioState, portfolioSlice, selectPortfolio, type EmptyReason, type PortfolioState } from '../slice.js'
export {
  balancesFromApi,
  balancesFromWallet,
  balanceTarget,
  refreshTokenBalances,
  retryWaitSeconds,
  targetKey,
  type BalanceTarget,
  type PortfolioDeps,
  type RefreshOptions,
} from '../balances.js'
export { assetToBalance, balancesFromAssets, dropLowQualityTokens, formatUnits, sortByValue, supportsAssetDiscovery, toHexChainId, totalValue } from '../tokens.js'
export { portfolioMessages } from '../messages.js'
export { createPortfolioApi, type PortfolioApi } from '../api.js'
export { BalanceResponseSchema, TokenBalanceSchema, WalletAssetSchema, WalletGetAssetsResponseSchema, type TokenBalance, type WalletAsset } from '../schemas.js'
