import { definePlugin, type PluginContext } from '@portico/contracts/plugin'
import type { ConnectMethod } from '@portico/plugin-connect'
import { selectUpdateEmailEntry } from './accountEntry.js'
import { embeddedWalletOf } from './api.js'
import { emailMessages } from './messages.js'
import { accountEmailChanged, emailSlice } from './slice.js'
import { AUTH_CONNECTOR_ID, type EmbeddedWalletApi } from './types.js'
import EmailMethod from './views/EmailMethod.js'

/**
 * The `email` connect method: the email field on the Connect view. It ships with the plugin (about 1.5 KB): the
 * Connect view is the first one the modal shows, and a chunk of its own was one more round trip after set-up.
 */
export const emailConnectMethod: ConnectMethod = { id: 'email', load: () => Promise.resolve({ default: EmailMethod }) }

/**
 * Mirrors the embedded wallet's signed-in email into the slice. The auth connector may be registered after this
 * plugin is set up (or by a remote loaded later), so the API is looked for again on store changes until found.
 */
function mirrorAccountEmail(ctx: Pick<PluginContext, 'store' | 'getConnector'>): () => void {
  let api: EmbeddedWalletApi | undefined
  let unsubscribeApi: (() => void) | undefined
  const sync = () => {
    if (!api) {
      api = embeddedWalletOf(ctx.getConnector(AUTH_CONNECTOR_ID))
      if (api) unsubscribeApi = api.subscribe(sync)
    }
    const email = api?.email() || undefined
    // equal values dispatch nothing, so the store listener that called this ends here
    if (email !== ctx.store.getState().email?.accountEmail) ctx.store.dispatch(accountEmailChanged(email))
  }
  const unsubscribeStore = ctx.store.subscribe(sync)
  sync()
  return () => {
    unsubscribeStore()
    unsubscribeApi?.()
  }
}

/**
 * Email login on top of the embedded wallet: the `email` method on the Connect view (first in SPEC §2's order),
 * the one-time-code and device-approval views, and updating the email from the Account view. It talks to the
 * wallet only through the `auth` connector's `embeddedWallet` API (types from `@portico/plugin-embedded-wallet`);
 * without that connector the views say email login is not available.
 *
 * @example
 * createKernel({ projectId, plugins: [connect(), account(), evm(), embeddedWallet(), email()] })
 */
export function email() {
  return definePlugin({
    name: 'email',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    // the method shows on the first Connect view, so a remote copy loads when the modal opens
    activation: 'open',
    views: {
      EmailVerifyOtp: { load: () => import('./views/EmailVerifyOtpView.js'), title: 'email.otp.title' },
      EmailVerifyDevice: { load: () => import('./views/EmailVerifyDeviceView.js'), title: 'email.device.title' },
      UpdateEmailWallet: { load: () => import('./views/UpdateEmailWalletView.js'), title: 'email.update.title' },
      UpdateEmailPrimaryOtp: { load: () => import('./views/UpdateEmailPrimaryOtpView.js'), title: 'email.update.primary.title' },
      UpdateEmailSecondaryOtp: { load: () => import('./views/UpdateEmailSecondaryOtpView.js'), title: 'email.update.secondary.title' },
    },
    messages: { en: emailMessages },
    setup(ctx) {
      ctx.store.inject(emailSlice)
      ctx.extensions.contribute('connect/methods', { items: [emailConnectMethod] })
      ctx.extensions.contribute('account/actions', { select: selectUpdateEmailEntry })
      return mirrorAccountEmail(ctx)
    },
  })
}

export default email
