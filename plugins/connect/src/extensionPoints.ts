import type { ComponentModule } from '@portico/contracts/plugin'

/** A connect method on the Connect view: a section such as `email`, `social` or `wallet`. */
export type ConnectMethod = {
  id: string
  load: () => Promise<ComponentModule>
}

/** An entry in the Connect view's wallet list, grouped per SPEC §2. */
export type WalletListItem = {
  /** `connector-<id>` or `wallet-<id>` test ids derive from this. */
  id: string
  name: string
  group: 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'
  imageUrl?: string
  tag?: string
  /**
   * A second line under the name (a message key): the chains a wallet connects, shown when one wallet has a row per
   * chain (a browser wallet announced for EVM and for Solana) and its rows would otherwise look the same.
   */
  description?: string
  /** Connector to connect with; absent for registry wallets that open a view instead. */
  connectorId?: string
  view?: string
  viewData?: unknown
  /**
   * Links opened in a new tab when the item is chosen (the visitor's click, so no popup blocker stops it), on
   * mobile and on desktop; `view` is pushed after with `{ ...viewData, href, opened }`.
   */
  links?: { mobile?: string; desktop?: string }
  /**
   * A row kept for an item still loading (the registry's featured wallets while it answers): drawn as a skeleton
   * of the same height, not focusable, so the rows above do not move when the real ones arrive.
   */
  placeholder?: boolean
}

/**
 * The lists this plugin renders and other plugins extend: the Connect view's methods (sorted afterwards by the
 * host's `connectMethodsOrder`) and its wallet list (grouped afterwards in SPEC §2 order). Contributors import
 * these types type-only from `@portico/plugin-connect`.
 *
 * @example
 * ctx.extensions.contribute('connect/methods', { items: [{ id: 'email', load: () => import('./EmailMethod.js') }] })
 */
declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    'connect/methods': ConnectMethod
    'connect/walletItems': WalletListItem
  }
}
