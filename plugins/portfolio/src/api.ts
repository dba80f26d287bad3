import { balanceTarget, balancesFromApi, balancesFromWallet, refreshTokenBalances, type PortfolioDeps, type RefreshOptions } from './balances.js'
import type { TokenBalance } from './schemas.js'
import { dropLowQualityTokens } from './tokens.js'

/**
 * What the portfolio plugin offers other plugins (through the `portfolio/api` extension point, so they import its
 * types only): the active account's balances read the way the Tokens tab reads them, and a refresh of the tab.
 */
export type PortfolioApi = {
  /**
   * The active account's balances on the active network: the wallet's asset discovery, else the balance endpoint
   * (through the kernel's cached HTTP client; `forceUpdate` bypasses the caches), 0-decimal tokens dropped. Empty
   * when nothing is connected or the api does not serve the network; rejects when reading fails.
   */
  balances(options?: { forceUpdate?: boolean }): Promise<TokenBalance[]>
  /** Reads the Tokens tab's balances again (after a send, say). */
  refresh(options?: RefreshOptions): Promise<void>
}

declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    /** The portfolio plugin's API (one item, while the plugin is set up). */
    'portfolio/api': PortfolioApi
  }
}

/**
 * The API the portfolio plugin contributes to `portfolio/api`.
 *
 * @example
 * const portfolio = kernel.extensions.read('portfolio/api')[0]
 * const balances = (await portfolio?.balances()) ?? []
 */
export function createPortfolioApi(deps: PortfolioDeps): PortfolioApi {
  return {
    async balances(options = {}) {
      const target = balanceTarget(deps.getState())
      if (!target || !(await deps.http.isNetworkSupported(target.caipNetworkId))) return []
      const fromWallet = await balancesFromWallet(deps, target)
      return dropLowQualityTokens(fromWallet ?? (await balancesFromApi(deps, target, Boolean(options.forceUpdate))))
    },
    refresh: (options) => refreshTokenBalances(deps, options),
  }
}
