import { DEFAULT_RELAY_PORT, type RelayOptions } from './relay.js'

/**
 * The relay's environment. `PORTICO_ALLOWED_ORIGINS` is what the dev stack gives every service; the relay-specific
 * variable wins when both are set. `PORTICO_RELAY_URL` is the stack telling other services where the relay is: known
 * here so that it is not reported, not read.
 */
export const RELAY_ENV = {
  PORTICO_RELAY_PORT: `port to listen on (default ${DEFAULT_RELAY_PORT}; 0 picks a free one)`,
  PORTICO_RELAY_HOST: 'interface to listen on (default 127.0.0.1)',
  PORTICO_RELAY_ALLOWED_ORIGINS: 'comma-separated origins browsers may connect from (default: PORTICO_ALLOWED_ORIGINS, else any)',
  PORTICO_RELAY_PROJECT_IDS: 'comma-separated project ids that may connect (default: any non-empty projectId)',
  PORTICO_RELAY_URL: 'the relay URL the stack gives other services (not read by the relay)',
} as const

/** Options read from the environment, with start-up warnings (unknown variables) and notes (defaults in force). */
export interface RelayEnv { options: RelayOptions; warnings: string[]; notes: string[] }

const list = (value: string | undefined) => value?.split(',').map((s) => s.trim()).filter(Boolean)

/** Reads `RELAY_ENV` from `env`; throws on a value that cannot be meant (a port that is not a number). */
export function readRelayEnv(env: NodeJS.ProcessEnv): RelayEnv {
  const notes: string[] = []
  const port = env.PORTICO_RELAY_PORT ? Number(env.PORTICO_RELAY_PORT) : DEFAULT_RELAY_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORTICO_RELAY_PORT is not a port: ${env.PORTICO_RELAY_PORT}`)
  const allowedOrigins = list(env.PORTICO_RELAY_ALLOWED_ORIGINS) ?? list(env.PORTICO_ALLOWED_ORIGINS)
  if (!allowedOrigins) notes.push('origins: any (set PORTICO_RELAY_ALLOWED_ORIGINS or PORTICO_ALLOWED_ORIGINS to restrict)')
  const projectIds = list(env.PORTICO_RELAY_PROJECT_IDS)
  if (!projectIds) notes.push('project ids: any non-empty projectId (set PORTICO_RELAY_PROJECT_IDS to restrict)')
  const options: RelayOptions = { host: env.PORTICO_RELAY_HOST || '127.0.0.1', port, allowedOrigins, projectIds }
  return { options, warnings: unknownVariables(env), notes }
}

/** A warning for each `PORTICO_RELAY_*` variable the relay does not know, naming the closest one it does. */
function unknownVariables(env: NodeJS.ProcessEnv): string[] {
  const known = Object.keys(RELAY_ENV)
  return Object.keys(env)
    .filter((name) => name.startsWith('PORTICO_RELAY_') && !known.includes(name))
    .sort()
    .map((name) => {
      const closest = known.reduce((best, k) => (distance(name, k) < distance(name, best) ? k : best))
      return `unknown variable ${name} (did you mean ${closest}?); it is ignored`
    })
}

/** Edit distance (insertions, deletions, substitutions) between two names. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]
}
