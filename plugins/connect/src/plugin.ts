import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import { preloadLazy } from '@portico/kernel'
import type { ConnectMethod, WalletListItem } from './extensionPoints.js'
import { connectMessages } from './messages.js'
import { customWalletLink, loadConnectOptions, type CustomWallet } from './options.js'
import { configured, connectSlice, legalAcceptanceChanged, type LegalDocuments } from './slice.js'
import { createOwnWalletItemsSelector } from './walletList.js'

export type ConnectParameters = {
  /** Set to `false` to leave out the wallet list, e.g. for an email-only login. Default `true`. */
  wallets?: boolean
  /**
   * Terms and privacy links: a checkbox "I agree to the Terms of Service and Privacy Policy" shows, and every way
   * to connect stays disabled until the visitor ticks it (remembered in the plugin's storage). Off by default.
   */
  legal?: LegalDocuments
  /** Shows the wallet list behind one "Continue with a wallet" button. Default `false`. */
  collapseWallets?: boolean
  /** Wallets the host lists itself, in the `custom` group; choosing one opens its link in a new tab. */
  customWallets?: CustomWallet[]
}

/**
 * The `wallet` connect method: the list of connectors and wallets. It ships in the Connect view's chunk (the
 * default method shows with the view), so the first open waits for one download, not two in a row.
 */
export const walletConnectMethod: ConnectMethod = { id: 'wallet', load: () => import('./views/ConnectView.js').then((m) => ({ default: m.WalletMethod })) }

/** The storage key of the documents the visitor agreed to. */
export const LEGAL_STORAGE_KEY = 'legalAccepted'

/** A custom wallet as a wallet list item: chosen, it opens its link and shows ConnectingCustom. */
export function customWalletItem(wallet: CustomWallet): WalletListItem {
  const mobile = customWalletLink(wallet, true)
  const desktop = customWalletLink(wallet, false)
  return {
    id: wallet.id,
    name: wallet.name,
    group: 'custom',
    view: 'ConnectingCustom',
    viewData: { walletId: wallet.id, name: wallet.name, ...(wallet.imageUrl ? { imageUrl: wallet.imageUrl } : {}) },
    links: { ...(mobile ? { mobile } : {}), ...(desktop ? { desktop } : {}) },
    ...(wallet.imageUrl ? { imageUrl: wallet.imageUrl } : {}),
  }
}

const sameDocuments = (a: unknown, b: LegalDocuments) =>
  typeof a === 'object' && a !== null && (a as LegalDocuments).termsUrl === b.termsUrl && (a as LegalDocuments).privacyUrl === b.privacyUrl

/**
 * The Connect view. It owns two extension points: `connect/methods` (email, social, wallet by default, in the
 * host's `connectMethodsOrder`), to which this plugin adds the wallet method, and `connect/walletItems`, to which
 * it adds the registered connectors, recent wallets and the host's custom wallets before other plugins add or
 * rewrite theirs. Options (also the host's `features.connect` for a remote copy) are validated at setup.
 *
 * @example
 * createKernel({ projectId, plugins: [connect({ legal: { termsUrl: 'https://example.com/terms' } }), account()] })
 */
export function connect(parameters: ConnectParameters = {}) {
  return definePlugin({
    name: 'connect',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'open',
    views: {
      Connect: {
        // the view resolves with its wallet method ready (the same chunk), so both show in the view's first commit
        load: () => Promise.all([import('./views/ConnectView.js'), preloadLazy(walletConnectMethod.load).catch(() => undefined)]).then(([m]) => m),
        title: 'connect.title',
      },
      ConnectingExternal: {
        load: () => import('./views/ConnectingExternalView.js'),
        // the wallet's name, as the incumbents title this screen
        title: (data: { connectorId?: string } | undefined, state: PorticoState) =>
          state.connectors.list.find((c) => c.id === data?.connectorId)?.name ?? 'connecting.title',
      },
      ConnectingCustom: {
        load: () => import('./views/ConnectingCustomView.js'),
        title: (data: { name?: unknown } | undefined) => (typeof data?.name === 'string' && data.name ? data.name : 'connecting.title'),
      },
    },
    messages: { en: connectMessages },
    async setup({ extensions, store, storage, log }) {
      const options = await loadConnectOptions(parameters)
      const legal = options.legal && (options.legal.termsUrl || options.legal.privacyUrl) ? options.legal : null
      store.inject(connectSlice)
      store.dispatch(configured({ legal, collapseWallets: options.collapseWallets === true }))

      // the list's own items come first (stage -1); other plugins' items follow, then their rewrites
      extensions.contribute('connect/walletItems', { stage: -1, select: createOwnWalletItemsSelector() })
      if (options.customWallets?.length) extensions.contribute('connect/walletItems', { stage: -1, items: options.customWallets.map(customWalletItem) })
      if (options.wallets !== false) extensions.contribute('connect/methods', { items: [walletConnectMethod] })

      // While nothing is connected or restoring (the modal then opens to the Connect view), each connect method starts
      // downloading as it is contributed, beside the view's own chunk, instead of after the view rendered: the
      // view then shows whole, without a spinner per method for a frame or a round trip. A failure is left to the
      // method's own spinner and retry.
      const preloadMethods = () => {
        if (Object.values(store.getState().chains.accounts).some((a) => a && a.status !== 'disconnected')) return
        for (const method of extensions.read('connect/methods')) preloadLazy(method.load).catch(() => {})
      }
      preloadMethods()
      const stopPreloading = extensions.subscribe('connect/methods', preloadMethods)
      if (!legal) return stopPreloading

      // the agreement holds for the same documents only: new terms are agreed to again
      let active = true
      let accepted = store.getState().connect?.legalAccepted
      void storage
        .getItem(LEGAL_STORAGE_KEY)
        .then((stored) => {
          if (active && sameDocuments(stored, legal)) store.dispatch(legalAcceptanceChanged(true))
        })
        .catch((error: unknown) => log.warn('could not read the legal agreement:', error))
      const unsubscribe = store.subscribe(() => {
        const now = store.getState().connect?.legalAccepted
        if (now === accepted) return
        accepted = now
        const write = now ? storage.setItem(LEGAL_STORAGE_KEY, legal) : storage.removeItem(LEGAL_STORAGE_KEY)
        write.catch((error: unknown) => log.warn('could not store the legal agreement:', error))
      })
      return () => {
        active = false
        unsubscribe()
        stopPreloading()
      }
    },
  })
}

export default connect
