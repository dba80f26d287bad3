import type { PorticoState } from '@portico/contracts/plugin'
import type { WalletListItem } from '@portico/plugin-connect'
import { WALLETCONNECT_CONNECTOR_ID } from './constants.js'

/** Whether an item of the Connect view's wallet list is the WalletConnect connector's entry. */
const isWalletConnectEntry = (item: WalletListItem) =>
  item.connectorId === WALLETCONNECT_CONNECTOR_ID || (item.id === WALLETCONNECT_CONNECTOR_ID && !item.view)

/**
 * The `transform` this plugin contributes to `connect/walletItems`: the WalletConnect entry opens the QR view
 * (tagged "QR code"); every other item passes through. The decorated entry is kept per original item, so the
 * same list gives the same items and the Connect view does not render again for nothing. One per kernel.
 */
export function createWalletItemsTransform(): (items: readonly WalletListItem[], state: PorticoState) => readonly WalletListItem[] {
  const decorated = new WeakMap<WalletListItem, WalletListItem>()
  const decorate = (item: WalletListItem) => {
    let out = decorated.get(item)
    if (!out) decorated.set(item, (out = { ...item, view: 'ConnectingWalletConnect', tag: item.tag ?? 'connect.tag.qrCode' }))
    return out
  }
  return (items) => (items.some(isWalletConnectEntry) ? items.map((item) => (isWalletConnectEntry(item) ? decorate(item) : item)) : items)
}
