import { DEFAULT_CLEANUP_INTERVAL_MS, DEFAULT_FRAME_PORT, DEFAULT_SMTP_SINK_PORT, type FrameServerOptions } from './config.js'
import { parseShareKey } from './shareCipher.js'
import { socialProvidersFromEnv } from './social/providers.js'
import { farcasterFromEnv } from './farcaster/env.js'
import { parseSmartAccountChains } from './framePage.js'

const portFrom = (name: string, value: string | undefined, fallback: number): number => {
  const port = value ? Number(value) : fallback
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name}: invalid port ${value}.`)
  return port
}

/**
 * Frame server options from the environment: PORTICO_FRAME_PORT (4320), PORTICO_FRAME_HOST (127.0.0.1),
 * DATABASE_URL (PostgreSQL; PGlite otherwise), PORTICO_FRAME_DATA_DIR (PGlite directory; memory otherwise),
 * PORTICO_FRAME_SECRET (HMAC key for codes and tokens; a dev-only default otherwise), SMTP_URL (real mail; the dev
 * sink otherwise), PORTICO_SMTP_SINK_PORT (4325), PORTICO_FRAME_MAIL_FROM, PORTICO_TRUST_PROXY=1 (read
 * X-Forwarded-For), PORTICO_FRAME_PUBLIC_URL (origin used in device-verification links; required in production),
 * PORTICO_FRAME_SHARE_KEY (32-byte key that encrypts stored key shares; required in production), PORTICO_API_URL (the
 * api, read for each project's allowed origins), PORTICO_FRAME_ALLOWED_ORIGINS (comma list allowed for every project
 * instead), PORTICO_FRAME_PAGE_DIR (the built frame page; services/frame/page/dist by default), and the social
 * providers' PORTICO_SOCIAL_* variables (see socialProvidersFromEnv), Farcaster's PORTICO_FARCASTER_* (see
 * farcasterFromEnv), and PORTICO_SMART_ACCOUNT_CHAINS (JSON: the chains with a smart account, see
 * parseSmartAccountChains).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  options: FrameServerOptions
  port: number
  host: string
  /** Period of the cleanup timer (PORTICO_FRAME_CLEANUP_INTERVAL_MS, default 10 minutes); 0: no timer. */
  cleanupIntervalMs: number
} {
  if (env.NODE_ENV === 'production' && !env.PORTICO_FRAME_SECRET) throw new Error('PORTICO_FRAME_SECRET must be set in production.')
  if (env.NODE_ENV === 'production' && !env.PORTICO_FRAME_PUBLIC_URL) throw new Error('PORTICO_FRAME_PUBLIC_URL must be set in production.')
  if (env.NODE_ENV === 'production' && !env.PORTICO_FRAME_SHARE_KEY) throw new Error('PORTICO_FRAME_SHARE_KEY must be set in production.')
  if (env.PORTICO_FRAME_SHARE_KEY) parseShareKey(env.PORTICO_FRAME_SHARE_KEY) // a malformed key fails at start, with its name
  const allowedOrigins = env.PORTICO_FRAME_ALLOWED_ORIGINS
    ? env.PORTICO_FRAME_ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
    : undefined
  const cleanupIntervalMs = env.PORTICO_FRAME_CLEANUP_INTERVAL_MS ? Number(env.PORTICO_FRAME_CLEANUP_INTERVAL_MS) : DEFAULT_CLEANUP_INTERVAL_MS
  if (!Number.isInteger(cleanupIntervalMs) || cleanupIntervalMs < 0)
    throw new Error(`PORTICO_FRAME_CLEANUP_INTERVAL_MS: invalid interval ${env.PORTICO_FRAME_CLEANUP_INTERVAL_MS}.`)
  // one IP's code sends per hour (default 20): the dev and e2e stack, where every browser is 127.0.0.1, raises it
  const codesPerIp = env.PORTICO_FRAME_CODES_PER_IP_PER_HOUR ? Number(env.PORTICO_FRAME_CODES_PER_IP_PER_HOUR) : undefined
  if (codesPerIp !== undefined && (!Number.isInteger(codesPerIp) || codesPerIp < 1))
    throw new Error(`PORTICO_FRAME_CODES_PER_IP_PER_HOUR: invalid limit ${env.PORTICO_FRAME_CODES_PER_IP_PER_HOUR}.`)
  return {
    cleanupIntervalMs,
    port: portFrom('PORTICO_FRAME_PORT', env.PORTICO_FRAME_PORT, DEFAULT_FRAME_PORT),
    host: env.PORTICO_FRAME_HOST || '127.0.0.1',
    options: {
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.PORTICO_FRAME_DATA_DIR || undefined,
      secret: env.PORTICO_FRAME_SECRET || undefined,
      smtpUrl: env.SMTP_URL || undefined,
      smtpSinkPort: portFrom('PORTICO_SMTP_SINK_PORT', env.PORTICO_SMTP_SINK_PORT, DEFAULT_SMTP_SINK_PORT),
      mailFrom: env.PORTICO_FRAME_MAIL_FROM || undefined,
      trustProxy: env.PORTICO_TRUST_PROXY === '1',
      publicUrl: env.PORTICO_FRAME_PUBLIC_URL || undefined,
      shareKey: env.PORTICO_FRAME_SHARE_KEY || undefined,
      apiUrl: env.PORTICO_API_URL || undefined,
      allowedOrigins,
      pageDir: env.PORTICO_FRAME_PAGE_DIR || undefined,
      socialProviders: socialProvidersFromEnv(env),
      farcaster: farcasterFromEnv(env),
      ...(env.PORTICO_SMART_ACCOUNT_CHAINS ? { smartAccountChains: parseSmartAccountChains(env.PORTICO_SMART_ACCOUNT_CHAINS) } : {}),
      ...(codesPerIp !== undefined ? { limits: { sendsPerIpPerHour: codesPerIp } } : {}),
    },
  }
}
