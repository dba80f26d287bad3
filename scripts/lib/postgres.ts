/**
 * Debian's PostgreSQL for the api's PostgreSQL test leg (services/api/src/testing/postgres.ts starts a throwaway
 * server from its binaries): installed with apt when missing, like Chromium.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = '/usr/lib/postgresql'

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb, or null (the same rule as the api's helper). */
export function postgresBin(root = ROOT): string | null {
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null
}

/** Installs Debian's postgresql when its binaries are missing (we are root on the dev and CI machines). */
export function ensurePostgres(log: (line: string) => void = console.log): string {
  const found = postgresBin()
  if (found) return found
  log(`PostgreSQL is missing (no ${ROOT}/<version>/bin/initdb): installing postgresql with apt-get`)
  const steps = [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', '--no-install-recommends', 'postgresql']],
  ] as const
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`)
  }
  const bin = postgresBin()
  if (!bin) throw new Error(`postgresql installed but ${ROOT}/<version>/bin/initdb is still missing`)
  return bin
}
