import type { PorticoState } from '@portico/contracts/plugin'
import type { AccountAction } from '@portico/plugin-account'
import { isAuthConnector } from './auth.js'

/** The Account view's "Choose a name" row (test id `account-register-name`), opening RegisterAccountName. */
export const REGISTER_NAME_ENTRY: AccountAction = { id: 'register-name', label: 'names.action', view: 'RegisterAccountName' }

const SHOWN: readonly AccountAction[] = Object.freeze([REGISTER_NAME_ENTRY])
const HIDDEN: readonly AccountAction[] = Object.freeze([])

/**
 * The row as a `select` contribution: shown while the active account is an eip155 account of the auth connector
 * that has no name yet (SPEC §6: only the auth connector registers names; one name per address). Other wallets
 * opening RegisterAccountName see the SPEC's refusal there.
 */
export function selectRegisterNameEntry(state: PorticoState): readonly AccountAction[] {
  if (state.chains.activeNamespace !== 'eip155') return HIDDEN
  const account = state.chains.accounts.eip155
  if (account?.status !== 'connected' || account.profileName || !isAuthConnector(state, account.connectorId)) return HIDDEN
  return SHOWN
}
