import type { PluginContext } from '@portico/contracts/plugin'
import { accountDetailsReported } from '@portico/kernel'
import { AUTH_CONNECTOR_ID } from './constants.js'
import type { AuthAccountDetails } from './connector.js'

declare module '@portico/contracts/plugin' {
  interface AccountExtensions {
    /** The embedded wallet reports its accounts with their types (eoa, smartAccount) beside the kernel's list. */
    allAccounts?: { address: string; type: string }[]
    preferredAccountType?: string
    smartAccountDeployed?: boolean
  }
}

const sameAccounts = (a: readonly { address: string; type: string }[], b: readonly { address: string; type: string }[]) =>
  a.length === b.length && a.every((x, i) => x.address === b[i]!.address && x.type === b[i]!.type)

/**
 * Keeps the embedded wallet's eip155 account state (SPEC §3 allAccounts with types, preferredAccountType,
 * smartAccountDeployed) in line with what the frame reported, whenever that account is connected: after connect,
 * a restore (which knows only the address) and a switch between the eoa and the smart account.
 *
 * @example
 * const stop = mirrorAccountType(ctx, connector)
 */
export function mirrorAccountType(
  ctx: Pick<PluginContext, 'store'>,
  connector: { accountDetails(): AuthAccountDetails | undefined; subscribeAccount(listener: () => void): () => void },
): () => void {
  const sync = () => {
    const details = connector.accountDetails()
    const account = ctx.store.getState().chains.accounts.eip155
    if (!details || account?.status !== 'connected' || account.connectorId !== AUTH_CONNECTOR_ID) return
    // a switch is recorded by the kernel first (accountsChanged); until then the details are for the other account
    if (account.address?.toLowerCase() !== details.address.toLowerCase()) return
    if (
      account.preferredAccountType === details.preferredAccountType &&
      account.smartAccountDeployed === details.smartAccountDeployed &&
      sameAccounts(account.allAccounts, details.allAccounts)
    )
      return
    const { address: _address, ...fields } = details
    ctx.store.dispatch(accountDetailsReported({ namespace: 'eip155', details: fields }))
  }
  const unsubscribeStore = ctx.store.subscribe(sync)
  const unsubscribeConnector = connector.subscribeAccount(sync)
  sync()
  return () => {
    unsubscribeStore()
    unsubscribeConnector()
  }
}
