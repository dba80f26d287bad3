import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { SiwxSessionEntry } from '@portico/contracts/api'
import { getAddress, isAddress } from 'viem'
import type { ChainRuntime } from '../chains.js'
import type { Database, Queryable } from '../db/index.js'
import { ApiProblem } from '../errors.js'
import { type Project, normalizeOrigin } from '../projects.js'
import { type ParsedSignIn, parseSignIn, verifyEip155Signature, verifySolanaSignature } from '@portico/siwx-verify'

/** Settings of sign-in on the api (`createApiServer({ siwx })`); every one has a default. */
export interface SiwxOptions {
  /** How long an issued nonce may wait for its signed message. Default 10 minutes. */
  nonceTtlMs?: number
  /** Longest session, whatever the message's Expiration Time says (and the length of one without it). Default 7 days. */
  maxSessionMs?: number
  /** How far in the future a message's Issued At may be (device clocks drift). Default 60 s. */
  clockSkewMs?: number
  /** Nonces one client IP may ask for per hour. Default 600. */
  noncesPerIpPerHour?: number
  /** Sign-in attempts (session creations, refused or not) per account per hour. Default 60. */
  attemptsPerAccountPerHour?: number
  /** Revokes per account per hour. Default 120. */
  revokesPerAccountPerHour?: number
  /**
   * Count nonces per the last X-Forwarded-For hop instead of the socket's peer: set it behind a reverse proxy or load
   * balancer that sets the header (otherwise every visitor shares the proxy's limit). Default false.
   */
  trustProxy?: boolean
  /** The server clock (tests). */
  now?: () => Date
}

declare module '../config.js' {
  interface ApiServerOptions {
    /** Sign in with X: nonce lifetime, session length, attempt limits, clock. */
    siwx?: SiwxOptions
  }
}

const HOUR_MS = 3_600_000
const DEFAULTS = {
  nonceTtlMs: 10 * 60_000,
  maxSessionMs: 7 * 24 * HOUR_MS,
  clockSkewMs: 60_000,
  noncesPerIpPerHour: 600,
  attemptsPerAccountPerHour: 60,
  revokesPerAccountPerHour: 120,
  trustProxy: false,
} as const

/** A refusal of a sign-in: 401 SESSION_REFUSED with one sentence saying what was wrong. */
export const refused = (message: string, field = 'message') =>
  new ApiProblem(401, 'SESSION_REFUSED', message, [{ name: field, description: message }])

const rateLimited = (what: string, retryAfter: number) =>
  new ApiProblem(429, 'RATE_LIMITED', `Too many ${what}; try again in ${retryAfter} seconds.`, [{ name: 'retryAfter', description: String(retryAfter) }])

/** The address of a nonce issued without an account (no real address is empty). */
const ANY_ACCOUNT = ''

/** eip155 addresses are stored lowercase (checksums are presentation); other namespaces' addresses as they are. */
export const storedAddress = (address: string) => (isAddress(address, { strict: false }) ? address.toLowerCase() : address)

interface SessionRow {
  id: string
  project_id: string
  chain_id: string
  address: string
  message: string
  signature: string
  created_at: Date
  expires_at: Date
  revoked_at: Date | null
}

/**
 * Sign in with X on the api: single-use nonces bound to an account and chain, sessions created from a signed
 * message only after every check (parse, project origins, uri, times, nonce, signature through the chain's RPC),
 * listed per account and revoked by whoever holds the session's signature. Attempts are counted in the database
 * (fixed hourly windows), so every replica enforces the same limits.
 */
export class SiwxService {
  private readonly settings: Required<Omit<SiwxOptions, 'now'>>
  private readonly now: () => Date

  constructor(
    private readonly db: Database,
    private readonly chains: ReadonlyMap<string, ChainRuntime>,
    options: SiwxOptions = {},
  ) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
    this.settings = { ...DEFAULTS, ...defined } as Required<Omit<SiwxOptions, 'now'>>
    this.now = options.now ?? (() => new Date())
  }

  /**
   * Issues a nonce for `accountAddress` on `chainId`, counted against the client IP. Without an account (one-click
   * sign-in: the wallet picks it while pairing) it is stored with an empty address and signs in whichever account
   * uses it first, on that chain, once.
   */
  async issueNonce(project: Project, chainId: string, accountAddress: string | undefined, ip: string): Promise<{ nonce: string; expiresAt: number }> {
    const now = this.now()
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = new Date(now.getTime() + this.settings.nonceTtlMs)
    await this.db.transaction(async (tx) => {
      await this.take(tx, `ip:${ip}`, 'nonce', this.settings.noncesPerIpPerHour, now, 'sign-in nonces were asked for from this address')
      // nonces past their expiry by a day are of no use even to explain a refusal
      await tx.query('delete from siwx_nonces where expires_at < $1', [new Date(now.getTime() - 24 * HOUR_MS)])
      await tx.query(
        `insert into siwx_nonces (nonce, project_id, chain_id, address, issued_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
        [nonce, project.id, chainId, accountAddress === undefined ? ANY_ACCOUNT : storedAddress(accountAddress), now, expiresAt],
      )
    })
    return { nonce, expiresAt: expiresAt.getTime() }
  }

  /**
   * Creates a session from a signed sign-in message, or throws the refusal. The nonce the message names is spent by
   * this attempt whatever the verdict, so a refused message cannot be tried again and an accepted one not replayed.
   */
  async createSession(project: Project, origin: string | undefined, message: string, signature: string): Promise<SiwxSessionEntry> {
    const now = this.now()
    const parsed = parseSignIn(message)
    if (!parsed) throw refused('The signed text is not a complete sign-in message (EIP-4361, Sign In With Solana or CAIP-122).')
    const address = storedAddress(parsed.address)
    const nonce = await this.db.transaction(async (tx) => {
      await this.take(tx, `account:${project.id}:${address}`, 'session', this.settings.attemptsPerAccountPerHour, now, 'sign-in attempts for this account')
      const [row] = await tx.query<{ project_id: string; chain_id: string; address: string; expires_at: Date; spent_at: Date | null }>(
        'select project_id, chain_id, address, expires_at, spent_at from siwx_nonces where nonce = $1 for update',
        [parsed.nonce],
      )
      if (row && !row.spent_at) await tx.query('update siwx_nonces set spent_at = $2 where nonce = $1', [parsed.nonce, now])
      return row
    })
    if (!nonce || nonce.project_id !== project.id) throw refused('The nonce was not issued by this server.', 'nonce')
    if (nonce.spent_at) throw refused('The nonce was already used; ask for a new one.', 'nonce')
    if (nonce.expires_at.getTime() <= now.getTime()) throw refused('The nonce has expired; ask for a new one.', 'nonce')
    if (nonce.chain_id !== parsed.chainId || (nonce.address !== ANY_ACCOUNT && nonce.address !== address))
      throw refused('The nonce was issued for another account or chain.', 'nonce')

    this.checkDomain(project, origin, parsed)
    const expiresAt = this.checkTimes(parsed, now)
    await this.checkSignature(parsed, message, signature)

    const id = randomUUID()
    await this.db.query(
      `insert into siwx_sessions (id, project_id, chain_id, address, message, signature, nonce, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, project.id, parsed.chainId, address, message, signature, parsed.nonce, now, expiresAt],
    )
    return entry(project, { id, project_id: project.id, chain_id: parsed.chainId, address, message, signature, created_at: now, expires_at: expiresAt, revoked_at: null })
  }

  /** The live (unexpired, unrevoked) sessions of an account in a project, newest first; optionally on one chain. */
  async listSessions(project: Project, accountAddress: string, chainId?: string): Promise<SiwxSessionEntry[]> {
    const rows = await this.db.query<SessionRow>(
      `select * from siwx_sessions where project_id = $1 and address = $2 and revoked_at is null and expires_at > $3
         and ($4::text is null or chain_id = $4) order by created_at desc, id limit 100`,
      [project.id, storedAddress(accountAddress), this.now(), chainId ?? null],
    )
    return rows.map((row) => entry(project, row))
  }

  /**
   * Revokes the session `pci` of `accountAddress`. The caller proves it holds the session by sending its signature
   * (only the signer and this server have it: it is never listed). Revoking twice answers the first revoke time.
   */
  async revoke(project: Project, accountAddress: string, pci: string, signature: string): Promise<{ pci: string; revokedAt: number }> {
    const now = this.now()
    const address = storedAddress(accountAddress)
    return this.db.transaction(async (tx) => {
      await this.take(tx, `account:${project.id}:${address}`, 'revoke', this.settings.revokesPerAccountPerHour, now, 'revokes for this account')
      const [row] = await tx.query<SessionRow>('select * from siwx_sessions where id = $1 and project_id = $2 and address = $3 for update', [pci, project.id, address])
      if (!row) throw new ApiProblem(404, 'NOT_FOUND', `No session ${pci} for ${accountAddress}.`, [{ name: 'pci', description: 'unknown session' }])
      if (!sameSecret(row.signature, signature)) throw refused('The signature is not the session’s: only its holder can revoke it.', 'signature')
      if (row.revoked_at) return { pci, revokedAt: row.revoked_at.getTime() }
      await tx.query('update siwx_sessions set revoked_at = $2 where id = $1', [pci, now])
      return { pci, revokedAt: now.getTime() }
    })
  }

  /** The message's domain is an allowed origin's host, the one the request comes from, and the uri lives there. */
  private checkDomain(project: Project, origin: string | undefined, m: ParsedSignIn) {
    const allowed = project.allowedOrigins.includes('*') || project.allowedOrigins.some((o) => hostOf(o) === m.domain)
    if (!allowed) throw refused(`The message is for ${m.domain}, which is not an allowed origin of project ${project.id}.`, 'domain')
    if (origin && hostOf(normalizeOrigin(origin)) !== m.domain) throw refused(`The message is for ${m.domain}, but the request comes from ${origin}.`, 'domain')
    let uri: URL
    try {
      uri = new URL(m.uri)
    } catch {
      throw refused(`The message's URI ${m.uri} is not a URL.`, 'uri')
    }
    const onDomain = uri.host === m.domain && (project.allowedOrigins.includes('*') || project.allowedOrigins.includes(normalizeOrigin(uri.origin)))
    if (!onDomain || (origin && normalizeOrigin(uri.origin) !== normalizeOrigin(origin))) throw refused(`The message's URI ${m.uri} is not on ${m.domain}.`, 'uri')
  }

  /** Issued At, Not Before and Expiration Time against the server clock; returns when the session ends. */
  private checkTimes(m: ParsedSignIn, now: Date): Date {
    const t = now.getTime()
    if (!m.issuedAt) throw refused('The message has no Issued At time.', 'issuedAt')
    if (m.issuedAt.getTime() > t + this.settings.clockSkewMs) throw refused('The message was issued in the future; check the device clock.', 'issuedAt')
    if (m.expirationTime && m.expirationTime.getTime() <= t) throw refused('The message has expired.', 'expirationTime')
    if (m.notBefore && m.notBefore.getTime() > t) throw refused('The message is not valid yet.', 'notBefore')
    const longest = t + this.settings.maxSessionMs
    return new Date(Math.min(m.expirationTime?.getTime() ?? longest, longest))
  }

  private async checkSignature(m: ParsedSignIn, message: string, signature: string) {
    let valid: boolean
    if (m.namespace === 'eip155') {
      const chain = this.chains.get(m.chainId)
      if (!chain) throw refused(`This server does not verify accounts on ${m.chainId}.`, 'chainId')
      if (!isAddress(m.address, { strict: false })) throw refused('The message names no valid account.', 'address')
      try {
        valid = await verifyEip155Signature(chain.client, getAddress(m.address), message, signature)
      } catch (error) {
        throw new ApiProblem(502, 'CHAIN_UNAVAILABLE', `Could not verify the signature on ${m.chainId}: the chain did not answer.`, [
          { name: 'chainId', description: error instanceof Error ? error.message.split('\n')[0]! : String(error) },
        ])
      }
    } else if (m.namespace === 'solana') {
      valid = verifySolanaSignature(m.address, message, signature)
    } else {
      throw refused(`This server does not verify ${m.namespace} accounts.`, 'chainId')
    }
    if (!valid) throw refused(`The signature was not made by ${m.address}.`, 'signature')
  }

  /** Counts one action of `subject` in the current hour; throws 429 past `limit`. */
  private async take(tx: Queryable, subject: string, action: string, limit: number, now: Date, what: string) {
    const window = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)
    const rows = await tx.query(
      `insert into siwx_counters (subject, action, window_start, count) values ($1, $2, $3, 1)
       on conflict (subject, action, window_start) do update set count = siwx_counters.count + 1 where siwx_counters.count < $4
       returning count`,
      [subject, action, window, limit],
    )
    if (rows.length === 0) throw rateLimited(what, Math.max(1, Math.ceil((window.getTime() + HOUR_MS - now.getTime()) / 1000)))
  }
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

/** Compares two secrets in constant time (through their digests, so lengths leak nothing either). */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

const entry = (project: Project, row: Omit<SessionRow, 'project_id'> & { project_id?: string }): SiwxSessionEntry => ({
  project: { id: project.id, name: project.name },
  pci: row.id,
  chainId: row.chain_id,
  address: row.address,
  message: row.message,
  expiry: row.expires_at.getTime(),
  createdAt: row.created_at.getTime(),
  permissions: [],
  policies: [],
  ...(row.revoked_at ? { revokedAt: row.revoked_at.getTime() } : {}),
})
