import type { Database, Queryable } from '@portico/service-api/db'
import type { Address, Hex } from 'viem'
import { generateId, generateToken, hashesEqual, keyedHash } from '../crypto.js'
import { FrameProblem } from '../errors.js'
import { type AllowedOrigins, originAllowed } from '../origins.js'
import { type FarcasterRegistry, checkSiwfMessage } from './siwf.js'

/** How long a channel waits for the Farcaster app's approval (the QR code shows that long). */
export const FARCASTER_CHANNEL_TTL_MS = 5 * 60_000
/** An approved channel may still be finished this long after its expiry (approved in its last second, then polled). */
export const FARCASTER_FINISH_GRACE_MS = 60_000
/** First key of the advisory locks taken per fid (the social logins use 4321). */
const FARCASTER_LOCK_CLASS = 4322

/** What a channel's status says. `completed` carries who approved it. */
export type ChannelStatus =
  | { state: 'pending'; nonce: string; url: string; expiresAt: Date }
  | { state: 'completed'; nonce: string; url: string; expiresAt: Date; fid: string; custody: string; username: string | null }

/** A finished Farcaster sign-in. */
export interface FarcasterSignIn {
  userId: string
  fid: string
  username: string | null
  deviceHash: string | null
}

type ChannelRow = {
  id: string
  binding_hash: string
  domain: string
  uri: string
  nonce: string
  expires_at: Date
  completed_at: Date | null
  finished_at: Date | null
  fid: string | null
  custody: string | null
  username: string | null
  refused_reason: string | null
}

/**
 * A self-hosted Sign In With Farcaster auth relay (the shape of Farcaster's relay: channel create, status,
 * authenticate) that ends in a frame session:
 * - `create` (the frame): a channel token, the `farcaster://connect?…` URL the QR code shows, the nonce, and a
 *   `binding` secret that only this frame keeps;
 * - `authenticate` (the Farcaster client that scanned the URL): the SIWF message, its signature and the fid; the
 *   message must be for this channel (domain, uri, nonce) and signed by the fid's custody address on the IdRegistry;
 * - `status` (the frame, polling): pending → completed;
 * - `finish` (the frame, with the binding): once, the user of that fid (the same fid is always the same user, so
 *   the same wallet) and a session.
 * Only HMACs of the channel token and of the binding are stored.
 */
export class FarcasterRelay {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly registry: FarcasterRegistry | null,
    private readonly origins: AllowedOrigins,
    private readonly now: () => Date,
  ) {}

  /** Whether a registry is configured (without one every call answers FARCASTER_NOT_CONFIGURED). */
  configured = (): boolean => this.registry !== null

  private hash(purpose: string, value: string) {
    return keyedHash(this.secret, purpose, value)
  }

  private requireRegistry(): FarcasterRegistry {
    if (!this.registry) throw new FrameProblem(400, 'FARCASTER_NOT_CONFIGURED', 'Sign-in with Farcaster is not set up on this server.')
    return this.registry
  }

  private static url(channelToken: string, row: { nonce: string; uri: string; domain: string }) {
    const query = new URLSearchParams({ channelToken, nonce: row.nonce, siweUri: row.uri, domain: row.domain })
    return `farcaster://connect?${query}`
  }

  /**
   * Opens a channel for an app page (`siweUri`, on an allowed origin of the project; the message's domain is its host).
   *
   * @example
   * const { channelToken, url, nonce, binding } = await relay.create({ projectId: 'portico-dev', siweUri: 'https://app.example/' })
   */
  async create(input: { projectId: string; siweUri: string }): Promise<{ channelToken: string; url: string; nonce: string; binding: string; expiresAt: Date }> {
    this.requireRegistry()
    const lookup = await this.origins.lookup(input.projectId)
    if (lookup.kind === 'unavailable') throw new FrameProblem(503, 'ORIGINS_UNAVAILABLE', 'The allowed origins of this project could not be read; try again later.')
    const page = new URL(input.siweUri)
    if (lookup.kind === 'unknown' || !originAllowed(lookup.allowedOrigins, page.origin)) {
      throw new FrameProblem(403, 'ORIGIN_NOT_ALLOWED', `${page.origin} is not an allowed origin of this project.`)
    }
    const channelToken = generateToken()
    const binding = generateToken()
    // EIP-4361 nonces are alphanumeric, at least 8 characters
    const nonce = generateId()
    const now = this.now()
    const expiresAt = new Date(now.getTime() + FARCASTER_CHANNEL_TTL_MS)
    const row = { nonce, uri: input.siweUri, domain: page.host }
    await this.db.query(
      `insert into frame_farcaster_channels (id, token_hash, binding_hash, project_id, domain, uri, nonce, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [generateId(), this.hash('farcaster-channel', channelToken), this.hash('farcaster-binding', binding), input.projectId, row.domain, row.uri, nonce, now, expiresAt],
    )
    return { channelToken, url: FarcasterRelay.url(channelToken, row), nonce, binding, expiresAt }
  }

  private async channel(tx: Queryable, channelToken: string, lock = false): Promise<ChannelRow> {
    const [row] = await tx.query<ChannelRow>(
      `select id, binding_hash, domain, uri, nonce, expires_at, completed_at, finished_at, fid, custody, username, refused_reason
       from frame_farcaster_channels where token_hash = $1${lock ? ' for update' : ''}`,
      [this.hash('farcaster-channel', channelToken)],
    )
    if (!row) throw new FrameProblem(400, 'FARCASTER_CHANNEL_INVALID', 'This Farcaster sign-in is not valid; start it again.')
    return row
  }

  /** The state of a channel: pending until a custody key approved it. */
  async status(channelToken: string): Promise<ChannelStatus> {
    const row = await this.channel(this.db, channelToken)
    const base = { nonce: row.nonce, url: FarcasterRelay.url(channelToken, row), expiresAt: row.expires_at }
    if (row.completed_at && row.fid && row.custody) return { state: 'completed', ...base, fid: row.fid, custody: row.custody, username: row.username }
    if (row.refused_reason) throw new FrameProblem(400, 'FARCASTER_CUSTODY_MISMATCH', row.refused_reason)
    if (row.expires_at.getTime() <= this.now().getTime()) throw new FrameProblem(400, 'FARCASTER_CHANNEL_EXPIRED', 'The Farcaster sign-in expired; start it again.')
    return { state: 'pending', ...base }
  }

  /**
   * The Farcaster client approves a channel: the SIWF message for this channel, signed by the custody address of
   * `fid`. A channel is approved once; a message of another channel (its nonce) is refused.
   */
  async authenticate(input: { channelToken: string; message: string; signature: Hex; fid: bigint; username?: string }): Promise<void> {
    const registry = this.requireRegistry()
    const row = await this.channel(this.db, input.channelToken)
    const now = this.now()
    if (row.completed_at) throw new FrameProblem(400, 'FARCASTER_CHANNEL_USED', 'This Farcaster sign-in was already approved.')
    if (row.refused_reason) throw new FrameProblem(400, 'FARCASTER_CHANNEL_USED', 'This Farcaster sign-in was refused; start it again.')
    if (row.expires_at.getTime() <= now.getTime()) throw new FrameProblem(400, 'FARCASTER_CHANNEL_EXPIRED', 'The Farcaster sign-in expired; start it again.')
    const claimed = checkSiwfMessage(input.message, input.fid, { domain: row.domain, uri: row.uri, nonce: row.nonce, chainId: registry.config.chainId, now })
    let custody: Address
    try {
      custody = await registry.verify(input.message, input.signature, input.fid, claimed)
    } catch (error) {
      // a message for this very channel (its nonce, domain and URI) signed by the wrong key: the channel ends, and
      // the frame waiting on it says why instead of waiting until it expires
      if (error instanceof FrameProblem && error.code === 'FARCASTER_CUSTODY_MISMATCH') {
        await this.db.query(`update frame_farcaster_channels set refused_reason = $2 where id = $1 and completed_at is null and refused_reason is null`, [row.id, error.message])
      }
      throw error
    }
    const updated = await this.db.query<{ id: string }>(
      `update frame_farcaster_channels set completed_at = $2, fid = $3, custody = $4, username = $5
       where id = $1 and completed_at is null and expires_at > $2 returning id`,
      [row.id, now, input.fid.toString(), custody, input.username ?? null],
    )
    if (updated.length === 0) throw new FrameProblem(400, 'FARCASTER_CHANNEL_USED', 'This Farcaster sign-in was already approved.')
  }

  /**
   * Redeems a completed channel once, with the binding secret of the frame that created it: the user of the fid
   * (created on first sign-in, as a social account `farcaster` / fid) and the device approved for them.
   */
  async finish(input: { channelToken: string; binding: string; deviceHash: string | null }): Promise<FarcasterSignIn> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const row = await this.channel(tx, input.channelToken, true)
      if (!hashesEqual(row.binding_hash, this.hash('farcaster-binding', input.binding))) {
        throw new FrameProblem(403, 'SOCIAL_BINDING_MISMATCH', 'This sign-in was started in another window; start it again here.')
      }
      if (row.finished_at) throw new FrameProblem(400, 'FARCASTER_CHANNEL_USED', 'This Farcaster sign-in was already used; start it again.')
      if (row.expires_at.getTime() + FARCASTER_FINISH_GRACE_MS <= now.getTime()) {
        throw new FrameProblem(400, 'FARCASTER_CHANNEL_EXPIRED', 'The Farcaster sign-in expired; start it again.')
      }
      if (!row.completed_at || !row.fid) {
        if (row.expires_at.getTime() <= now.getTime()) throw new FrameProblem(400, 'FARCASTER_CHANNEL_EXPIRED', 'The Farcaster sign-in expired; start it again.')
        throw new FrameProblem(409, 'FARCASTER_CHANNEL_PENDING', 'The Farcaster sign-in is not approved yet.')
      }
      await tx.query('update frame_farcaster_channels set finished_at = $2 where id = $1', [row.id, now])
      const userId = await this.userFor(tx, row.fid, row.username, now)
      if (input.deviceHash) {
        await tx.query('insert into frame_devices (user_id, device_hash, approved_at) values ($1, $2, $3) on conflict do nothing', [userId, input.deviceHash, now])
      }
      return { userId, fid: row.fid, username: row.username, deviceHash: input.deviceHash }
    })
  }

  /** The user of an fid (a social account of provider `farcaster`), created without an email the first time. */
  private async userFor(tx: Queryable, fid: string, username: string | null, now: Date): Promise<string> {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [FARCASTER_LOCK_CLASS, fid])
    const [linked] = await tx.query<{ user_id: string }>("select user_id from frame_social_accounts where provider = 'farcaster' and subject = $1", [fid])
    if (linked) {
      await tx.query("update frame_social_accounts set username = $2, last_login_at = $3 where provider = 'farcaster' and subject = $1", [fid, username, now])
      return linked.user_id
    }
    const id = generateId()
    await tx.query('insert into frame_users (id, email, created_at) values ($1, null, $2)', [id, now])
    await tx.query(
      `insert into frame_social_accounts (provider, subject, user_id, email, email_verified, username, created_at, last_login_at)
       values ('farcaster', $1, $2, null, false, $3, $4, $4)`,
      [fid, id, username, now],
    )
    return id
  }
}
