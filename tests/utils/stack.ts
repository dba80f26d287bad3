import type { Ports, StackUrls } from '../../scripts/lib/ports.ts'

/** The test token the stack deployed (scripts/lib/tokens.ts), as plain JSON. */
export type E2EToken = { name: string; symbol: string; decimals: number; addresses: Record<string, `0x${string}`>; holders: `0x${string}`[] }

/** The exchange the stack deployed (scripts/lib/exchange.ts), as plain JSON: addresses per chain id. */
export type E2EExchange = {
  token: { name: string; symbol: string; decimals: number; usd: number }
  deployer: `0x${string}`
  chains: Record<string, { weth: `0x${string}`; factory: `0x${string}`; router: `0x${string}`; pte: `0x${string}` }>
}

/** What the e2e global setup started, as tests get it from `inject('stack')`. */
export type E2EStack = {
  ports: Ports
  /** Every part's URL; `solana` and `solanaWs` are the local Solana chain's JSON-RPC and websocket (tests/solana). */
  urls: StackUrls
  cdnDir: string
  demoDir: string
  token?: E2EToken
  /** Uniswap V2 and the second test token (PTE) per chain id (scripts/lib/exchange.ts); pools PTD/WETH, PTE/WETH, PTD/PTE. */
  exchange?: E2EExchange
  /** Where csp.e2e.test.ts serves the strict-CSP demo: an origin the dev project allows. */
  cspDemoPort: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2EStack
  }
}
