import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './ports.js'

const run = promisify(execFile)

/** A throwaway PostgreSQL cluster. */
export interface TestPostgres {
  /** Connection string of the cluster's `postgres` database. */
  url: string
  /** Creates an empty database and returns its connection string (one per test file keeps suites independent). */
  createDatabase(): Promise<string>
  /** Stops the server and deletes its files. */
  stop(): Promise<void>
}

/** The newest Debian PostgreSQL bin directory (`/usr/lib/postgresql/<version>/bin`), or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : null
}

/**
 * Starts a PostgreSQL server from Debian's packages in a temporary directory on a free loopback port, trusting
 * local connections, with durability off (test data is disposable). PostgreSQL refuses to run as root, so as root
 * the files are handed to the `postgres` user and the tools run through `runuser`.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (expected /usr/lib/postgresql/*/bin): apt-get install -y postgresql')
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  let uid: number | undefined
  let gid: number | undefined
  if (asRoot) {
    uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim())
    gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim())
    chownSync(dir, uid, gid)
    chmodSync(dir, 0o700)
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args)

  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  let port = 0
  let started = false
  for (let attempt = 0; attempt < 3 && !started; attempt++) {
    port = await freePort()
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
    try {
      await tool('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start'])
      started = true
    } catch (error) {
      if (attempt === 2) {
        rmSync(dir, { recursive: true, force: true })
        throw error
      }
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let stopped = false
  const stopSync = () => {
    // Last resort when the process exits without stop(): an immediate shutdown, best effort.
    if (!stopped) execFile(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop'])
  }
  process.once('exit', stopSync)
  return {
    url,
    async createDatabase() {
      const name = `portico_test_${randomBytes(6).toString('hex')}`
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`create database ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    async stop() {
      if (stopped) return
      stopped = true
      process.off('exit', stopSync)
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
