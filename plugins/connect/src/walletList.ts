import type { ConnectorInfo, PorticoState, RecentWallet } from '@portico/contracts/plugin'
import type { ConnectMethod, WalletListItem } from './extensionPoints.js'

export type WalletGroup = WalletListItem['group']

/** SPEC §2 connector order. */
export const WALLET_GROUP_ORDER: readonly WalletGroup[] = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']

/** The test id of a wallet list item: `connector-<id>` when it connects through a connector, else `wallet-<id>`. */
export function walletItemTestId(item: WalletListItem): string {
  return item.connectorId ? `connector-${item.connectorId}` : `wallet-${item.id}`
}

/**
 * Orders connect methods by `order`; methods it does not name keep their contribution order after the named ones.
 *
 * @example
 * sortConnectMethods([{ id: 'wallet' }, { id: 'email' }], ['email', 'social', 'wallet']) // email, wallet
 */
export function sortConnectMethods<M extends Pick<ConnectMethod, 'id'>>(methods: readonly M[], order: readonly string[]): M[] {
  const rank = (m: M) => {
    const i = order.indexOf(m.id)
    return i === -1 ? order.length : i
  }
  const seen = new Set<string>()
  return methods
    .map((m, index) => ({ m, index }))
    .sort((a, b) => rank(a.m) - rank(b.m) || a.index - b.index)
    .map(({ m }) => m)
    .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)))
}

/**
 * The Connect view's own wallet items, before other plugins add theirs: recent wallets (tag "recent"), the
 * WalletConnect connector (tag "QR code"), browser wallets (tag "installed") and external connectors. A
 * connector listed as recent is not listed twice. Auth connectors belong to the email and social methods.
 */
export function buildWalletItems(connectors: readonly ConnectorInfo[], recentWallets: readonly RecentWallet[]): WalletListItem[] {
  const byId = new Map(connectors.map((c) => [c.id, c]))
  const items: WalletListItem[] = []
  const recentConnectorIds = new Set<string>()

  for (const recent of recentWallets) {
    if (recent.connectorId) {
      const connector = byId.get(recent.connectorId)
      // a wallet used before but not available now (extension removed) cannot be offered
      if (!connector || connector.type === 'AUTH') continue
      recentConnectorIds.add(connector.id)
      const imageUrl = recent.imageUrl ?? connector.imageUrl
      items.push({ id: connector.id, name: recent.name || connector.name, group: 'recent', tag: 'connect.tag.recent', connectorId: connector.id, ...(imageUrl ? { imageUrl } : {}) })
    } else {
      items.push({
        id: recent.id,
        name: recent.name,
        group: 'recent',
        tag: 'connect.tag.recent',
        view: 'ConnectingWalletConnect',
        viewData: { walletId: recent.id },
        ...(recent.imageUrl ? { imageUrl: recent.imageUrl } : {}),
      })
    }
  }

  // EIP-6963 announced wallets replace the generic window.ethereum entry, which would show one of them twice.
  const hasAnnounced = connectors.some((c) => c.type === 'ANNOUNCED')
  for (const c of connectors) {
    if (recentConnectorIds.has(c.id)) continue
    const base = { id: c.id, name: c.name, connectorId: c.id, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) }
    switch (c.type) {
      case 'WALLET_CONNECT':
        items.push({ ...base, group: 'walletConnect', tag: 'connect.tag.qrCode' })
        break
      case 'ANNOUNCED':
      case 'MULTI_CHAIN':
        items.push({ ...base, group: 'injected', tag: 'connect.tag.installed' })
        break
      case 'INJECTED':
        if (!hasAnnounced) items.push({ ...base, group: 'injected', tag: 'connect.tag.installed' })
        break
      case 'EXTERNAL':
        items.push({ ...base, group: 'external' })
        break
      case 'AUTH':
        break
    }
  }
  return describeSameNamedRows(items, byId)
}

/**
 * Rows of one wallet for different chains (announced once per chain, so one connector each) get the chain as their
 * description, so the visitor can tell "Phantom" on Ethereum from "Phantom" on Solana.
 */
function describeSameNamedRows(items: WalletListItem[], connectors: ReadonlyMap<string, ConnectorInfo>): WalletListItem[] {
  const chainsOf = (item: WalletListItem) => (item.connectorId ? connectors.get(item.connectorId)?.chains : undefined) ?? []
  const byName = new Map<string, WalletListItem[]>()
  for (const item of items) {
    if (chainsOf(item).length === 0) continue
    const key = item.name.trim().toLowerCase()
    byName.set(key, [...(byName.get(key) ?? []), item])
  }
  const described = new Map<WalletListItem, string>()
  for (const rows of byName.values()) {
    if (rows.length < 2 || new Set(rows.map((r) => chainsOf(r).join(','))).size < 2) continue
    for (const row of rows) described.set(row, `connect.chain.${chainsOf(row)[0]}`)
  }
  return described.size === 0 ? items : items.map((item) => (described.has(item) ? { ...item, description: described.get(item) } : item))
}

/**
 * {@link buildWalletItems} as a `select` contribution: the same array for the same connectors and recent wallets,
 * so reading the list again after an unrelated store change gives the reader nothing new to render. One per
 * kernel (each plugin setup makes its own).
 */
export function createOwnWalletItemsSelector(): (state: PorticoState) => readonly WalletListItem[] {
  let connectors: PorticoState['connectors']['list'] | undefined
  let recent: PorticoState['connection']['recentWallets'] | undefined
  let items: readonly WalletListItem[] = []
  return (state) => {
    if (state.connectors.list !== connectors || state.connection.recentWallets !== recent) {
      connectors = state.connectors.list
      recent = state.connection.recentWallets
      items = buildWalletItems(connectors, recent)
    }
    return items
  }
}

export type WalletSection = { group: WalletGroup; items: WalletListItem[] }

/**
 * Groups items in SPEC §2 order (walletConnect, recent, injected, featured, custom, external, recommended),
 * keeping each group's contribution order, dropping empty groups and items already listed under an earlier group.
 */
export function groupWalletItems(items: readonly WalletListItem[]): WalletSection[] {
  const seen = new Set<string>()
  const sections: WalletSection[] = []
  for (const group of WALLET_GROUP_ORDER) {
    const list = items.filter((item) => item.group === group && !seen.has(walletItemTestId(item)))
    for (const item of list) seen.add(walletItemTestId(item))
    if (list.length) sections.push({ group, items: list })
  }
  return sections
}
