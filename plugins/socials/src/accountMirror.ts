import type { PluginContext } from '@portico/contracts/plugin'
import { accountDetailsReported } from '@portico/kernel'
import { socialWalletOf } from './api.js'
import { AUTH_CONNECTOR_ID } from './types.js'

/**
 * Reports the stored social provider and user name on the embedded wallet's eip155 account (SPEC §3
 * socialProvider, social username) whenever that account is connected, a reload's restore included. The auth
 * connector may be registered after this plugin, so it is looked for again on store changes.
 */
export function mirrorSocialAccount(ctx: Pick<PluginContext, 'store' | 'getConnector'>): () => void {
  let unsubscribeApi: (() => void) | undefined
  let found = false
  const sync = () => {
    const api = socialWalletOf(ctx.getConnector(AUTH_CONNECTOR_ID))
    if (api && !found) {
      found = true
      unsubscribeApi = api.subscribe(sync)
    }
    const account = ctx.store.getState().chains.accounts.eip155
    if (!api || account?.status !== 'connected' || account.connectorId !== AUTH_CONNECTOR_ID) return
    const { provider, username } = api.socialUser()
    if (account.socialProvider === provider && account.socialUsername === username) return
    ctx.store.dispatch(accountDetailsReported({ namespace: 'eip155', details: { socialProvider: provider, socialUsername: username } }))
  }
  const unsubscribeStore = ctx.store.subscribe(sync)
  sync()
  return () => {
    unsubscribeStore()
    unsubscribeApi?.()
  }
}
