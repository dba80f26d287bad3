import type { BitcoinDevWallet } from './devWallet.js'

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#3b5bdb"/>' +
  '<path d="M28 30h26a14 14 0 0 1 0 28H40v10H28z" fill="#fff"/>' +
  '<rect x="40" y="40" width="14" height="8" rx="4" fill="#3b5bdb"/></svg>'

/** The wallet's icon (the Dev Wallet's), a data URI as sats-connect wallets give it. */
export const BITCOIN_DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}`
/** The name the wallet registers under. */
export const BITCOIN_DEV_WALLET_NAME = 'Portico Dev Wallet'
/** Its provider id: the path sats-connect walks on `window` to reach the provider. */
export const BITCOIN_DEV_WALLET_PROVIDER_ID = 'PorticoDevWallet.BitcoinProvider'
/** The connector id the bitcoin plugin gives it. */
export const BITCOIN_DEV_WALLET_CONNECTOR_ID = 'bitcoin.portico-dev-wallet'

type Target = { PorticoDevWallet?: { BitcoinProvider?: unknown }; btc_providers?: unknown[] }

/**
 * Installs the wallet where sats-connect looks: its provider at `window.PorticoDevWallet.BitcoinProvider` and its
 * description (id, name, icon, methods) in `window.btc_providers`. Returns the function that takes it away again,
 * so tests can make the wallet disappear.
 *
 * @example
 * const remove = registerBitcoinDevWallet(createBitcoinDevWallet())
 */
export function registerBitcoinDevWallet(wallet: BitcoinDevWallet, target: Target = window as unknown as Target): () => void {
  const info = {
    id: BITCOIN_DEV_WALLET_PROVIDER_ID,
    name: BITCOIN_DEV_WALLET_NAME,
    icon: BITCOIN_DEV_WALLET_ICON,
    webUrl: 'https://github.com/portico',
    methods: ['getAccounts', 'getAddresses', 'signMessage', 'signPsbt', 'sendTransfer', 'wallet_connect', 'wallet_getAccount', 'wallet_changeNetwork', 'wallet_renouncePermissions'],
  }
  target.PorticoDevWallet = { ...target.PorticoDevWallet, BitcoinProvider: wallet.provider }
  ;(target.btc_providers ??= []).push(info)
  return () => {
    const list = target.btc_providers ?? []
    const at = list.indexOf(info)
    if (at >= 0) list.splice(at, 1)
    if (target.PorticoDevWallet?.BitcoinProvider === wallet.provider) delete target.PorticoDevWallet.BitcoinProvider
  }
}
