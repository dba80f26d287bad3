/**
 * Browser entry of the Portico Dev Wallet, bundled into the demo only for `npm start` and tests (never into a
 * production build). It creates the wallet, announces it through EIP-6963 and exposes it as
 * `window.__porticoDevWallet` so e2e tests can steer it (`setMode`, `moveToChain`, `disconnect`).
 *
 * RPC URLs come from the demo's `<meta name="portico-config">` field `rpc` (`{ "31337": url, "31338": url }`, what
 * scripts/lib/stack.ts writes), else the dev stack defaults (8545, 8546). Authorisation and chain persist in localStorage, so a reload restores the
 * session like a browser extension would.
 */
import { announceDevWallet } from './announce.js'
import { createDevWallet, DEFAULT_DEV_RPC_URLS, type DevWallet } from './devWallet.js'

declare global {
  interface Window {
    __porticoDevWallet?: DevWallet
  }
}

function configuredRpcUrls(): Record<number, string> {
  try {
    const content = document.querySelector('meta[name="portico-config"]')?.getAttribute('content')
    const config = content ? (JSON.parse(content) as { rpc?: unknown; rpcUrls?: unknown }) : undefined
    const rpcUrls = config?.rpc ?? config?.rpcUrls
    if (rpcUrls && typeof rpcUrls === 'object') {
      const entries = Object.entries(rpcUrls).filter(([id, url]) => Number(id) > 0 && typeof url === 'string' && /^https?:\/\//.test(url))
      if (entries.length) return Object.fromEntries(entries.map(([id, url]) => [Number(id), url as string]))
    }
  } catch {
    console.warn('[portico dev wallet] ignoring a malformed <meta name="portico-config">')
  }
  return { ...DEFAULT_DEV_RPC_URLS }
}

if (typeof window !== 'undefined' && !window.__porticoDevWallet) {
  const wallet = createDevWallet({ rpcUrls: configuredRpcUrls(), storage: window.localStorage })
  window.__porticoDevWallet = wallet
  announceDevWallet(wallet)
  // its Solana wallet (Wallet Standard) only when the page asks for solana, so other pages see no change
  const solana = new URLSearchParams(window.location.search).get('solana')
  if (solana !== null && solana !== '0' && solana !== 'false') void import('../solana/browser.js')
  // its Polkadot extension (injectedWeb3) likewise only with `?polkadot=1`
  const polkadot = new URLSearchParams(window.location.search).get('polkadot')
  if (polkadot !== null && polkadot !== '0' && polkadot !== 'false') void import('../polkadot/browser.js')
  // its Bitcoin wallet (sats-connect provider protocol) likewise only with `?bitcoin=1`
  const bitcoin = new URLSearchParams(window.location.search).get('bitcoin')
  if (bitcoin !== null && bitcoin !== '0' && bitcoin !== 'false') void import('../bitcoin/browser.js')
}

export {}
