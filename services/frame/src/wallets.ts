import type { Database, Queryable } from '@portico/service-api/db'
import type { FrameLimits } from './config.js'
import { FrameProblem } from './errors.js'
import { ShareCipher, ShareDecryptError, type ShareKind } from './shareCipher.js'

const HOUR_MS = 60 * 60_000

/** One account of a wallet: public data only. */
export interface WalletAccount {
  namespace: 'eip155' | 'solana'
  address: string
  publicKey: string
  path: string
}

/**
 * Counts one `action` for `userId` in the current hour unless it already reached `limit`; atomic, so replicas agree.
 * Returns the retry delay in seconds when the limit is reached, else null.
 */
export async function takeUserSlot(q: Queryable, userId: string, action: string, limit: number, now: Date): Promise<number | null> {
  const window = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)
  const rows = await q.query<{ count: number }>(
    `insert into frame_user_counters (user_id, action, window_start, count) values ($1, $2, $3, 1)
     on conflict (user_id, action, window_start) do update set count = frame_user_counters.count + 1
       where frame_user_counters.count < $4
     returning count`,
    [userId, action, window, limit],
  )
  return rows.length > 0 ? null : Math.max(1, Math.ceil((window.getTime() + HOUR_MS - now.getTime()) / 1000))
}

const noWallet = () => new FrameProblem(404, 'NO_WALLET', 'This user has no wallet yet.')

/**
 * The key shares the server keeps for each user's wallet (see README "Trust model"): the auth share, released to any
 * valid session, and the recovery share, released only by {@link Wallets.recover}. Both are encrypted at rest by
 * {@link ShareCipher}; the accounts (addresses, public keys, paths) are public and stored as they are.
 */
export class Wallets {
  constructor(
    private readonly db: Database,
    private readonly cipher: ShareCipher,
    private readonly limits: FrameLimits,
    private readonly now: () => Date,
  ) {}

  private open(kind: ShareKind, userId: string, stored: string): string {
    try {
      return this.cipher.decrypt(kind, userId, stored)
    } catch (error) {
      if (!(error instanceof ShareDecryptError)) throw error
      // A server fault (wrong or changed PORTICO_FRAME_SHARE_KEY, or a modified row), not bad input.
      throw new FrameProblem(500, 'SHARE_UNREADABLE', `The stored key share cannot be decrypted: ${error.message}.`)
    }
  }

  private async row(userId: string) {
    const [row] = await this.db.query<{ accounts: string; auth_share: string; recovery_share: string }>(
      'select accounts, auth_share, recovery_share from frame_wallets where user_id = $1',
      [userId],
    )
    return row
  }

  /** The accounts and the (decrypted) auth share of `userId`'s wallet, or a 404 NO_WALLET problem. */
  async get(userId: string): Promise<{ accounts: WalletAccount[]; authShare: string }> {
    const row = await this.row(userId)
    if (!row) throw noWallet()
    return { accounts: JSON.parse(row.accounts) as WalletAccount[], authShare: this.open('auth', userId, row.auth_share) }
  }

  /**
   * Stores a new wallet for `userId`. The first writer wins (`insert … on conflict do nothing`, the user id is the
   * primary key): a second create, from any replica, is a 409 WALLET_EXISTS and changes nothing.
   */
  async create(userId: string, accounts: WalletAccount[], authShare: string, recoveryShare: string): Promise<WalletAccount[]> {
    const inserted = await this.db.query(
      `insert into frame_wallets (user_id, accounts, auth_share, recovery_share, created_at) values ($1, $2, $3, $4, $5)
       on conflict (user_id) do nothing returning user_id`,
      [
        userId,
        JSON.stringify(accounts),
        this.cipher.encrypt('auth', userId, authShare),
        this.cipher.encrypt('recovery', userId, recoveryShare),
        this.now(),
      ],
    )
    if (inserted.length === 0) throw new FrameProblem(409, 'WALLET_EXISTS', 'This user already has a wallet; fetch it instead.')
    return accounts
  }

  /**
   * Releases the accounts and both shares to a session from an approved device, at most `recoversPerUserPerHour`
   * times per user per hour (counted in the database, across replicas).
   */
  async recover(userId: string): Promise<{ accounts: WalletAccount[]; authShare: string; recoveryShare: string }> {
    const retryAfter = await takeUserSlot(this.db, userId, 'recover', this.limits.recoversPerUserPerHour, this.now())
    if (retryAfter !== null)
      throw new FrameProblem(429, 'RECOVER_RATE_LIMITED', `Too many wallet recoveries for this user; try again in ${retryAfter} seconds.`, {
        retryAfter,
      })
    const row = await this.row(userId)
    if (!row) throw noWallet()
    return {
      accounts: JSON.parse(row.accounts) as WalletAccount[],
      authShare: this.open('auth', userId, row.auth_share),
      recoveryShare: this.open('recovery', userId, row.recovery_share),
    }
  }
}
