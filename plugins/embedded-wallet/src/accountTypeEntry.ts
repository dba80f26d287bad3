import type { PorticoState } from '@portico/contracts/plugin'
import type { AccountAction } from '@portico/plugin-account'
import { ACCOUNT_TYPE_VIEW, AUTH_CONNECTOR_ID } from './constants.js'

const HIDDEN: readonly AccountAction[] = Object.freeze([])
const TO_EOA: readonly AccountAction[] = Object.freeze([{ id: 'account-type', label: 'embeddedWallet.accountType.toEoa', view: ACCOUNT_TYPE_VIEW }])
const TO_SMART: readonly AccountAction[] = Object.freeze([{ id: 'account-type', label: 'embeddedWallet.accountType.toSmart', view: ACCOUNT_TYPE_VIEW }])

/**
 * The Account view's row that opens the account-type choice (test id `account-account-type`): present while the
 * embedded wallet's eip155 account is connected on a chain that offers a smart account, named after the switch it
 * leads to. The same arrays every time, so the Account view renders again only when the choice changes.
 *
 * @example
 * ctx.extensions.contribute('account/actions', { select: selectAccountTypeEntry })
 */
export function selectAccountTypeEntry(state: PorticoState): readonly AccountAction[] {
  if (state.chains.activeNamespace !== 'eip155') return HIDDEN
  const account = state.chains.accounts.eip155
  if (account?.status !== 'connected' || account.connectorId !== AUTH_CONNECTOR_ID) return HIDDEN
  if (!account.allAccounts.some((a) => a.type === 'smartAccount')) return HIDDEN
  return account.preferredAccountType === 'smartAccount' ? TO_EOA : TO_SMART
}
