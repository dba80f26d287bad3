import type { PorticoState } from './state.js'

/**
 * Extension points: lists that one plugin owns and renders, and that other plugins extend (the Connect view's
 * methods, the Account view's tabs…). The owner declares the point's item type by declaration merging, under a
 * key prefixed with its own name; contributors add items as data, derive them from the store, or rewrite the
 * list; the owner reads the current list reactively (`useExtension` in `@portico/kernel`).
 *
 * @example
 * // the owner (plugin "account")
 * declare module '@portico/contracts/plugin' { interface ExtensionPoints { 'account/tabs': AccountTab } }
 * // a contributor
 * ctx.extensions.contribute('account/tabs', { items: [{ id: 'nfts', label: 'NFTs', load: () => import('./Nfts.js') }] })
 */
export interface ExtensionPoints {}

export type ExtensionPointId = keyof ExtensionPoints & string

/** The item type of an extension point. */
export type ExtensionItem<P extends ExtensionPointId> = ExtensionPoints[P]

/**
 * One plugin's contribution to a point. Contributions apply in `stage` order (lower first, then in the order
 * they were made): first every contribution's `items` and `select` are appended, then every `transform` runs.
 */
export type Contribution<T> = {
  /** Items to add, as data. */
  items?: readonly T[]
  /** Items to add, derived from the store: re-read whenever the state changes. Return the same array for the same inputs. */
  select?: (state: PorticoState) => readonly T[]
  /** Rewrites the whole list (after every contributor's items were added), e.g. to decorate another plugin's item. */
  transform?: (items: readonly T[], state: PorticoState) => readonly T[]
  /** Lower stages apply first; default 0. */
  stage?: number
}

/** What `contribute` returns: change the contribution, or withdraw it. A failed plugin's contributions are withdrawn for it. */
export type ContributionHandle<T> = {
  update: (contribution: Contribution<T>) => void
  withdraw: () => void
}

/** The extension points as a plugin sees them. */
export interface PluginExtensions {
  contribute<P extends ExtensionPointId>(point: P, contribution: Contribution<ExtensionItem<P>>): ContributionHandle<ExtensionItem<P>>
  /** The point's current list (for owners outside React; views use `useExtension`). */
  read<P extends ExtensionPointId>(point: P): readonly ExtensionItem<P>[]
  /** Called whenever the point's list may have changed. */
  subscribe(point: ExtensionPointId, listener: () => void): () => void
}
