import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import { truncateAddress } from '@portico/contracts/spec'
import { accountMessages } from './messages.js'
import { addProfileListeners } from './profile.js'

/** The Account view's title: the active network's name, or "Account" when it has none. */
export function accountTitle(_data: unknown, state: PorticoState): string {
  const { networks, activeCaipNetworkId } = state.chains
  const network = networks.find((n) => n.caipNetworkId === activeCaipNetworkId)
  return network?.name ?? 'account.title'
}

/** The Account dialog's accessible name: the account (profile name or truncated address), else "Account". */
export function accountLabel(_data: unknown, state: PorticoState): string {
  const namespace = state.chains.activeNamespace
  const account = namespace ? state.chains.accounts[namespace] : undefined
  if (!account?.address) return 'account.title'
  return account.profileName || truncateAddress(account.address)
}

/**
 * The Account view (balance, wallet features, Tokens / NFTs / Activity tabs, disconnect), the Networks view and
 * the UnsupportedChain view. Other plugins add tabs and feature buttons through its extension points
 * `account/tabs` and `account/features` (types `AccountTab` and `WalletFeature`). It fills the eip155 account's
 * profile name and avatar from the api's identity lookups (kept 5 minutes).
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
    // set up right after the first view shows, or once a session is restored: it fills the account's name and
    // avatar, which the connect button shows; the Connect view does not wait for it
    activation: 'idle',
    views: {
      Account: { load: () => import('./views/AccountView.js'), title: accountTitle, label: accountLabel },
      Networks: { load: () => import('./views/NetworksView.js'), title: 'networks.title' },
      // going back closes the modal while it is in the history: the wallet is still on a network the app does not support
      UnsupportedChain: { load: () => import('./views/UnsupportedChainView.js'), title: 'unsupported.title', closesOnBack: true },
    },
    messages: { en: accountMessages },
    setup: (ctx) => addProfileListeners(ctx),
  })
}

export default account
