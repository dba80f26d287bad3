import type { PorticoState } from '@portico/contracts/plugin'
import type { AccountAction } from '@portico/plugin-account'
import { selectAuthEmail } from './slice.js'

/** The Account view's "Update email" row (test id `account-update-email`), opening UpdateEmailWallet. */
export const UPDATE_EMAIL_ENTRY: AccountAction = { id: 'update-email', label: 'email.update.action', view: 'UpdateEmailWallet' }

const HIDDEN: readonly AccountAction[] = Object.freeze([])
let last: { email: string; entries: readonly AccountAction[] } | undefined

/**
 * The row as a `select` contribution: present only while the embedded wallet is connected with a known email,
 * which it shows. The same array for the same email, so the Account view renders again only when it changes.
 */
export function selectUpdateEmailEntry(state: PorticoState): readonly AccountAction[] {
  const email = selectAuthEmail(state)
  if (!email) return HIDDEN
  if (last?.email !== email) last = { email, entries: Object.freeze([{ ...UPDATE_EMAIL_ENTRY, detail: email }]) }
  return last.entries
}
