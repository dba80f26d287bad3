import type { CaipNetworkId, ChainNamespace } from './caip.js'

// Business constants and limits of SPEC §9 (and the timings of SPEC §2). Durations are in milliseconds.

// --- Auth and login frame ---
/** Minimum time between two email logins from this browser. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
/** An auth (login frame) request with no answer by then times out and is aborted. */
export const AUTH_EVENT_TIMEOUT_MS = 30_000
/** The frame must report READY within this time (reference §2.1), else the load failed. */
export const FRAME_READY_TIMEOUT_MS = 20_000
/** SIGN_OUT is awaited at most this long (the spec's "3 s" timing constant). */
export const SIGN_OUT_TIMEOUT_MS = 3_000
/** Version query parameter the login frame URL carries by default. */
export const DEFAULT_FRAME_SDK_VERSION = '4'
/** DOM id of the hidden login frame element. */
export const FRAME_ELEMENT_ID = 'w3m-iframe'
/** Window name of the login frame. */
export const FRAME_ELEMENT_NAME = 'w3m-secure-iframe'
/** z-index of the login frame element. */
export const FRAME_Z_INDEX = 999999
/** Social providers offered by default, in display order (farcaster has its own flow). */
export const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
/** Namespaces the embedded (auth) wallet supports. */
export const AUTH_CONNECTOR_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]

// --- Balances and caches ---
/** After a failed token-balance fetch, retrying is blocked for this long. */
export const TOKEN_BALANCE_RETRY_MS = 30_000
/** How long cached API answers stay fresh. */
export const CACHE_EXPIRY = { portfolio: 30_000, nativeBalance: 30_000, name: 300_000, identity: 300_000 } as const
/** Namespaces where balances are fetched. */
export const BALANCE_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
/** Namespaces where onramp is offered. */
export const ONRAMP_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
/** Namespaces where transaction history (activity) is offered. */
export const ACTIVITY_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
/** Namespaces where account names can be registered. */
export const NAME_NAMESPACES = ['eip155'] as const satisfies readonly ChainNamespace[]
/** Native-currency decimals fixed by the chain. */
export const SOLANA_DECIMALS = 9
/** Native-currency decimals fixed by the chain. */
export const BITCOIN_DECIMALS = 8

// --- Wallets and connections ---
/** Recent wallets kept, newest first. */
export const RECENT_WALLETS_LIMIT = 2
/** Pending transactions kept at most. */
export const PENDING_TRANSACTIONS_LIMIT = 99
/** Wallet registry page size for the list. */
export const WALLET_PAGE_SIZE = 40
/** Wallet registry page size for a search. */
export const WALLET_SEARCH_PAGE_SIZE = 100
/** A search shows its loading state at least this long, to avoid flicker. */
export const SEARCH_MIN_WAIT_MS = 300
/** Recommended wallets fetched. */
export const RECOMMENDED_WALLETS_COUNT = 4
/** Featured wallets fetched. */
export const FEATURED_WALLETS_COUNT = 4
/** Wallet images prefetched per page. */
export const WALLET_IMAGE_PREFETCH = 20
/** Lifetime of a new wallet-connect pairing. */
export const PAIRING_TTL_MS = 240_000
/** A pairing with less than this left counts as expired. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
/** Minimum interval between retries. */
export const MIN_RETRY_INTERVAL_MS = 1_000
/** An image that has not loaded by then is given up on. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
/** Heartbeat interval. */
export const HEARTBEAT_INTERVAL_MS = 5_000
/** Default connect-method order. */
export const DEFAULT_CONNECT_METHOD_ORDER = ['email', 'social', 'wallet'] as const
/** Default connector order in the Connect view. */
export const DEFAULT_CONNECTOR_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
/** Default order of wallet features in the Account view. */
export const DEFAULT_WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

// --- Chains and RPC ---
/** Network used when nothing else is known. */
export const DEFAULT_CHAIN: CaipNetworkId = 'eip155:1'
/** Exclusive upper bound for a chain id (2^31): larger ids are rejected with `Invalid chainId`. */
export const MAX_CHAIN_ID = 2147483648
/** Timeout of one chain RPC request. */
export const RPC_TIMEOUT_MS = 10_000
/** Most JSON-RPC calls in one batch. */
export const RPC_BATCH_SIZE = 1000
/** Interval between transport pings (net_listening). */
export const PING_INTERVAL_MS = 4_000
/** Pings kept per transport for ranking. */
export const PING_SAMPLES = 10
/** A ping with no answer by then counts as failed. */
export const PING_TIMEOUT_MS = 1_000
/** Transport ranking weights: stability and latency. */
export const PING_WEIGHTS = { stability: 0.7, latency: 0.3 } as const
/** Account type used per namespace unless configured otherwise. */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const satisfies Record<ChainNamespace, string>

// --- Swaps and onramp ---
/** EIP-155 chains where swaps are offered. */
export const SWAP_CHAIN_IDS = [1, 10, 56, 100, 137, 250, 324, 8217, 8453, 42161, 43114, 1313161554] as const
/** Swap slippage tolerance, in percent. */
export const SLIPPAGE_TOLERANCE = 1
/** Card-onramp networks, by provider name. */
export const ONRAMP_CARD_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const
/** Card-onramp network used when the active one is not supported. */
export const ONRAMP_CARD_FALLBACK_CHAIN = 'ethereum'
const FALLBACK_PAYMENT_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const
/** Payment currencies and limits used when the onramp options call fails. */
export const FALLBACK_ONRAMP_PAYMENT_CURRENCIES = [
  { id: 'USD', payment_method_limits: FALLBACK_PAYMENT_LIMITS },
  { id: 'EUR', payment_method_limits: FALLBACK_PAYMENT_LIMITS },
] as const

// --- Storage, logging, queries ---
/** Version key of persisted storage. */
export const STORAGE_VERSION = 1
/** Log buffer size in bytes. */
export const LOG_BUFFER_BYTES = 1_024_000
/** Default log level. */
export const DEFAULT_LOG_LEVEL = 'error'
/** Retries of a failed mutation. */
export const MUTATION_RETRY = 0
/** Timezones where restrictions apply (mainland China, Hong Kong, Macau); the effect is left to features. */
export const RESTRICTED_TIMEZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Macao',
  'PRC',
  'Hongkong',
] as const

// --- Animation and notifications (SPEC §2) ---
/** Header text transition. */
export const HEADER_TEXT_MS = 120
/** Modal height transition. */
export const MODAL_HEIGHT_MS = 150
/** View transition. */
export const VIEW_TRANSITION_MS = 150
/** How long the modal's shake flag stays on. */
export const SHAKE_MS = 500
/** Delay before a new toast replaces an open one. */
export const TOAST_REPLACE_DELAY_MS = 150

/**
 * Error messages of frame replies that the app gives a fixed meaning: the error payload carries only a message,
 * so these sentences are the contract between the frame and the app (change them on both sides at once).
 */
export const FRAME_ERROR_MESSAGES = Object.freeze({
  /** The stored session can no longer be refreshed: the app shows the "Session Expired" alert and disconnects. */
  sessionExpired: 'Session expired',
  /** The visitor pressed Reject in the frame's approval (EIP-1193 code 4001 on the app side). */
  userRejected: 'User rejected the request.',
  /** RPC_ABORT ended a pending approval. */
  aborted: 'Request was aborted',
  /** The frame's auth server cannot be reached: nothing was checked, so the visitor may simply try again. */
  unreachable: 'The sign-in service is unreachable. Try again in a moment.',
} as const)
