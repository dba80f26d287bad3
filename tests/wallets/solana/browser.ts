/**
 * Browser entry of the Dev Wallet's Solana wallet. The EVM Dev Wallet's entry loads it only when the page asks for
 * solana (`?solana=1` in the URL), so pages without it see no change. It creates the wallet on the local chain,
 * registers it with the Wallet Standard and exposes it as `window.__porticoSolanaDevWallet` for e2e tests
 * (`setMode`, `disconnect`, `requests`).
 *
 * The RPC URL comes from the demo's `?solanaRpc=` query, else the page's `<meta name="portico-config">` field
 * `solana.rpcUrl`, else the dev stack's default (8899). Authorisation persists in localStorage, so a reload restores the session like an extension would.
 */
import { SOLANA_DEV_KEYS } from '../../solana/keys.js'
import { createSolanaDevWallet, DEFAULT_SOLANA_RPC_URLS, type SolanaDevWallet } from './devWallet.js'
import { registerSolanaDevWallet } from './register.js'

declare global {
  interface Window {
    __porticoSolanaDevWallet?: SolanaDevWallet
    /** Settles once the Solana Dev Wallet is registered. */
    __porticoSolanaDevWalletReady?: Promise<SolanaDevWallet>
  }
}

/** The local chain's RPC URL: the demo's `?solanaRpc=` (tests' own chain), the page config's, else the default. */
export function configuredSolanaRpcUrl(): string {
  const fromQuery = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('solanaRpc')
  if (fromQuery && /^https?:\/\//.test(fromQuery)) return fromQuery
  try {
    const content = document.querySelector('meta[name="portico-config"]')?.getAttribute('content')
    const url = content ? (JSON.parse(content) as { solana?: { rpcUrl?: unknown } }).solana?.rpcUrl : undefined
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return url
  } catch {
    console.warn('[portico dev wallet] ignoring a malformed <meta name="portico-config">')
  }
  return DEFAULT_SOLANA_RPC_URLS['solana:localnet']!
}

/**
 * The wallet's keys: the first two dev keys, after the demo's `?solanaKey=<64 hex>` (a test's own key, active) when
 * given.
 */
export function configuredSolanaSeeds(): string[] {
  const own = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('solanaKey')
  return [...(own && /^[0-9a-f]{64}$/i.test(own) ? [own] : []), ...SOLANA_DEV_KEYS.slice(0, 2).map((k) => k.seed)]
}

if (typeof window !== 'undefined' && !window.__porticoSolanaDevWalletReady) {
  const parameters = { rpcUrls: { 'solana:localnet': configuredSolanaRpcUrl() }, seeds: configuredSolanaSeeds(), storage: window.localStorage }
  window.__porticoSolanaDevWalletReady = createSolanaDevWallet(parameters).then(
    (wallet) => {
      window.__porticoSolanaDevWallet = wallet
      registerSolanaDevWallet(wallet)
      return wallet
    },
  )
}

export {}
