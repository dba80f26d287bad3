import type { ComponentModule } from '@portico/contracts/plugin'

/** A button on the Account view (onramp, swaps, receive, send). */
export type WalletFeature = {
  id: string
  /** i18n key or literal label. */
  label: string
  /** View pushed when the button is used. */
  view: string
  icon?: string
}

/**
 * A row on the Account view above Disconnect: a setting or action about the account (e.g. "Update email" of an
 * embedded wallet). Its test id is `account-<id>`.
 */
export type AccountAction = {
  id: string
  /** i18n key or literal label. */
  label: string
  /** View pushed when the row is used. */
  view: string
  /** A short detail shown after the label (e.g. the current email); not translated. */
  detail?: string
}

/** A tab on the Account view. */
export type AccountTab = {
  id: string
  label: string
  load: () => Promise<ComponentModule>
}

/**
 * The Account view's lists, which other plugins extend: `account/tabs` (a tab replaces the default Tokens, NFTs or
 * Activity tab with its id, other ids are appended) and `account/features` (buttons, ordered onramp, swaps,
 * receive, send, then the rest) and `account/actions` (rows above Disconnect, in contribution order).
 *
 * @example
 * import type { AccountTab } from '@portico/plugin-account'
 * ctx.extensions.contribute('account/tabs', { items: [{ id: 'nfts', label: 'NFTs', load: () => import('./Nfts.js') }] })
 */
declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    'account/tabs': AccountTab
    'account/features': WalletFeature
    'account/actions': AccountAction
  }
}
