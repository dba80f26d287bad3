import type { Database } from '@portico/service-api/db'
import type { FarcasterRegistryConfig } from './farcaster/siwf.js'
import type { SocialProviderConfig } from './social/providers.js'
import type { SmartAccountChains } from './framePage.js'

/** Default HTTP port of the frame service (ARCHITECTURE: frame 4320, override with PORTICO_FRAME_PORT). */
export const DEFAULT_FRAME_PORT = 4320
/** Default port of the dev SMTP sink when the CLI starts it (ARCHITECTURE: 4325, override with PORTICO_SMTP_SINK_PORT). */
export const DEFAULT_SMTP_SINK_PORT = 4325

/**
 * The secret used when PORTICO_FRAME_SECRET is not set. Anyone who reads this file can forge nothing with it (codes
 * and tokens are random), but hashes made with a public secret can be brute-forced offline: dev and tests only.
 */
export const DEV_ONLY_FRAME_SECRET = 'portico-dev-only-frame-secret-not-for-production'

/** Every limit of the email one-time-code login and its sessions, in one place. */
export interface FrameLimits {
  /** Digits in a code. */
  codeLength: number
  /** How long a code can be used after it is sent. */
  codeTtlMs: number
  /** Wrong guesses that end a code (the last allowed wrong guess ends it). */
  maxAttempts: number
  /** Minimum time between two codes sent to one email (SPEC §9: email login cooldown 30 s). */
  resendCooldownMs: number
  /** Codes sent to one email per rolling hour. */
  sendsPerEmailPerHour: number
  /** Codes requested from one IP per hour (fixed window). */
  sendsPerIpPerHour: number
  /** Code checks from one IP per hour (fixed window), across all emails. */
  verifiesPerIpPerHour: number
  /** Lifetime of an access token. */
  accessTokenTtlMs: number
  /** Lifetime of a refresh token (each refresh issues a new one). */
  refreshTokenTtlMs: number
  /** Lifetime of a "new device" verification link. */
  deviceLinkTtlMs: number
  /** How long expired tokens and revoked sessions are kept before cleanup deletes them. */
  sessionRetentionMs: number
  /** Recovery-share releases (POST /v1/wallet/recover) per user per hour (fixed window). */
  recoversPerUserPerHour: number
  /** Device-approval polls (POST /v1/device/status) per IP per hour (fixed window); the frame polls every 2 s. */
  deviceStatusPerIpPerHour: number
}

export const DEFAULT_LIMITS: Readonly<FrameLimits> = Object.freeze({
  codeLength: 6,
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 30_000,
  sendsPerEmailPerHour: 5,
  sendsPerIpPerHour: 20,
  verifiesPerIpPerHour: 60,
  accessTokenTtlMs: 15 * 60_000,
  refreshTokenTtlMs: 30 * 24 * 60 * 60_000,
  deviceLinkTtlMs: 10 * 60_000,
  sessionRetentionMs: 7 * 24 * 60 * 60_000,
  recoversPerUserPerHour: 10,
  deviceStatusPerIpPerHour: 3_600,
})

/** How long the frame caches a project's allowed origins read from the api (positive and negative), like the api. */
export const DEFAULT_ORIGINS_CACHE_MS = 5_000

/** Default period of the cleanup timer that main.ts starts (PORTICO_FRAME_CLEANUP_INTERVAL_MS; 0 turns it off). */
export const DEFAULT_CLEANUP_INTERVAL_MS = 10 * 60_000

/** Where log lines go. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export const consoleLogger: Logger = {
  info: (m) => console.log(`[portico-frame] ${m}`),
  warn: (m) => console.warn(`[portico-frame] ${m}`),
  error: (m) => console.error(`[portico-frame] ${m}`),
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }

/** Options of {@link createFrameServer}. Everything is optional: the defaults run on one machine. */
export interface FrameServerOptions {
  /** An open database to use (not closed by the server); else one is opened from `databaseUrl` / `dataDir`. */
  database?: Database
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string
  /** PGlite data directory; in memory when absent. */
  dataDir?: string
  /** Key of the HMAC that hashes codes and tokens; {@link DEV_ONLY_FRAME_SECRET} when absent. */
  secret?: string
  /** Real SMTP server (`smtp://user:pass@host:587`, `smtps://…`); when absent an in-memory sink receives the mail. */
  smtpUrl?: string
  /** Port of the dev SMTP sink (0, the default, picks a free one). */
  smtpSinkPort?: number
  /** Sender of the code emails. */
  mailFrom?: string
  /**
   * Public origin of this service (`https://auth.example.com`), used in the links of device-verification mails.
   * When absent the origin of the request is used: fine on one machine, but a forged Host header would then end up in
   * a mail, so production must set it (PORTICO_FRAME_PUBLIC_URL).
   */
  publicUrl?: string
  /** Read the client IP from X-Forwarded-For (set only behind a proxy that sets it). */
  trustProxy?: boolean
  /** Overrides of {@link DEFAULT_LIMITS}. */
  limits?: Partial<FrameLimits>
  /**
   * Key that encrypts the stored key shares (PORTICO_FRAME_SHARE_KEY): 32 bytes as 64 hex or 44 base64 characters.
   * When absent a key is derived from `secret`, with a loud warning: dev and tests only.
   */
  shareKey?: string
  /**
   * Directory of the built frame page (`index.html` and `assets/`); default `services/frame/page/dist`. While it
   * has no index.html, /sdk answers 503.
   */
  pageDir?: string
  /** Base URL of the api service (PORTICO_API_URL): the allowed origins of a project are read from it. */
  apiUrl?: string
  /**
   * Allowed parent origins for every project (PORTICO_FRAME_ALLOWED_ORIGINS), for a frame without an api; when set,
   * `apiUrl` is not asked. `*` allows any origin.
   */
  allowedOrigins?: string[]
  /** Cache lifetime of origin lookups from the api; {@link DEFAULT_ORIGINS_CACHE_MS}. */
  originsCacheMs?: number
  /**
   * Social providers to sign in with (OAuth 2.0 / OpenID Connect clients; see src/social/providers.ts and
   * `socialProvidersFromEnv`). None by default.
   */
  socialProviders?: readonly SocialProviderConfig[]
  /**
   * Where Sign In With Farcaster reads custody addresses: an IdRegistry on a chain (PORTICO_FARCASTER_ID_REGISTRY,
   * PORTICO_FARCASTER_RPC_URL, PORTICO_FARCASTER_CHAIN_ID). Without it Farcaster sign-in is off.
   */
  farcaster?: FarcasterRegistryConfig
  /** Chains where the embedded wallet offers an ERC-4337 smart account (PORTICO_SMART_ACCOUNT_CHAINS); none by default. */
  smartAccountChains?: SmartAccountChains
  /** The clock (tests move it). */
  now?: () => Date
  logger?: Logger
}
