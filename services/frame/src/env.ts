import { DEFAULT_FRAME_PORT, DEFAULT_SMTP_SINK_PORT, type FrameServerOptions } from './config.js'

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
 * X-Forwarded-For).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): { options: FrameServerOptions; port: number; host: string } {
  if (env.NODE_ENV === 'production' && !env.PORTICO_FRAME_SECRET) throw new Error('PORTICO_FRAME_SECRET must be set in production.')
  return {
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
    },
  }
}
