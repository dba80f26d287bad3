import type { ViewId } from '@portico/contracts/plugin'
import type { AccountChoice } from './adapter/context.js'

/** The account picker's view id. */
export const ACCOUNT_PICKER_VIEW = 'PolkadotAccounts'

/** What the account picker shows: the wallet and its accounts (addresses on the network being connected). */
export type AccountPickerData = { requestId: string; wallet: string; walletIcon?: string | undefined; accounts: readonly AccountChoice[] }

declare module '@portico/contracts/plugin' {
  interface ViewRegistry {
    PolkadotAccounts: AccountPickerData
  }
}

type Pending = { resolve: (address: string) => void; reject: () => void; dropTimer?: ReturnType<typeof setTimeout> }

const pending = new Map<string, Pending>()
let counter = 0

/**
 * Shows the account picker and resolves with the address the visitor picks; rejects (`onDismiss`'s error) when the
 * picker goes away without a pick (back, close).
 *
 * @example
 * const address = await askForAccount(ctx.router.push, { wallet: 'Talisman', accounts }, () => new UserRejectedError('connect'))
 */
export function askForAccount(push: (view: ViewId, data?: unknown) => void, data: Omit<AccountPickerData, 'requestId'>, onDismiss: () => Error): Promise<string> {
  const requestId = `polkadot-pick-${++counter}`
  return new Promise<string>((resolve, reject) => {
    pending.set(requestId, { resolve, reject: () => reject(onDismiss()) })
    push(ACCOUNT_PICKER_VIEW, { ...data, requestId } satisfies AccountPickerData)
  })
}

/** The visitor picked `address` in picker `requestId`. */
export function pickAccount(requestId: string, address: string): void {
  const p = pending.get(requestId)
  if (!p) return
  pending.delete(requestId)
  clearTimeout(p.dropTimer)
  p.resolve(address)
}

/** The picker is showing (again): a dismissal scheduled by an unmount is cancelled. */
export function pickerShown(requestId: string): void {
  const p = pending.get(requestId)
  if (p?.dropTimer) clearTimeout(p.dropTimer)
}

/** The picker went away; unless it shows again at once (a re-mount), the request is dismissed. */
export function pickerHidden(requestId: string): void {
  const p = pending.get(requestId)
  if (!p) return
  clearTimeout(p.dropTimer)
  p.dropTimer = setTimeout(() => {
    if (pending.get(requestId) !== p) return
    pending.delete(requestId)
    p.reject()
  }, 0)
}
