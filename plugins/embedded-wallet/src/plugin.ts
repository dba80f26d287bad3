import { definePlugin, type ChainNamespace } from '@portico/contracts/plugin'
import { mirrorAccountType } from './accountMirror.js'
import type {} from '@portico/plugin-account'
import { selectAccountTypeEntry } from './accountTypeEntry.js'
import { ACCOUNT_TYPE_VIEW, APPROVE_VIEW } from './constants.js'
import { authConnectorInternals, createAuthConnector, type EmbeddedWalletParameters } from './connector.js'
import { embeddedWalletMessages } from './messages.js'
import { LEGACY_STORAGE_KEYS } from './storage.js'

declare module '@portico/contracts/plugin' {
  interface ViewRegistry {
    ApproveTransaction: undefined
    AccountType: undefined
  }
}

/**
 * The embedded wallet: the AUTH connector (`auth`) that drives the login frame, and the ApproveTransaction view
 * where the frame shows its approval UI. The frame is created when first needed, or at start when a login is
 * stored. The email and socials plugins build their flows on the connector's `embeddedWallet` API.
 *
 * @example
 * createKernel({ projectId, endpoints: { frame: 'http://localhost:4320' }, plugins: [connect(), evm(), embeddedWallet(), email()] })
 */
export function embeddedWallet(parameters: EmbeddedWalletParameters = {}) {
  return definePlugin({
    name: 'embedded-wallet',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'connector',
    // after the first view shows: the Connect view's email field asks for it on submit (plugins/email), and a restore
    // loads it when the stored connection is this connector's
    activation: 'idle',
    legacyStorageKeys: LEGACY_STORAGE_KEYS,
    views: {
      [APPROVE_VIEW]: { load: () => import('./views/ApproveTransaction.js'), title: 'embeddedWallet.approve.title' },
      [ACCOUNT_TYPE_VIEW]: { load: () => import('./views/AccountTypeView.js'), title: 'embeddedWallet.accountType.title' },
    },
    messages: { en: embeddedWalletMessages },
    setup(ctx) {
      const namespaces = (): readonly ChainNamespace[] => (ctx.getAdapter('solana') ? ['eip155', 'solana'] : ['eip155'])
      const connector = createAuthConnector(
        {
          getState: ctx.store.getState,
          storage: ctx.storage,
          notify: ctx.notify,
          modal: ctx.modal,
          router: ctx.router,
          t: ctx.t,
          log: ctx.log,
          namespaces,
        },
        parameters,
      )
      const { approvals } = authConnectorInternals(connector)!
      let unregister = ctx.registerConnector(connector)
      // a solana adapter that arrives later: register again so the connector list says the connector serves it
      let served = namespaces().join()
      ctx.hooks.afterPluginReady.tap(() => {
        if (namespaces().join() === served) return
        served = namespaces().join()
        unregister()
        unregister = ctx.registerConnector(connector)
      })
      // SPEC §4: closing the modal rejects pending RPC requests; so does leaving ApproveTransaction
      ctx.hooks.afterClose.tap(() => approvals.onModalClosed())
      ctx.hooks.afterViewChange.tap(() => approvals.onViewChanged())
      // the frame's look follows the host's theme
      let theme = ctx.store.getState().theme
      const unsubscribe = ctx.store.subscribe(() => {
        const next = ctx.store.getState().theme
        if (next === theme) return
        theme = next
        connector.syncTheme()
      })
      const stopMirror = mirrorAccountType(ctx, connector)
      // SPEC §1: the Account view offers the switch between the eoa and the smart account where a chain has both
      ctx.extensions.contribute('account/actions', { select: selectAccountTypeEntry })
      void connector.start()
      return () => {
        stopMirror()
        unsubscribe()
        unregister()
        connector.destroy()
      }
    },
  })
}

export default embeddedWallet
export type { EmbeddedWalletParameters }
