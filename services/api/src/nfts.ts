import type { ApiNft, NftsResponse } from '@portico/contracts/api'
import { getAddress } from 'viem'
import { z } from 'zod'
import type { ChainRuntime } from './chains.js'
import type { Logger } from './config.js'
import type { Queryable } from './db/index.js'
import { ApiProblem } from './errors.js'

/*
 * ERC-721 support of the reference API: recognising the tokens' Transfer logs (the indexer records them as
 * transfers and as ownership), the collections' names, the tokens' metadata (name and image, read from tokenURI),
 * and the account's NFTs page by page.
 */

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/** A Transfer log as eth_getLogs returns it. */
export interface TransferLog {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  logIndex: string
  transactionHash: string
}

/** One ERC-721 transfer read from a log; addresses lowercase. */
export interface NftTransfer {
  contract: string
  from: string
  to: string
  tokenId: bigint
  blockNumber: number
  logIndex: number
  txHash: string
}

/**
 * True for an ERC-721 Transfer: the same event signature as ERC-20's, but the token id is indexed too, so the log
 * has 4 topics and no data (ERC-20's has 3 topics and the amount as 32 bytes of data).
 *
 * @example
 * logs.filter(isNftTransferLog)
 */
export const isNftTransferLog = (log: Pick<TransferLog, 'topics' | 'data'>): boolean =>
  log.topics.length === 4 && (log.data === '0x' || log.data === '')

/**
 * Reads the ERC-721 transfers out of Transfer logs, in chain order.
 *
 * @example
 * const transfers = nftTransfersOf(logs) // [{ contract, from, to, tokenId, blockNumber, logIndex, txHash }]
 */
export function nftTransfersOf(logs: readonly TransferLog[]): NftTransfer[] {
  return logs
    .filter(isNftTransferLog)
    .map((log) => ({
      contract: log.address.toLowerCase(),
      from: `0x${log.topics[1]!.slice(26)}`.toLowerCase(),
      to: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
      tokenId: BigInt(log.topics[3]!),
      blockNumber: Number(BigInt(log.blockNumber)),
      logIndex: Number(BigInt(log.logIndex)),
      txHash: log.transactionHash,
    }))
    .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)
}

/**
 * Records who holds each token after `transfers` (one indexer batch, in chain order): the latest transfer of a
 * token wins, a transfer to the zero address (a burn) removes it. A row is only ever replaced by a later transfer,
 * so replaying a batch changes nothing.
 *
 * @example
 * await db.transaction((tx) => recordNftOwnership(tx, 'eip155:31337', nftTransfersOf(logs)))
 */
export async function recordNftOwnership(tx: Queryable, chainId: string, transfers: readonly NftTransfer[]): Promise<void> {
  const latest = new Map<string, NftTransfer>()
  for (const t of transfers) latest.set(`${t.contract}|${t.tokenId}`, t)
  const held = [...latest.values()].filter((t) => t.to !== ZERO_ADDRESS)
  const burnt = [...latest.values()].filter((t) => t.to === ZERO_ADDRESS)
  if (held.length > 0) {
    await tx.query(
      `insert into nfts (chain_id, contract, token_id, owner, block_number, log_index)
       select $1, * from unnest($2::text[], $3::numeric[], $4::text[], $5::int8[], $6::int4[])
       on conflict (chain_id, contract, token_id) do update
         set owner = excluded.owner, block_number = excluded.block_number, log_index = excluded.log_index
         where (nfts.block_number, nfts.log_index) < (excluded.block_number, excluded.log_index)`,
      [
        chainId,
        held.map((t) => t.contract),
        held.map((t) => t.tokenId.toString()),
        held.map((t) => t.to),
        held.map((t) => t.blockNumber),
        held.map((t) => t.logIndex),
      ],
    )
  }
  if (burnt.length > 0) {
    await tx.query(
      `delete from nfts n using unnest($2::text[], $3::numeric[], $4::int8[], $5::int4[]) as b(contract, token_id, block_number, log_index)
       where n.chain_id = $1 and n.contract = b.contract and n.token_id = b.token_id
         and (n.block_number, n.log_index) < (b.block_number, b.log_index)`,
      [chainId, burnt.map((t) => t.contract), burnt.map((t) => t.tokenId.toString()), burnt.map((t) => t.blockNumber), burnt.map((t) => t.logIndex)],
    )
  }
}

const collectionAbi = [
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
] as const

const tokenUriAbi = [
  { type: 'function', name: 'tokenURI', stateMutability: 'view', inputs: [{ type: 'uint256' }], outputs: [{ type: 'string' }] },
] as const

/**
 * Reads name and symbol of the ERC-721 contracts not yet known (null when a contract has none), so lists can say
 * which collection a token belongs to.
 *
 * @example
 * await learnCollections(db, chain, ['0x5fbd…'])
 */
export async function learnCollections(db: Queryable, chain: ChainRuntime, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return
  const known = await db.query<{ address: string }>(
    'select address from nft_collections where chain_id = $1 and address = any($2::text[])',
    [chain.caip, addresses],
  )
  const seen = new Set(known.map((k) => k.address))
  await Promise.all(
    addresses
      .filter((a) => !seen.has(a))
      .map(async (address) => {
        const read = (functionName: 'name' | 'symbol') =>
          chain.client
            .readContract({ address: getAddress(address), abi: collectionAbi, functionName })
            .then((v) => clean(v, 200))
            .catch(() => null)
        const [name, symbol] = await Promise.all([read('name'), read('symbol')])
        await db.query(
          `insert into nft_collections (chain_id, address, name, symbol) values ($1, $2, $3, $4) on conflict do nothing`,
          [chain.caip, address, name, symbol],
        )
      }),
  )
}

/** A string fit to store and show: no NUL (PostgreSQL text refuses it), trimmed, at most `max` characters. */
function clean(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = value.replace(/\u0000/g, '').trim().slice(0, max)
  return text === '' ? null : text
}

/**
 * The part of ERC-721 metadata (the JSON at tokenURI) this API keeps. Anything else in it is ignored; a name or
 * image of the wrong type counts as absent rather than spoiling the other.
 */
export const NftMetadataSchema = z
  .record(z.string(), z.unknown())
  .transform((doc) => ({ name: clean(doc.name, 200), image: clean(doc.image, 2048) ?? clean(doc.image_url, 2048) }))

/** The largest metadata document read; ERC-721 metadata is a few hundred bytes. */
const MAX_METADATA_BYTES = 64 * 1024

/** Where a token's metadata and image may be: http(s) URLs only (and JSON in a data: URL for the metadata). */
const httpUrl = (value: string, base?: string): string | null => {
  try {
    const url = new URL(value, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

/** Reads a response body up to `max` bytes; more is an error (a metadata URL that streams forever is no metadata). */
async function readLimited(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      throw new Error(`metadata larger than ${max} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Name and image of one token, or why there are none. */
export type TokenMetadata = { ok: true; name: string | null; image: string | null } | { ok: false; reason: string }

/**
 * Fetches a token's metadata from its tokenURI: an http(s) URL (read with `timeoutMs` and at most 64 KB) or a
 * `data:application/json` URL. The image is kept only as an absolute http(s) URL (a relative one is resolved
 * against the metadata URL). Never throws: every failure is `{ ok: false, reason }`.
 *
 * @example
 * const meta = await fetchTokenMetadata('https://example.com/1.json', { timeoutMs: 3000 })
 */
export async function fetchTokenMetadata(
  tokenUri: string,
  options: { timeoutMs: number; fetch?: typeof fetch },
): Promise<TokenMetadata> {
  try {
    let text: string
    let base: string | undefined
    const data = /^data:application\/json(;charset=[\w-]+)?(;base64)?,(.*)$/is.exec(tokenUri)
    if (data) {
      text = data[2] ? Buffer.from(data[3]!, 'base64').toString('utf8') : decodeURIComponent(data[3]!)
    } else {
      const url = httpUrl(tokenUri)
      if (!url) return { ok: false, reason: `unsupported tokenURI ${JSON.stringify(tokenUri.slice(0, 80))}` }
      base = url
      const response = await (options.fetch ?? fetch)(url, {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json' },
        redirect: 'follow',
      })
      if (!response.ok) {
        await response.body?.cancel()
        return { ok: false, reason: `${url} answered ${response.status}` }
      }
      text = await readLimited(response, MAX_METADATA_BYTES)
    }
    const parsed = NftMetadataSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return { ok: false, reason: 'metadata is not a JSON object' }
    const { name, image } = parsed.data
    return { ok: true, name, image: image ? httpUrl(image, base) : null }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** Position after which the next page starts: (block number, log index, chain, contract, token id) of the last item. */
const CursorSchema = z.tuple([
  z.literal(1),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.string().max(64),
  z.string().regex(/^0x[0-9a-f]{40}$/),
  z.string().regex(/^\d{1,78}$/),
])
type Cursor = z.infer<typeof CursorSchema>

const encodeCursor = (position: Cursor): string => Buffer.from(JSON.stringify(position)).toString('base64url')

function decodeCursor(cursor: string): Cursor {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    throw new ApiProblem(400, 'VALIDATION_ERROR', 'Invalid cursor: pass the `next` value of a previous page unchanged', [
      { name: 'cursor', description: 'Invalid cursor' },
    ])
  }
}

/** NFT service settings. */
export interface NftServiceOptions {
  /** Items per page (default 24). */
  pageSize?: number
  /** Longest wait for one token's metadata in a request (default 3000 ms); a slower one shows without it. */
  metadataTimeoutMs?: number
  /** After a failed read, metadata is tried again after this long (default 5 min). */
  retryFailedMs?: number
  /** Read metadata is read again after this long (default 24 h). */
  refreshMs?: number
  /** The fetch used for metadata URLs (tests). */
  fetch?: typeof fetch
  logger?: Logger
}

/** A token, as history and lists refer to it. */
export type NftKey = { chainId: string; contract: string; tokenId: string }

/** What lists show of a token: its metadata (null when unknown) and its collection. */
export type NftDetails = { name: string | null; image: string | null; collection: { name: string | null; symbol: string | null } }

const keyOf = (k: NftKey) => `${k.chainId}|${k.contract.toLowerCase()}|${k.tokenId}`

interface NftRow {
  chain_id: string
  contract: string
  token_id: string
  block_number: number
  log_index: number
}

/**
 * Serves the NFTs the indexer saw each account receive, with their metadata. Metadata is read on first demand
 * from tokenURI and kept in nft_metadata (shared by replicas); a request waits at most `metadataTimeoutMs` for it
 * and otherwise answers with null name and image, so a broken or slow metadata server never fails a request.
 *
 * The metadata URL comes from the chain, so the server fetches URLs that anyone who deploys a contract chooses:
 * only http(s), with a timeout and a size limit. An operator exposing this API publicly should also keep it from
 * reaching private networks (an egress proxy), as for any server that fetches user-chosen URLs.
 */
export class NftService {
  private readonly pageSize: number
  private readonly timeoutMs: number
  private readonly retryFailedMs: number
  private readonly refreshMs: number
  // Concurrent requests for the same token share one fetch.
  private inflight = new Map<string, Promise<void>>()

  constructor(
    private readonly db: Queryable,
    private readonly chains: Map<string, ChainRuntime>,
    private readonly options: NftServiceOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 24
    this.timeoutMs = options.metadataTimeoutMs ?? 3_000
    this.retryFailedMs = options.retryFailedMs ?? 5 * 60_000
    this.refreshMs = options.refreshMs ?? 24 * 60 * 60_000
  }

  /**
   * One page of the NFTs `account` holds, on `chainId` or on every configured chain, most recently received first.
   * An unknown chain yields an empty page (the modal treats unsupported networks as empty).
   */
  async page(account: `0x${string}`, options: { chainId?: string; cursor?: string } = {}): Promise<NftsResponse> {
    const after = options.cursor ? decodeCursor(options.cursor) : null
    if (options.chainId !== undefined && !this.chains.has(options.chainId)) return { data: [], next: null }
    const params: unknown[] = [account.toLowerCase(), this.pageSize + 1, [...this.chains.keys()]]
    let where = 'n.owner = $1 and n.chain_id = any($3::text[])'
    if (options.chainId !== undefined) {
      params.push(options.chainId)
      where += ` and n.chain_id = $${params.length}`
    }
    if (after) {
      params.push(after[1], after[2], after[3], after[4], after[5])
      const n = params.length
      where += ` and (n.block_number, n.log_index, n.chain_id, n.contract, n.token_id) < ($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}::numeric)`
    }
    const rows = await this.db.query<NftRow>(
      `select n.chain_id, n.contract, n.token_id::text as token_id, n.block_number, n.log_index
       from nfts n where ${where}
       order by n.block_number desc, n.log_index desc, n.chain_id desc, n.contract desc, n.token_id desc
       limit $2`,
      params,
    )
    const page = rows.slice(0, this.pageSize)
    const last = page[page.length - 1]
    const next =
      rows.length > this.pageSize && last
        ? encodeCursor([1, last.block_number, last.log_index, last.chain_id, last.contract, last.token_id])
        : null
    const keys = page.map((r) => ({ chainId: r.chain_id, contract: r.contract, tokenId: r.token_id }))
    const details = await this.details(keys)
    const data: ApiNft[] = keys.map((k) => {
      const d = details.get(keyOf(k))
      return {
        chainId: k.chainId,
        contract: getAddress(k.contract),
        tokenId: k.tokenId,
        name: d?.name ?? null,
        imageUrl: d?.image ?? null,
        collection: d?.collection ?? { name: null, symbol: null },
      }
    })
    return { data, next }
  }

  /**
   * Metadata and collection of tokens, keyed `chainId|contract|tokenId` (contract lowercase), reading missing or
   * stale metadata first (each read bounded by the timeout).
   */
  async details(keys: readonly NftKey[]): Promise<Map<string, NftDetails>> {
    const result = new Map<string, NftDetails>()
    if (keys.length === 0) return result
    const unique = [...new Map(keys.map((k) => [keyOf(k), { ...k, contract: k.contract.toLowerCase() }])).values()]
    await this.ensureMetadata(unique)
    const rows = await this.db.query<{
      chain_id: string
      contract: string
      token_id: string
      name: string | null
      image: string | null
      collection_name: string | null
      collection_symbol: string | null
    }>(
      `select k.chain_id, k.contract, k.token_id, m.name, m.image, c.name as collection_name, c.symbol as collection_symbol
       from unnest($1::text[], $2::text[], $3::text[]) as k(chain_id, contract, token_id)
       left join nft_metadata m on m.chain_id = k.chain_id and m.contract = k.contract and m.token_id = k.token_id::numeric and m.ok
       left join nft_collections c on c.chain_id = k.chain_id and c.address = k.contract`,
      [unique.map((k) => k.chainId), unique.map((k) => k.contract), unique.map((k) => k.tokenId)],
    )
    for (const row of rows) {
      result.set(keyOf({ chainId: row.chain_id, contract: row.contract, tokenId: row.token_id }), {
        name: row.name,
        image: row.image,
        collection: { name: row.collection_name, symbol: row.collection_symbol },
      })
    }
    return result
  }

  /** Reads the metadata of the tokens that have none yet, or whose last read is stale; waits at most the timeout. */
  private async ensureMetadata(keys: readonly NftKey[]): Promise<void> {
    const rows = await this.db.query<{ chain_id: string; contract: string; token_id: string; fresh: boolean }>(
      `select m.chain_id, m.contract, m.token_id::text as token_id,
         m.fetched_at > now() - (case when m.ok then $4::float8 else $5::float8 end) * interval '1 millisecond' as fresh
       from nft_metadata m join unnest($1::text[], $2::text[], $3::text[]) as k(chain_id, contract, token_id)
         on m.chain_id = k.chain_id and m.contract = k.contract and m.token_id = k.token_id::numeric`,
      [keys.map((k) => k.chainId), keys.map((k) => k.contract), keys.map((k) => k.tokenId), this.refreshMs, this.retryFailedMs],
    )
    const fresh = new Set(rows.filter((r) => r.fresh).map((r) => keyOf({ chainId: r.chain_id, contract: r.contract, tokenId: r.token_id })))
    const wanted = keys.filter((k) => !fresh.has(keyOf(k)) && this.chains.has(k.chainId))
    if (wanted.length === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.timeoutMs)
    })
    // the reads go on after the deadline and are stored for the next request
    await Promise.race([Promise.all(wanted.map((k) => this.readMetadata(k))), deadline])
    clearTimeout(timer)
  }

  private readMetadata(key: NftKey): Promise<void> {
    const id = keyOf(key)
    const running = this.inflight.get(id)
    if (running) return running
    const job = this.fetchAndStore(key)
      .catch((error: unknown) => this.options.logger?.warn(`nft metadata of ${id} not stored: ${String(error)}`))
      .finally(() => this.inflight.delete(id))
    this.inflight.set(id, job)
    return job
  }

  private async fetchAndStore(key: NftKey): Promise<void> {
    const chain = this.chains.get(key.chainId)!
    let meta: TokenMetadata
    try {
      const uri = await chain.client.readContract({
        address: getAddress(key.contract),
        abi: tokenUriAbi,
        functionName: 'tokenURI',
        args: [BigInt(key.tokenId)],
      })
      meta = await fetchTokenMetadata(uri, { timeoutMs: this.timeoutMs, fetch: this.options.fetch })
    } catch (error) {
      meta = { ok: false, reason: `tokenURI could not be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` }
    }
    await this.db.query(
      `insert into nft_metadata (chain_id, contract, token_id, name, image, ok, fetched_at) values ($1, $2, $3::numeric, $4, $5, $6, now())
       on conflict (chain_id, contract, token_id) do update
         -- a failed refresh keeps what an earlier read found
         set name = case when excluded.ok then excluded.name else nft_metadata.name end,
           image = case when excluded.ok then excluded.image else nft_metadata.image end,
           ok = excluded.ok or nft_metadata.ok, fetched_at = excluded.fetched_at`,
      [key.chainId, key.contract, key.tokenId, meta.ok ? meta.name : null, meta.ok ? meta.image : null, meta.ok],
    )
  }
}
