import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "BalanceResponseSchema",
      "TokenBalanceSchema",
      "WalletAssetSchema",
      "WalletGetAssetsResponseSchema",
      "assetToBalance",
      "balanceTarget",
      "balancesFromApi",
      "balancesFromAssets",
      "balancesFromWallet",
      "createPortfolioApi",
      "default",
      "dropLowQualityTokens",
      "formatUnits",
      "initialPortfolioState",
      "portfolio",
      "portfolioDeps",
      "portfolioMessages",
      "portfolioSlice",
      "refreshTokenBalances",
      "retryWaitSeconds",
      "selectPortfolio",
      "sortByValue",
      "supportsAssetDiscovery",
      "targetKey",
      "toHexChainId",
      "tokensTab",
      "totalValue",
    ]
  `)
})
