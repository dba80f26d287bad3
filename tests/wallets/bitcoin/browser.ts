/**
 * Browser entry of the Dev Wallet's Bitcoin wallet. The EVM Dev Wallet's entry loads it only when the page asks for
 * bitcoin (`?bitcoin=1` in the URL), so pages without it see no change. It creates the wallet (regtest), installs it
 * where sats-connect looks (`window.btc_providers`, `window.PorticoDevWallet.BitcoinProvider`) and exposes it as
 * `window.__porticoBitcoinDevWallet` for e2e tests (`setMode`, `disconnect`, `requests`, `sent`). Authorisation and
 * network persist in localStorage, so a reload restores the session like an extension would.
 */
import { createBitcoinDevWallet, type BitcoinDevWallet } from './devWallet.js'
import { registerBitcoinDevWallet } from './register.js'

declare global {
  interface Window {
    __porticoBitcoinDevWallet?: BitcoinDevWallet
    /** Takes the wallet off the page (a wallet that disappears mid-session). */
    __porticoBitcoinDevWalletRemove?: () => void
  }
}

if (typeof window !== 'undefined' && !window.__porticoBitcoinDevWallet) {
  const wallet = createBitcoinDevWallet({ storage: window.localStorage })
  window.__porticoBitcoinDevWallet = wallet
  window.__porticoBitcoinDevWalletRemove = registerBitcoinDevWallet(wallet)
}

export {}
