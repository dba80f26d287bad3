import type { ApiTransaction, ApiTransactionTransfer, HistoryResponse } from '@portico/contracts/api'
import { formatUnits, getAddress } from 'viem'
import { z } from 'zod'
import type { IconUrlFor } from './balances.js'
import type { ChainRuntime } from './chains.js'
import type { Queryable } from './db/index.js'
import { ApiProblem } from './errors.js'
import type { NftService } from './nfts.js'
import type { DataStore } from './store.js'

/** Position after which the next page starts: (block time, chain, block number, tx index) of the last item. */
const CursorSchema = z.tuple([z.literal(1), z.number().int(), z.string().max(64), z.number().int(), z.number().int()])
type Cursor = z.infer<typeof CursorSchema>

/** Encodes a page position as an opaque token (base64url JSON with a version tag). */
export function encodeCursor(position: Cursor): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url')
}

/** Decodes a cursor; anything not produced by {@link encodeCursor} is a 400. */
export function decodeCursor(cursor: string): Cursor {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    throw new ApiProblem(400, 'VALIDATION_ERROR', 'Invalid cursor: pass the `next` value of a previous page unchanged', [
      { name: 'cursor', description: 'Invalid cursor' },
    ])
  }
}

interface PageRow {
  block_time: number
  chain_id: string
  block_number: number
  tx_index: number
  hash: string
  from_address: string
  to_address: string
  nonce: number
  status: 'confirmed' | 'failed'
}

interface TransferRow {
  chain_id: string
  tx_hash: string
  position: number
  token_address: string | null
  from_address: string
  to_address: string
  amount: string
  /** Set for ERC-721 transfers. */
  token_id: string | null
}

const checksum = (address: string) => (/^0x[0-9a-f]{40}$/.test(address) ? getAddress(address) : address)

/**
 * Reads an account's indexed history, newest first. Pages are keyed on the position of their last item, so a
 * cursor stays valid while new blocks arrive: new transactions only ever appear before the first page.
 */
export class HistoryService {
  constructor(
    private readonly db: Queryable,
    private readonly chains: Map<string, ChainRuntime>,
    private readonly store: DataStore,
    private readonly pageSize: number,
    /** Names and previews of ERC-721 transfers; without it they show without them. */
    private readonly nfts?: NftService,
  ) {}

  /** One page of `account`'s transactions, on `chainId` or on every configured chain. */
  async page(
    account: `0x${string}`,
    options: { chainId?: string; cursor?: string; iconUrl: IconUrlFor },
  ): Promise<HistoryResponse> {
    const after = options.cursor ? decodeCursor(options.cursor) : null
    if (options.chainId !== undefined && !this.chains.has(options.chainId)) return { data: [], next: null }
    const address = account.toLowerCase()
    const params: unknown[] = [address, this.pageSize + 1]
    let where = 'a.address = $1'
    if (options.chainId !== undefined) {
      params.push(options.chainId)
      where += ` and a.chain_id = $${params.length}`
    }
    if (after) {
      params.push(after[1], after[2], after[3], after[4])
      const n = params.length
      where += ` and (a.block_time, a.chain_id, a.block_number, a.tx_index) < ($${n - 3}, $${n - 2}, $${n - 1}, $${n})`
    }
    const rows = await this.db.query<PageRow>(
      `select a.block_time, a.chain_id, a.block_number, a.tx_index, t.hash, t.from_address, t.to_address, t.nonce, t.status
       from account_transactions a
       join transactions t on t.chain_id = a.chain_id and t.hash = a.tx_hash
       where ${where}
       order by a.block_time desc, a.chain_id desc, a.block_number desc, a.tx_index desc
       limit $2`,
      params,
    )
    const page = rows.slice(0, this.pageSize)
    const last = page[page.length - 1]
    const next = rows.length > this.pageSize && last
      ? encodeCursor([1, last.block_time, last.chain_id, last.block_number, last.tx_index])
      : null
    return { data: await this.build(address, page, options.iconUrl), next }
  }

  private async build(address: string, page: PageRow[], iconUrl: IconUrlFor): Promise<ApiTransaction[]> {
    if (page.length === 0) return []
    const transfers = await this.db.query<TransferRow>(
      `select f.chain_id, f.tx_hash, f.position, f.token_address, f.from_address, f.to_address, f.amount::text as amount,
         f.token_id::text as token_id
       from transfers f join unnest($1::text[], $2::text[]) as k(chain_id, tx_hash)
         on f.chain_id = k.chain_id and f.tx_hash = k.tx_hash
       where f.from_address = $3 or f.to_address = $3
       order by f.position`,
      [page.map((r) => r.chain_id), page.map((r) => r.hash), address],
    )
    const tokens = await this.store.tokens(
      transfers.filter((t) => t.token_address && t.token_id === null).map((t) => ({ chainId: t.chain_id, address: t.token_address as string })),
    )
    const nftKeys = transfers.filter((t) => t.token_id !== null).map((t) => ({ chainId: t.chain_id, contract: t.token_address as string, tokenId: t.token_id as string }))
    const nfts = (await this.nfts?.details(nftKeys)) ?? new Map()
    const prices = await this.store.prices(
      'usd',
      transfers.map((t) => ({ chainId: t.chain_id, asset: t.token_address ?? 'native' })),
    )
    const byTx = new Map<string, TransferRow[]>()
    for (const t of transfers) {
      const key = `${t.chain_id}|${t.tx_hash}`
      byTx.set(key, [...(byTx.get(key) ?? []), t])
    }

    return page.map((row) => {
      const own = byTx.get(`${row.chain_id}|${row.hash}`) ?? []
      const items: ApiTransactionTransfer[] = own.map((t) => {
        const direction = t.from_address === address && t.to_address === address ? 'self' : t.from_address === address ? 'out' : 'in'
        if (t.token_id !== null) {
          const nft = nfts.get(`${t.chain_id}|${t.token_address}|${t.token_id}`)
          return {
            nft_info: {
              name: nft?.name ?? `${nft?.collection.name ?? 'NFT'} #${t.token_id}`,
              ...(nft?.image ? { content: { preview: { url: nft.image } } } : {}),
              flags: { is_spam: false },
            },
            direction,
            quantity: { numeric: '1' },
          }
        }
        let info: { name?: string; symbol?: string; decimals: number | null; icon?: string }
        if (t.token_address === null) {
          const native = this.chains.get(t.chain_id)?.native
          info = { name: native?.name, symbol: native?.symbol, decimals: native?.decimals ?? 18, icon: native?.iconUrl }
        } else {
          const token = tokens.get(`${t.chain_id}|${t.token_address}`)
          info = { name: token?.name ?? undefined, symbol: token?.symbol ?? undefined, decimals: token?.decimals ?? null, icon: token?.iconUrl ?? undefined }
        }
        // Without known decimals the raw integer amount is the only honest quantity.
        const numeric = info.decimals === null ? t.amount : formatUnits(BigInt(t.amount), info.decimals)
        const price = prices.get(`${t.chain_id}|${t.token_address ?? 'native'}`)
        return {
          fungible_info: {
            ...(info.name ? { name: info.name } : {}),
            ...(info.symbol ? { symbol: info.symbol } : {}),
            ...(info.icon || info.symbol ? { icon: { url: info.icon ?? iconUrl('token', info.symbol as string) } } : {}),
          },
          direction,
          quantity: { numeric },
          ...(price !== undefined && info.decimals !== null ? { price, value: Number(numeric) * price } : {}),
        }
      })
      return {
        id: `${row.chain_id}:${row.hash}`,
        metadata: {
          operationType: isTrade(address, own) ? 'trade' : operationType(address, row.from_address, items),
          hash: row.hash,
          chain: row.chain_id,
          minedAt: new Date(row.block_time * 1000).toISOString(),
          sentFrom: checksum(row.from_address),
          sentTo: checksum(row.to_address),
          status: row.status,
          nonce: row.nonce,
        },
        transfers: items,
      }
    })
  }
}

/**
 * A swap, seen from `address`: it gave one fungible asset and got another in the same transaction (a token for the
 * native currency through a router, a token for a token). Moving the same asset both ways, or only NFTs, is not.
 */
function isTrade(address: string, transfers: readonly TransferRow[]): boolean {
  const fungible = transfers.filter((t) => t.token_id === null && t.from_address !== t.to_address)
  const gave = new Set(fungible.filter((t) => t.from_address === address).map((t) => t.token_address ?? 'native'))
  const got = new Set(fungible.filter((t) => t.to_address === address).map((t) => t.token_address ?? 'native'))
  return [...gave].some((a) => !got.has(a)) && [...got].some((a) => !gave.has(a))
}

/**
 * send or receive, seen from `address`: decided by the direction of its transfers when they agree (a token pulled
 * out by a spender is a send even though someone else sent the transaction), else by who sent the transaction.
 */
function operationType(address: string, sender: string, transfers: ApiTransactionTransfer[]): 'send' | 'receive' {
  const outgoing = transfers.some((t) => t.direction === 'out')
  const incoming = transfers.some((t) => t.direction === 'in')
  if (outgoing && !incoming) return 'send'
  if (incoming && !outgoing) return 'receive'
  return sender === address ? 'send' : 'receive'
}
