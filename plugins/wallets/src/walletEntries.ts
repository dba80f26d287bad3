import type { ConnectorInfo, PorticoState, RecentWallet } from '@portico/contracts/plugin'
import { FEATURED_WALLETS_COUNT } from '@portico/contracts/spec'
import type { WalletListItem } from '@portico/plugin-connect'
import type { WalletListing } from './schemas.js'
import type { WalletsState } from './slice.js'

/** A row of the AllWallets list: a registry wallet, a recent wallet, or both. */
export type WalletEntry = {
  /** Registry id (or the recent wallet's id); the row's test id is `wallet-<id>`. */
  id: string
  name: string
  imageUrl?: string
  listing?: WalletListing
  /** A registered connector that reaches this wallet (installed extension, or the connector used last time). */
  connectorId?: string
  tag?: 'recent' | 'installed'
}

/** The connector for a registry wallet: an installed (announced) wallet with the same reverse-DNS id. */
export function matchConnector(listing: Pick<WalletListing, 'rdns'>, connectors: readonly ConnectorInfo[]): ConnectorInfo | undefined {
  const rdns = listing.rdns
  if (!rdns) return undefined
  return connectors.find((c) => c.type !== 'WALLET_CONNECT' && c.type !== 'AUTH' && (c.info?.rdns === rdns || c.id === rdns))
}

/** The listing's image: its object URL when loaded. */
const imageOf = (listing: WalletListing, images: Record<string, string>) => images[listing.image_id]

/**
 * The AllWallets rows when not searching: recent wallets first, then featured, recommended and the loaded pages,
 * each wallet once. A registry wallet whose extension is installed connects through it and is tagged so.
 */
export function buildWalletEntries(
  wallets: Pick<WalletsState, 'featured' | 'recommended' | 'list' | 'images'>,
  recent: readonly RecentWallet[],
  connectors: readonly ConnectorInfo[],
): WalletEntry[] {
  const known = [...wallets.featured, ...wallets.recommended, ...wallets.list]
  const entries: WalletEntry[] = []
  const seen = new Set<string>()
  const connectorIds = new Set(connectors.map((c) => c.id))

  for (const r of recent) {
    const listing = known.find((l) => l.id === r.id || (l.rdns && l.rdns === r.id))
    const id = listing?.id ?? r.id
    if (seen.has(id)) continue
    seen.add(id)
    const connectorId = r.connectorId && connectorIds.has(r.connectorId) ? r.connectorId : listing ? matchConnector(listing, connectors)?.id : undefined
    // a wallet used through an extension that is gone, and unknown to the registry, cannot be offered
    if (r.connectorId && !connectorId && !listing) continue
    const imageUrl = r.imageUrl ?? (listing ? imageOf(listing, wallets.images) : undefined)
    entries.push({
      id,
      name: r.name || listing?.name || id,
      tag: 'recent',
      ...(imageUrl ? { imageUrl } : {}),
      ...(listing ? { listing } : {}),
      ...(connectorId ? { connectorId } : {}),
    })
  }
  for (const listing of known) {
    if (seen.has(listing.id)) continue
    seen.add(listing.id)
    entries.push(listingEntry(listing, wallets.images, connectors))
  }
  return entries
}

/** A row for a registry wallet (search results and pages). */
export function listingEntry(listing: WalletListing, images: Record<string, string>, connectors: readonly ConnectorInfo[]): WalletEntry {
  const connector = matchConnector(listing, connectors)
  const imageUrl = imageOf(listing, images)
  return {
    id: listing.id,
    name: listing.name,
    listing,
    ...(imageUrl ? { imageUrl } : {}),
    ...(connector ? { connectorId: connector.id, tag: 'installed' as const } : {}),
  }
}

/** Where choosing a wallet goes: its connector's view, else WalletConnect with the listing for the deep links. */
export function walletDestination(entry: WalletEntry, connectors: readonly ConnectorInfo[]): { view: string; data?: unknown } {
  if (entry.connectorId) {
    const type = connectors.find((c) => c.id === entry.connectorId)?.type
    if (type === 'WALLET_CONNECT') return { view: 'ConnectingWalletConnect' }
    return { view: 'ConnectingExternal', data: { connectorId: entry.connectorId } }
  }
  if (entry.listing) {
    return { view: 'ConnectingWalletConnect', data: { wallet: { ...entry.listing, ...(entry.imageUrl ? { image_url: entry.imageUrl } : {}) } } }
  }
  return { view: 'ConnectingWalletConnect', data: { walletId: entry.id } }
}

/**
 * Ids of the connectors the Connect view lists itself: every one but auth connectors (email and social have their
 * own methods) and the generic injected one when a wallet announced itself (it would show that wallet twice).
 */
function listedConnectorIds(connectors: readonly ConnectorInfo[]): string[] {
  const hasAnnounced = connectors.some((c) => c.type === 'ANNOUNCED')
  return connectors.filter((c) => c.type !== 'AUTH' && !(c.type === 'INJECTED' && hasAnnounced)).map((c) => c.id)
}

/**
 * The Connect view's featured and recommended items. Wallets the view already lists (a registered connector, a
 * recent wallet) or whose extension is installed are left out, so each shows once.
 */
export function registryWalletItems(
  wallets: Pick<WalletsState, 'featured' | 'recommended' | 'images'>,
  recent: readonly RecentWallet[],
  connectors: readonly ConnectorInfo[],
): WalletListItem[] {
  const taken = new Set<string>([...listedConnectorIds(connectors), ...recent.map((r) => r.id)])
  const out: WalletListItem[] = []
  const add = (listing: WalletListing, group: 'featured' | 'recommended') => {
    if (taken.has(listing.id) || (listing.rdns && taken.has(listing.rdns)) || matchConnector(listing, connectors)) return
    taken.add(listing.id)
    const imageUrl = imageOf(listing, wallets.images)
    const entry: WalletEntry = { id: listing.id, name: listing.name, listing, ...(imageUrl ? { imageUrl } : {}) }
    const { view, data } = walletDestination(entry, connectors)
    out.push({ id: listing.id, name: listing.name, group, view, viewData: data, ...(imageUrl ? { imageUrl } : {}) })
  }
  for (const w of wallets.featured) add(w, 'featured')
  for (const w of wallets.recommended) add(w, 'recommended')
  return out
}

const NONE: readonly WalletListItem[] = Object.freeze([])

/**
 * Rows kept for the featured wallets while the registry's first answer is on its way: as many as it will give at
 * most (the host's featured ids, else {@link FEATURED_WALLETS_COUNT}), so the Connect view keeps its height and
 * nothing under the visitor's pointer moves when they arrive.
 *
 * @example
 * featuredPlaceholders({ featuredWalletIds: ['rainbow'] }) // one placeholder row
 */
export function featuredPlaceholders(config: Pick<WalletsState['config'], 'featuredWalletIds'>): WalletListItem[] {
  const rows = Math.min(FEATURED_WALLETS_COUNT, config.featuredWalletIds.length || FEATURED_WALLETS_COUNT)
  return Array.from({ length: rows }, (_, i) => ({ id: `featured-placeholder-${i}`, name: '', group: 'featured', placeholder: true }))
}

/**
 * {@link registryWalletItems} as the `select` this plugin contributes to `connect/walletItems`: derived from its
 * slice and the kernel's connectors and recent wallets, and the same array while none of them changed, so the
 * Connect view renders again only when the items do. One per kernel (each plugin setup makes its own).
 */
export function createRegistryWalletItemsSelector(): (state: PorticoState) => readonly WalletListItem[] {
  let inputs: readonly unknown[] = []
  let items = NONE
  return (state) => {
    const wallets = state.wallets
    if (!wallets) return NONE
    // the first answer pending: placeholders (a failed or later load shows what it has, no skeleton)
    const firstLoad = wallets.topStatus === 'loading' && wallets.featured.length === 0 && wallets.recommended.length === 0
    const next = [wallets.featured, wallets.recommended, wallets.images, state.connection.recentWallets, state.connectors.list, firstLoad, wallets.config]
    if (next.every((x, i) => x === inputs[i])) return items
    inputs = next
    const built = firstLoad ? featuredPlaceholders(wallets.config) : registryWalletItems(wallets, state.connection.recentWallets, state.connectors.list)
    items = built.length ? built : NONE
    return items
  }
}
