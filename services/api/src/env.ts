import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { type ApiServerOptions, DEFAULT_API_PORT, DEFAULT_CHAINS } from './config.js'
import { checkNameSuffix } from './profile/names.js'
import { DEFAULT_ONRAMP_PORT, type OnrampOptions } from './onramp/config.js'
import type { PaymasterOptions } from './paymaster/config.js'
import './profile/service.js'
import { SolanaChainsFileSchema } from './solana/config.js'

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
        exchange: z.object({ factory: address, router: address, weth: address }).optional(),
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
  /** Solana chains with their SPL tokens and prices; they win over PORTICO_SOLANA_RPC_URL. */
  solana: SolanaChainsFileSchema.optional(),
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

/** Every PORTICO_* variable the api reads (DATABASE_URL is not ours to police: other tools share it). */
export const KNOWN_ENV = [
  'PORTICO_API_PORT',
  'PORTICO_API_HOST',
  'PORTICO_API_DATA_DIR',
  'PORTICO_API_CHAINS',
  'PORTICO_API_CONFIG',
  'PORTICO_API_SYNTHETIC_WALLETS',
  'PORTICO_API_PUBLIC_URL',
  'PORTICO_API_READ_CACHE_MS',
  'PORTICO_API_NAME_SUFFIX',
  'PORTICO_API_ONRAMP_TREASURY_KEY',
  'PORTICO_ONRAMP_PORT',
  'PORTICO_ONRAMP_PUBLIC_URL',
  'PORTICO_DEV_ORIGINS',
  'PORTICO_SOLANA_RPC_URL',
  'PORTICO_PAYMASTER_ADDRESS',
  'PORTICO_PAYMASTER_SIGNER_KEY',
  'PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR',
] as const

/** PORTICO_API_* names other programs read (the frame and the tests find the api there): not misspellings of ours. */
const READ_BY_OTHERS = ['PORTICO_API_URL']

/** Levenshtein distance, for "did you mean". */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]
}

/**
 * Variables that look meant for the api but do nothing: any unknown PORTICO_API_*, and other PORTICO_* names within
 * two edits of one the api reads (PORTICO_DEV_ORIGIN). Other services' PORTICO_* variables share the environment
 * under the stack, so a name far from ours is not reported. Each warning names the closest known variable.
 */
export function unknownEnvWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = []
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith('PORTICO_') || (KNOWN_ENV as readonly string[]).includes(name) || READ_BY_OTHERS.includes(name)) continue
    const [closest, d] = KNOWN_ENV.map((known) => [known, distance(name, known)] as const).sort((x, y) => x[1] - y[1])[0]
    const near = d <= Math.max(2, Math.floor(name.length / 6))
    if (name.startsWith('PORTICO_API_')) warnings.push(`unknown variable ${name}${near ? ` (did you mean ${closest}?)` : ''}`)
    else if (d <= 2) warnings.push(`unknown variable ${name} (did you mean ${closest}?)`)
  }
  return warnings
}

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

/** PORTICO_API_ONRAMP_TREASURY_KEY, checked: a 32-byte hex private key (never echoed back). */
function treasuryKey(text: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw new Error('PORTICO_API_ONRAMP_TREASURY_KEY: expected 0x followed by 64 hex characters')
  return text as `0x${string}`
}

/** The PORTICO_PAYMASTER_* variables, checked (the key is never echoed back). */
function paymasterFromEnv(env: NodeJS.ProcessEnv): PaymasterOptions | undefined {
  const options: PaymasterOptions = {}
  const { PORTICO_PAYMASTER_ADDRESS: address, PORTICO_PAYMASTER_SIGNER_KEY: key, PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR: perHour } = env
  if (address) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`PORTICO_PAYMASTER_ADDRESS: expected a 0x-prefixed 20-byte address, got ${JSON.stringify(address)}`)
    options.address = address as `0x${string}`
  }
  if (key) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('PORTICO_PAYMASTER_SIGNER_KEY: expected 0x followed by 64 hex characters')
    options.signerKey = key as `0x${string}`
  }
  if (perHour) {
    const n = Number(perHour)
    if (!Number.isInteger(n) || n < 1) throw new Error(`PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR: expected a whole number of at least 1, got ${perHour}`)
    options.sponsorshipsPerSenderPerHour = n
  }
  return Object.keys(options).length > 0 ? options : undefined
}

/** A port variable, checked: 0 (any free port) to 65535. */
function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const port = env[name] ? Number(env[name]) : fallback
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name}: invalid port ${env[name]}`)
  return port
}

/** PORTICO_ONRAMP_PUBLIC_URL, checked: an http(s) origin. */
function onrampPublicUrl(text: string): string {
  if (!/^https?:\/\/[^/?#\s]+\/*$/.test(text)) throw new Error(`PORTICO_ONRAMP_PUBLIC_URL: expected an http(s) origin such as http://localhost:4340, got ${JSON.stringify(text)}`)
  return text
}

/** PORTICO_SOLANA_RPC_URL, checked: an http(s) URL. */
function solanaRpcUrl(text: string): string {
  if (!/^https?:\/\/\S+$/.test(text)) throw new Error(`PORTICO_SOLANA_RPC_URL: expected an http(s) URL, got ${JSON.stringify(text)}`)
  return text
}

/**
 * Server options and listen address from environment variables:
 * PORTICO_API_PORT (4310), PORTICO_API_HOST (127.0.0.1), DATABASE_URL (PostgreSQL; PGlite otherwise),
 * PORTICO_API_DATA_DIR (PGlite directory; memory otherwise), PORTICO_API_CHAINS (`id=url,…`; default the two anvil
 * chains), PORTICO_API_CONFIG (JSON file: chains with tokens and prices, projects; its chains win over
 * PORTICO_API_CHAINS), PORTICO_DEV_ORIGINS (comma-separated extra origins for portico-dev),
 * PORTICO_API_SYNTHETIC_WALLETS (count), PORTICO_API_PUBLIC_URL (base of generated icon URLs),
 * PORTICO_API_READ_CACHE_MS (how long a process keeps recent reads in memory; default 1000, 0 off),
 * PORTICO_SOLANA_RPC_URL (a Solana chain, its CAIP-2 id read from the chain; the config file's `solana` wins),
 * PORTICO_API_NAME_SUFFIX (suffix of registered names; default `.portico.id`),
 * PORTICO_API_ONRAMP_TREASURY_KEY (the sandbox onramp's treasury private key; default anvil's ninth dev key),
 * PORTICO_ONRAMP_PORT (the sandbox provider's checkout site, on the same host; default 4340),
 * PORTICO_ONRAMP_PUBLIC_URL (that site's public origin, the start of checkout links; default localhost on its port),
 * PORTICO_PAYMASTER_ADDRESS (the VerifyingPaymaster `POST /v1/paymaster/{chainId}` signs for; none otherwise),
 * PORTICO_PAYMASTER_SIGNER_KEY (its verifying signer; a DEV-ONLY default otherwise),
 * PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR (per sender and chain; default 50).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): { options: ApiServerOptions; port: number; host: string; onrampPort: number } {
  const port = portFrom(env, 'PORTICO_API_PORT', DEFAULT_API_PORT)
  const onrampPort = portFrom(env, 'PORTICO_ONRAMP_PORT', DEFAULT_ONRAMP_PORT)
  const onramp: OnrampOptions = {
    ...(env.PORTICO_API_ONRAMP_TREASURY_KEY ? { treasuryKey: treasuryKey(env.PORTICO_API_ONRAMP_TREASURY_KEY) } : {}),
    ...(env.PORTICO_ONRAMP_PUBLIC_URL ? { publicUrl: onrampPublicUrl(env.PORTICO_ONRAMP_PUBLIC_URL) } : {}),
  }
  const file = env.PORTICO_API_CONFIG
    ? ConfigFileSchema.parse(JSON.parse(readFileSync(env.PORTICO_API_CONFIG, 'utf8')))
    : {}
  const paymaster = paymasterFromEnv(env)
  const synthetic = env.PORTICO_API_SYNTHETIC_WALLETS ? Number(env.PORTICO_API_SYNTHETIC_WALLETS) : undefined
  if (synthetic !== undefined && !(Number.isInteger(synthetic) && synthetic >= 0))
    throw new Error(`PORTICO_API_SYNTHETIC_WALLETS: expected a count, got ${env.PORTICO_API_SYNTHETIC_WALLETS}`)
  const readCacheMs = env.PORTICO_API_READ_CACHE_MS ? Number(env.PORTICO_API_READ_CACHE_MS) : undefined
  if (readCacheMs !== undefined && !(Number.isInteger(readCacheMs) && readCacheMs >= 0))
    throw new Error(`PORTICO_API_READ_CACHE_MS: expected milliseconds (0 or more), got ${env.PORTICO_API_READ_CACHE_MS}`)
  return {
    port,
    onrampPort,
    host: env.PORTICO_API_HOST || '127.0.0.1',
    options: {
      chains: file.chains ?? (env.PORTICO_API_CHAINS ? parseChainList(env.PORTICO_API_CHAINS) : DEFAULT_CHAINS),
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.PORTICO_API_DATA_DIR || undefined,
      devOrigins: (env.PORTICO_DEV_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      projects: file.projects,
      ...(file.solana ? { solana: file.solana } : env.PORTICO_SOLANA_RPC_URL ? { solana: [{ rpcUrl: solanaRpcUrl(env.PORTICO_SOLANA_RPC_URL) }] } : {}),
      syntheticWallets: synthetic,
      publicUrl: env.PORTICO_API_PUBLIC_URL || undefined,
      ...(readCacheMs !== undefined ? { readCacheMs } : {}),
      ...(Object.keys(onramp).length > 0 ? { onramp } : {}),
      ...(paymaster ? { paymaster } : {}),
      ...(env.PORTICO_API_NAME_SUFFIX ? { profile: { suffix: checkNameSuffix(env.PORTICO_API_NAME_SUFFIX, 'PORTICO_API_NAME_SUFFIX') } } : {}),
    },
  }
}
