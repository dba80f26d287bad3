import { createHash } from 'node:crypto'
import { type ApiNameLookup, ProfileRegisterMessageSchema, type ProfileRegisterRequest } from '@portico/contracts/api'
import { COIN_TYPE_FLAG } from '@portico/contracts/spec'
import { verifyEip155Signature } from '@portico/siwx-verify'
import { getAddress } from 'viem'
import type { ChainRuntime } from '../chains.js'
import type { Database, Queryable } from '../db/index.js'
import { ApiProblem } from '../errors.js'
import { DEFAULT_LEGACY_NAME_SUFFIXES, DEFAULT_NAME_SUFFIX, type NameZone, checkNameSuffix, nameLabel, nameProblem } from './names.js'

/** Settings of the name service (`createApiServer({ profile })`); every one has a default. */
export interface ProfileOptions {
  /** Suffix of registered names. Default `.portico.id` (env PORTICO_API_NAME_SUFFIX). */
  suffix?: string
  /** Suffixes accepted on lookup and registration and read as `suffix`. Default `.reown.id` and `.wcn.id`. */
  legacySuffixes?: readonly string[]
  /** How old a registration message's timestamp may be. Default 10 minutes. */
  maxMessageAgeMs?: number
  /** How far in the future a message's timestamp may be (device clocks drift). Default 60 s. */
  clockSkewMs?: number
  /** Registration attempts per address per hour (each costs a chain call). Default 30. */
  attemptsPerAddressPerHour?: number
  /** The server clock (tests). */
  now?: () => Date
}

declare module '../config.js' {
  interface ApiServerOptions {
    /** The name service: suffix, legacy suffixes, message age, attempt limit, clock. */
    profile?: ProfileOptions
  }
}

const HOUR_MS = 3_600_000
/** How many alternatives GET /v1/profile/suggestions offers beside the typed name. */
const SUGGESTIONS = 4

/** A refused registration: 401 SESSION_REFUSED; the one-sentence reason is the first reason's description (SPEC §8). */
const refused = (message: string, field: string) => new ApiProblem(401, 'SESSION_REFUSED', message, [{ name: field, description: message }])
/** A registration that conflicts with a stored one: 409. */
const conflict = (message: string, field: string) => new ApiProblem(409, 'VALIDATION_ERROR', message, [{ name: field, description: message }])
const invalid = (message: string, field: string) => new ApiProblem(400, 'VALIDATION_ERROR', message, [{ name: field, description: message }])

interface NameRow {
  name: string
  address: string
  avatar: string | null
  attributes: Record<string, string> | null
  coin_type: number | null
  created_at: Date
  updated_at: Date
}

/** Coin type listed for a name stored without one (seeded rows): 60, Ether's (ENSIP-9). */
const DEFAULT_COIN_TYPE = 60

/**
 * The name service of SPEC §7: lookups by name, by address and suggestions, and registration of one name per
 * address from a message the account signed (EOA, ERC-1271, ERC-6492, through the chain's RPC). Names and their
 * uniqueness live in the database (unique name, unique address), so concurrent registrations of one name, on any
 * replica, end with exactly one winner; each accepted message is kept by digest and cannot be replayed.
 */
export class ProfileService {
  readonly zone: NameZone
  private readonly settings: { maxMessageAgeMs: number; clockSkewMs: number; attemptsPerAddressPerHour: number }
  private readonly now: () => Date

  constructor(
    private readonly db: Database,
    private readonly chains: ReadonlyMap<string, ChainRuntime>,
    private readonly onWrite: () => void = () => {},
    options: ProfileOptions = {},
  ) {
    this.zone = {
      suffix: checkNameSuffix(options.suffix ?? DEFAULT_NAME_SUFFIX),
      legacy: (options.legacySuffixes ?? DEFAULT_LEGACY_NAME_SUFFIXES).map((s) => checkNameSuffix(s, 'legacy name suffix')),
    }
    this.settings = {
      maxMessageAgeMs: options.maxMessageAgeMs ?? 10 * 60_000,
      clockSkewMs: options.clockSkewMs ?? 60_000,
      attemptsPerAddressPerHour: options.attemptsPerAddressPerHour ?? 30,
    }
    this.now = options.now ?? (() => new Date())
  }

  /** The full name of a label (`alice` → `alice.portico.id`). */
  fullName(label: string): string {
    return `${label}${this.zone.suffix}`
  }

  /** The stored name typed as `typed` (any accepted suffix, any case), or undefined. */
  async lookup(typed: string): Promise<ApiNameLookup | undefined> {
    const label = nameLabel(this.zone, typed)
    if (!label) return undefined
    const [row] = await this.db.query<NameRow>('select * from names where name = $1', [this.fullName(label)])
    return row && lookupOf(row)
  }

  /** The names pointing at an address (at most one). */
  async reverse(address: string): Promise<ApiNameLookup[]> {
    const rows = await this.db.query<NameRow>('select * from names where address = $1 order by updated_at desc, name limit 10', [address.toLowerCase()])
    return rows.map(lookupOf)
  }

  /**
   * The typed name and free alternatives (`alice1`, `alice2`, …), each marked registered or not. A zone other than
   * ours is refused.
   */
  async suggestions(typed: string, zone?: string): Promise<{ name: string; registered: boolean }[]> {
    if (zone !== undefined) {
      const z = `.${zone.replace(/^\.+/, '').toLowerCase()}`
      if (z !== this.zone.suffix && !this.zone.legacy.includes(z)) throw invalid(`This service serves names in ${this.zone.suffix.slice(1)}, not ${zone}.`, 'zone')
    }
    const label = nameLabel(this.zone, typed, 1)
    if (!label) throw invalid(nameProblem(this.zone, typed) ?? 'A name may hold only letters, digits and hyphens.', 'name')
    const base = label.slice(0, 60)
    const candidates = [label, ...Array.from({ length: 12 }, (_, i) => `${base}${i + 1}`)].filter((l) => nameLabel(this.zone, l) === l)
    const taken = new Set(
      (await this.db.query<{ name: string }>('select name from names where name = any($1::text[])', [candidates.map((l) => this.fullName(l))])).map((r) => r.name),
    )
    const result: { name: string; registered: boolean }[] = []
    if (candidates[0] === label) result.push({ name: this.fullName(label), registered: taken.has(this.fullName(label)) })
    for (const l of candidates.slice(candidates[0] === label ? 1 : 0)) {
      if (result.length > SUGGESTIONS) break
      if (!taken.has(this.fullName(l))) result.push({ name: this.fullName(l), registered: false })
    }
    return result
  }

  /**
   * Registers the name of a signed message for `address`, or throws the refusal: the message must be the JSON of
   * SPEC §7 with empty attributes and a recent timestamp, `coin_type` an eip155 chain this service reads, and the
   * signature the account's. The name and the address must both be free.
   */
  async register(request: ProfileRegisterRequest): Promise<ApiNameLookup> {
    const now = this.now()
    const address = request.address.toLowerCase()
    const message = parseMessage(request.message)
    const problem = nameProblem(this.zone, message.name)
    if (problem) throw invalid(problem, 'name')
    const name = this.fullName(nameLabel(this.zone, message.name)!)
    if (Object.keys(message.attributes).length > 0) throw invalid('The message’s attributes must be empty.', 'message')
    const age = now.getTime() - message.timestamp * 1000
    if (age > this.settings.maxMessageAgeMs)
      throw refused(`The message is older than ${Math.round(this.settings.maxMessageAgeMs / 60_000)} minutes; sign a new one.`, 'timestamp')
    if (-age > this.settings.clockSkewMs) throw refused('The message is dated in the future; check the device clock.', 'timestamp')

    const chainId = this.chainOf(request.coin_type)
    await this.db.transaction((tx) => this.take(tx, `names:${address}`, now))
    const [existing] = await this.db.query<{ name: string; address: string }>('select name, address from names where name = $1 or address = $2', [name, address])
    if (existing) throw existing.address === address ? hasName(existing.name) : taken(name)

    const chain = this.chains.get(chainId)!
    let valid: boolean
    try {
      valid = await verifyEip155Signature(chain.client, getAddress(address), request.message, request.signature)
    } catch (error) {
      throw new ApiProblem(502, 'CHAIN_UNAVAILABLE', `Could not verify the signature on ${chainId}: the chain did not answer.`, [
        { name: 'chainId', description: error instanceof Error ? error.message.split('\n')[0]! : String(error) },
      ])
    }
    if (!valid) throw refused(`The signature was not made by ${getAddress(address)}.`, 'signature')

    const digest = createHash('sha256').update(`${address}\n${request.message}`).digest('hex')
    const row = await this.db.transaction(async (tx) => {
      const spent = await tx.query('insert into name_messages (digest, address, used_at) values ($1, $2, $3) on conflict do nothing returning digest', [digest, address, now])
      if (spent.length === 0) throw refused('This message was already used; sign a new one.', 'message')
      // one statement decides: the unique name and the unique address make a concurrent second registration insert nothing
      const [inserted] = await tx.query<NameRow>(
        `insert into names (name, address, avatar, attributes, coin_type, created_at, updated_at) values ($1, $2, null, '{}', $3, $4, $4)
         on conflict do nothing returning *`,
        [name, address, request.coin_type, now],
      )
      if (inserted) return inserted
      const [other] = await tx.query<{ name: string; address: string }>('select name, address from names where address = $1 or name = $2 order by (address = $1) desc', [address, name])
      throw other?.address === address ? hasName(other.name) : taken(name)
    })
    this.onWrite()
    return lookupOf(row)
  }

  /** The CAIP-2 id of an eip155 coin type this service can verify on; refuses the rest. */
  private chainOf(coinType: number): string {
    if (coinType < COIN_TYPE_FLAG) throw invalid(`Names are eip155 only: coin_type must be a chain id OR 0x80000000, got ${coinType}.`, 'coin_type')
    const chainId = `eip155:${coinType - COIN_TYPE_FLAG}`
    if (!this.chains.has(chainId)) throw refused(`This server does not verify accounts on ${chainId}.`, 'coin_type')
    return chainId
  }

  /** Counts one registration attempt of `subject` in the current hour; throws 429 past the limit. */
  private async take(tx: Queryable, subject: string, now: Date) {
    const window = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)
    const rows = await tx.query(
      `insert into siwx_counters (subject, action, window_start, count) values ($1, 'register-name', $2, 1)
       on conflict (subject, action, window_start) do update set count = siwx_counters.count + 1 where siwx_counters.count < $3
       returning count`,
      [subject, window, this.settings.attemptsPerAddressPerHour],
    )
    if (rows.length === 0) {
      const retryAfter = Math.max(1, Math.ceil((window.getTime() + HOUR_MS - now.getTime()) / 1000))
      throw new ApiProblem(429, 'RATE_LIMITED', `Too many name registrations for this address; try again in ${retryAfter} seconds.`, [
        { name: 'retryAfter', description: String(retryAfter) },
      ])
    }
  }
}

const taken = (name: string) => conflict(`The name ${name} is already registered.`, 'name')
const hasName = (name: string) => conflict(`This address already has the name ${name}.`, 'address')

function parseMessage(text: string) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalid('The message is not JSON: expected {"name", "attributes": {}, "timestamp"}.', 'message')
  }
  const parsed = ProfileRegisterMessageSchema.safeParse(json)
  if (!parsed.success) throw invalid('The message must hold a name, an empty attributes object and a unix-seconds timestamp.', 'message')
  return parsed.data
}

function lookupOf(row: NameRow): ApiNameLookup {
  const coinType = String(row.coin_type ?? DEFAULT_COIN_TYPE)
  const attributes: Record<string, string> = { ...(row.attributes ?? {}) }
  if (row.avatar) attributes.avatar = row.avatar
  return {
    name: row.name,
    registered_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    addresses: { [coinType]: { address: getAddress(row.address), created: row.created_at.toISOString() } },
    attributes,
  }
}
