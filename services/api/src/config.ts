import type { Database, PostgresTimeouts } from './db/index.js'

/** A fiat price per currency code, e.g. `{ usd: 1 }`. */
export type Prices = Record<string, number>

/** An ERC-20 token whose balances the API reads on a chain. */
export interface TokenConfig {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
  iconUrl?: string
  prices?: Prices
}

/** An EVM chain the API serves: read for balances and followed by the indexer. */
export interface ChainConfig {
  chainId: number
  rpcUrl: string
  name?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number; iconUrl?: string }
  /** Fiat prices of the native currency (seeded into the price table at start). */
  nativePrices?: Prices
  tokens?: TokenConfig[]
  /** First block the indexer reads (default 0: local chains are short). */
  startBlock?: number
  /** A Uniswap V2 deployment on this chain: the convert (swap) endpoints serve only chains that have one. */
  exchange?: ExchangeConfig
}

/** Uniswap V2 contracts of a chain (WETH9 wraps the native currency). */
export interface ExchangeConfig {
  factory: `0x${string}`
  router: `0x${string}`
  weth: `0x${string}`
}

/** A project that may call the API, with the browser origins it allows ('*' allows any). */
export interface ProjectConfig {
  id: string
  name?: string
  allowedOrigins: string[]
  analyticsEnabled?: boolean
}

/** Log sink; the default writes to the console with a prefix. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/** Options of {@link createApiServer}. Everything has a default that runs on one machine. */
export interface ApiServerOptions {
  /** Chains to serve (default: the two local anvil chains of the dev stack). */
  chains?: ChainConfig[]
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string
  /** PostgreSQL session timeouts (statement, lock, idle in transaction); see PostgresTimeouts for the defaults. */
  databaseTimeouts?: PostgresTimeouts
  /** PGlite data directory; in memory when absent. Ignored with `databaseUrl`. */
  dataDir?: string
  /** An already-open database (migrated by the server); the server does not close it. */
  database?: Database
  /**
   * Seed the `portico-dev` project (default true). Created only when absent: an existing one (another replica's,
   * or edited by the operator) is never rewritten.
   */
  seedDevProject?: boolean
  /** Extra origins allowed for `portico-dev`, added to the localhost demo origins. */
  devOrigins?: string[]
  /** Projects to create or update at start (the operator's explicit configuration: it wins over the stored rows). */
  projects?: ProjectConfig[]
  /** Indexer settings; `enabled: false` leaves history empty (useful for benchmarks of other endpoints). */
  indexer?: { enabled?: boolean; pollIntervalMs?: number; maxBackoffMs?: number; batchSize?: number }
  /** How long balances are cached (default 30 s, SPEC §9); `forceUpdate` bypasses it. */
  balanceCacheMs?: number
  /**
   * How long each process keeps recent reads (identities, cached balances, wallet-list pages) in memory before
   * asking the database again (default 1 s; 0 turns it off): replicas may disagree for that long. See readCache.ts.
   */
  readCacheMs?: number
  /** History page size (default 20). */
  historyPageSize?: number
  /** Synthetic wallets appended to the registry catalog, for scale testing of the wallet list. */
  syntheticWallets?: number
  /**
   * Base URL of generated icon URLs and of the document's server. Default: `http://localhost:<port listened on>`
   * (`http://localhost:4310` before listen). Never taken from request headers.
   */
  publicUrl?: string
  /** Timeout of one JSON-RPC call to a chain (default 5 s). */
  rpcTimeoutMs?: number
  logger?: Logger
}

/** The dev project id seeded for the demo. */
export const DEV_PROJECT_ID = 'portico-dev'
/** Origins of the demo host allowed for the dev project. */
export const DEV_PROJECT_ORIGINS = ['http://localhost:4300', 'http://127.0.0.1:4300']
/** Default port of the API (ARCHITECTURE.md). */
export const DEFAULT_API_PORT = 4310

/** The dev stack's two anvil chains (ARCHITECTURE.md: 8545 → 31337, 8546 → 31338). */
export const DEFAULT_CHAINS: ChainConfig[] = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Anvil' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546', name: 'Anvil 2' },
]

/** Native currency of a chain when the config names none: every EVM dev chain uses 18-decimal Ether. */
export const DEFAULT_NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** Console logger with a prefix. */
export const consoleLogger: Logger = {
  info: (m) => console.log(`[portico-api] ${m}`),
  warn: (m) => console.warn(`[portico-api] ${m}`),
  error: (m) => console.error(`[portico-api] ${m}`),
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }

/** CAIP-2 id of an EVM chain. */
export const caipNetworkId = (chainId: number) => `eip155:${chainId}`
