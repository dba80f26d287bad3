import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import { AUTH_CONNECTOR_ID } from './types.js'

/**
 * The plugin's slice (`state.email`): the embedded wallet's signed-in email, mirrored from its API so that what
 * depends on it (the Account view's "Update email" entry) re-renders with the store like everything else.
 */
export type EmailState = {
  accountEmail: string | undefined
}

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    email: EmailState
  }
}

export const initialEmailState: EmailState = { accountEmail: undefined }

/** The slice; its actions are events (`email/accountEmailChanged`). */
export const emailSlice = createSlice({
  name: 'email',
  initialState: initialEmailState,
  reducers: {
    /** The embedded wallet reported another signed-in email (or none, after sign-out). */
    accountEmailChanged(state, action: PayloadAction<string | undefined>) {
      state.accountEmail = action.payload
    },
  },
})

export const { accountEmailChanged } = emailSlice.actions

/** The signed-in email while the active account is the embedded wallet's, else undefined. */
export function selectAuthEmail(state: PorticoState): string | undefined {
  const email = state.email?.accountEmail
  if (!email) return undefined
  const { activeNamespace, accounts } = state.chains
  const account = activeNamespace ? accounts[activeNamespace] : undefined
  return account?.status === 'connected' && account.connectorId === AUTH_CONNECTOR_ID ? email : undefined
}
