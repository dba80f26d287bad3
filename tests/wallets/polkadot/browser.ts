/**
 * Browser entry of the Dev Wallet's Polkadot extension. The EVM Dev Wallet's entry loads it only when the page asks
 * for polkadot (`?polkadot=1` in the URL), so pages without it see no change. It puts the extension into
 * `window.injectedWeb3['portico-dev']` and exposes it as `window.__porticoPolkadotDevWallet` for e2e tests
 * (`setMode`, `disconnect`, `setAccounts`, `requests`). `?polkadotAccounts=none` starts it with no accounts.
 * Authorisation persists in localStorage, so a reload restores the session like an extension would.
 */
import { createPolkadotDevWallet, injectPolkadotDevWallet, type PolkadotDevWallet } from './devExtension.js'

declare global {
  interface Window {
    __porticoPolkadotDevWallet?: PolkadotDevWallet
    injectedWeb3?: Record<string, unknown>
  }
}

if (typeof window !== 'undefined' && !window.__porticoPolkadotDevWallet) {
  const none = new URLSearchParams(window.location.search).get('polkadotAccounts') === 'none'
  const wallet = createPolkadotDevWallet({ ...(none ? { uris: [] } : {}), storage: window.localStorage })
  window.__porticoPolkadotDevWallet = wallet
  injectPolkadotDevWallet(wallet, window)
}

export {}
