import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { type ApiServerOptions, DEFAULT_API_PORT, DEFAULT_CHAINS } from './config.js'

const prices = z.record(z.string().regex(/^[a-z]{3}$/), z.number().nonnegative())
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as z.ZodType<`0x${string}`>

/** Shape of the JSON file named by PORTICO_API_CONFIG: chains with their tokens and prices, and projects. */
export const ConfigFileSchema = z.object({
  chains: z
    .array(
      z.object({
        chainId: z.number().int().positive().lt(2_147_483_648),
        rpcUrl: z.url(),
        name: z.string().optional(),
        nativeCurrency: z
          .object({ name: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(36), iconUrl: z.string().optional() })
          .optional(),
        nativePrices: prices.optional(),
        startBlock: z.number().int().nonnegative().optional(),
        tokens: z
          .array(
            z.object({
              address,
              name: z.string(),
              symbol: z.string(),
              decimals: z.number().int().min(0).max(36),
              iconUrl: z.string().optional(),
              prices: prices.optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  projects: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().optional(),
        allowedOrigins: z.array(z.string()),
        analyticsEnabled: z.boolean().optional(),
      }),
    )
    .optional(),
})

/** Parses `31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546`. */
export function parseChainList(text: string): NonNullable<ApiServerOptions['chains']> {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const match = /^(\d+)=(https?:\/\/\S+)$/.exec(item)
      if (!match) throw new Error(`PORTICO_API_CHAINS: expected chainId=http(s)://url, got ${JSON.stringify(item)}`)
      return { chainId: Number(match[1]), rpcUrl: match[2] }
    })
}

/**
 * Server options and listen address from environment variables:
 * PORTICO_API_PORT (4310), PORTICO_API_HOST (127.0.0.1), DATABASE_URL (PostgreSQL; PGlite otherwise),
 * PORTICO_API_DATA_DIR (PGlite directory; memory otherwise), PORTICO_API_CHAINS (`id=url,…`; default the two anvil
 * chains), PORTICO_API_CONFIG (JSON file: chains with tokens and prices, projects; its chains win over
 * PORTICO_API_CHAINS), PORTICO_DEV_ORIGINS (comma-separated extra origins for portico-dev),
 * PORTICO_API_SYNTHETIC_WALLETS (count), PORTICO_API_PUBLIC_URL (base of generated icon URLs).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): { options: ApiServerOptions; port: number; host: string } {
  const port = env.PORTICO_API_PORT ? Number(env.PORTICO_API_PORT) : DEFAULT_API_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORTICO_API_PORT: invalid port ${env.PORTICO_API_PORT}`)
  const file = env.PORTICO_API_CONFIG
    ? ConfigFileSchema.parse(JSON.parse(readFileSync(env.PORTICO_API_CONFIG, 'utf8')))
    : {}
  const synthetic = env.PORTICO_API_SYNTHETIC_WALLETS ? Number(env.PORTICO_API_SYNTHETIC_WALLETS) : undefined
  if (synthetic !== undefined && !(Number.isInteger(synthetic) && synthetic >= 0))
    throw new Error(`PORTICO_API_SYNTHETIC_WALLETS: expected a count, got ${env.PORTICO_API_SYNTHETIC_WALLETS}`)
  return {
    port,
    host: env.PORTICO_API_HOST || '127.0.0.1',
    options: {
      chains: file.chains ?? (env.PORTICO_API_CHAINS ? parseChainList(env.PORTICO_API_CHAINS) : DEFAULT_CHAINS),
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.PORTICO_API_DATA_DIR || undefined,
      devOrigins: (env.PORTICO_DEV_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      projects: file.projects,
      syntheticWallets: synthetic,
      publicUrl: env.PORTICO_API_PUBLIC_URL || undefined,
    },
  }
}
