import { definePlugin } from '@portico/contracts/plugin'
import type { RootState } from '@portico/kernel'
import { accountMessages } from './messages.js'

/** The Account view's title: the active network's name, or "Account" when it has none. */
export function accountTitle(_data: unknown, state?: RootState): string {
  const chains = state?.chains
  const network = chains?.networks.find((n) => n.caipNetworkId === chains.activeCaipNetworkId)
  return network?.name ?? 'account.title'
}

/**
 * The Account view (balance, wallet features, Tokens / NFTs / Activity tabs, disconnect), the Networks view and
 * the UnsupportedChain view.
 *
 * @example
 * createKernel({ projectId, plugins: [connect(), account()] })
 */
export function account() {
  return definePlugin({
    name: 'account',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    views: {
      Account: { load: () => import('./views/AccountView.js'), title: accountTitle },
      Networks: { load: () => import('./views/NetworksView.js'), title: 'networks.title' },
      UnsupportedChain: { load: () => import('./views/UnsupportedChainView.js'), title: 'unsupported.title' },
    },
    messages: { en: accountMessages },
  })
}

export default account
