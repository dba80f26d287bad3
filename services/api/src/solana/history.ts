import type { ApiTransaction, ApiTransactionTransfer, HistoryResponse } from '@portico/contracts/api'
import { formatUnits } from 'viem'
import { z } from 'zod'
import type { IconUrlFor } from '../balances.js'
import { ApiProblem } from '../errors.js'
import type { DataStore } from '../store.js'
import { tokenAccountsOf } from './balances.js'
import type { SolanaChainRuntime } from './chains.js'
import { type SignatureInfo, SignaturesAnswerSchema, SolanaAddressSchema, SolanaSignatureSchema, type TransactionAnswer, TransactionAnswerSchema } from './rpc.js'
import { movements } from './transfers.js'

/**
 * Where each source (the account and its token accounts) stands: the signature to read on `before` ('' = from the
 * newest). A source that is not in the map has nothing older left to show.
 */
const CursorSchema = z.tuple([z.literal('sol1'), z.record(SolanaAddressSchema, z.union([z.literal(''), SolanaSignatureSchema]))])

/** Most token accounts read beside the account itself (history stays bounded, and so does the cursor). */
export const MAX_TOKEN_SOURCES = 8

function encodeCursor(positions: Record<string, string>): string {
  return Buffer.from(JSON.stringify(['sol1', positions])).toString('base64url')
}

function decodeCursor(cursor: string): Record<string, string> {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))[1]
  } catch {
    throw new ApiProblem(400, 'VALIDATION_ERROR', 'Invalid cursor: pass the `next` value of a previous page unchanged', [
      { name: 'cursor', description: 'Invalid cursor' },
    ])
  }
}

/** Transactions already read, by chain and signature: a finalized transaction never changes. */
class TransactionCache {
  private readonly entries = new Map<string, TransactionAnswer>()
  constructor(private readonly size: number) {}
  get(key: string) {
    const hit = this.entries.get(key)
    if (hit) {
      this.entries.delete(key)
      this.entries.set(key, hit)
    }
    return hit
  }
  set(key: string, tx: TransactionAnswer) {
    this.entries.set(key, tx)
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string)
  }
}

/**
 * An account's history on a Solana chain, read on demand from the chain's JSON-RPC: the signatures of the account
 * and of its token accounts (incoming token transfers name only the token account), merged newest first, then
 * `getTransaction` (jsonParsed) for each. Pages hold at most `pageSize` transactions and read at most
 * `pageSize + 1` signatures per source; the cursor keeps each source's position (`before`), so it stays valid
 * while new transactions land. SOL and SPL transfers in and out become the SPEC §7 transfers.
 */
export class SolanaHistory {
  private readonly transactions = new TransactionCache(2_000)

  constructor(
    private readonly store: DataStore,
    private readonly pageSize: number,
  ) {}

  /** One page of `owner`'s transactions on `chain`. */
  async page(chain: SolanaChainRuntime, owner: string, options: { cursor?: string; iconUrl: IconUrlFor }): Promise<HistoryResponse> {
    const positions = options.cursor !== undefined ? decodeCursor(options.cursor) : undefined
    const tokenAccounts = (await tokenAccountsOf(chain, owner))
      .filter((a) => a.account.data.parsed.info.owner === owner)
      // listed mints first: with more token accounts than the bound, those are the ones worth showing
      .sort((a, b) => Number(chain.tokens.has(b.account.data.parsed.info.mint)) - Number(chain.tokens.has(a.account.data.parsed.info.mint)) || (a.pubkey < b.pubkey ? -1 : 1))
      .slice(0, MAX_TOKEN_SOURCES)
    const ownerOf = new Map(tokenAccounts.map((a) => [a.pubkey, owner]))
    const sources = [owner, ...tokenAccounts.map((a) => a.pubkey)].filter((s) => !positions || s in positions)
    const limit = this.pageSize + 1
    const lists = await Promise.all(
      sources.map((source) => {
        const before = positions?.[source]
        return chain.rpc('getSignaturesForAddress', [source, { limit, commitment: 'confirmed', ...(before ? { before } : {}) }], SignaturesAnswerSchema)
      }),
    )

    // k-way merge, newest slot first (ties keep source order), so that each source is consumed as a prefix
    const heads = lists.map(() => 0)
    const seen = new Set<string>()
    const page: SignatureInfo[] = []
    const last: (string | undefined)[] = sources.map(() => undefined)
    while (page.length < this.pageSize) {
      let pick = -1
      for (let i = 0; i < lists.length; i++) {
        const head = lists[i]![heads[i]!]
        if (!head) continue
        if (pick === -1 || head.slot > lists[pick]![heads[pick]!]!.slot) pick = i
      }
      if (pick === -1) break
      // a source read to its last fetched row may hold older rows: nothing older than its last row may show yet
      const row = lists[pick]![heads[pick]!]!
      heads[pick]! += 1
      last[pick] = row.signature
      if (!seen.has(row.signature)) {
        seen.add(row.signature)
        page.push(row)
      }
      if (heads[pick] === lists[pick]!.length && lists[pick]!.length === limit) break
    }
    // each row is marked seen in every list it appears in, so no source shows it again on the next page
    for (let i = 0; i < lists.length; i++) {
      while (heads[i]! < lists[i]!.length && seen.has(lists[i]![heads[i]!]!.signature)) {
        last[i] = lists[i]![heads[i]!]!.signature
        heads[i]! += 1
      }
    }
    const next: Record<string, string> = {}
    sources.forEach((source, i) => {
      const exhausted = lists[i]!.length < limit && heads[i] === lists[i]!.length
      if (!exhausted) next[source] = last[i] ?? positions?.[source] ?? ''
    })
    const transactions = await Promise.all(page.map((row) => this.transaction(chain, row.signature)))
    return {
      data: await this.build(chain, owner, ownerOf, transactions, options.iconUrl),
      next: Object.keys(next).length > 0 ? encodeCursor(next) : null,
    }
  }

  private async transaction(chain: SolanaChainRuntime, signature: string): Promise<TransactionAnswer> {
    const key = `${chain.caip}|${signature}`
    const cached = this.transactions.get(key)
    if (cached) return cached
    const tx = await chain.rpc(
      'getTransaction',
      [signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
      TransactionAnswerSchema,
    )
    if (!tx) throw new Error(`getTransaction: the chain does not know ${signature}`)
    this.transactions.set(key, tx)
    return tx
  }

  private async build(
    chain: SolanaChainRuntime,
    owner: string,
    ownerOf: ReadonlyMap<string, string>,
    transactions: TransactionAnswer[],
    iconUrl: IconUrlFor,
  ): Promise<ApiTransaction[]> {
    const moved = transactions.map((tx) => movements(tx, ownerOf).filter((m) => m.from === owner || m.to === owner))
    const assets = new Set(moved.flat().map((m) => m.mint ?? 'native'))
    const prices = await this.store.prices('usd', [...assets].map((asset) => ({ chainId: chain.caip, asset })))
    return transactions.map((tx, i) => {
      const transfers: ApiTransactionTransfer[] = moved[i]!.map((m) => {
        const direction = m.from === owner && m.to === owner ? 'self' : m.from === owner ? 'out' : 'in'
        const token = m.mint ? chain.tokens.get(m.mint) : undefined
        const info = m.mint === null ? chain.native : token
        const decimals = token?.decimals ?? m.decimals
        // Without known decimals the raw integer amount is the only honest quantity.
        const numeric = decimals === null ? m.amount.toString() : formatUnits(m.amount, decimals)
        const price = prices.get(`${chain.caip}|${(m.mint ?? 'native').toLowerCase()}`)
        return {
          fungible_info: info
            ? { name: info.name, symbol: info.symbol, icon: { url: info.iconUrl ?? iconUrl('token', info.symbol) } }
            : {},
          direction,
          quantity: { numeric },
          ...(price !== undefined && decimals !== null ? { price, value: Number(numeric) * price } : {}),
        }
      })
      const feePayer = tx.transaction.message.accountKeys[0]!.pubkey
      const first = moved[i]![0]
      const signature = tx.transaction.signatures[0]!
      return {
        id: `${chain.caip}:${signature}`,
        metadata: {
          operationType: operationType(owner, feePayer, transfers, moved[i]!.some((m) => m.from === null)),
          hash: signature,
          chain: chain.caip,
          minedAt: new Date((tx.blockTime ?? 0) * 1000).toISOString(),
          sentFrom: first?.from ?? feePayer,
          sentTo: first?.to ?? first?.from ?? feePayer,
          status: tx.meta?.err == null ? 'confirmed' : 'failed',
          // Solana accounts have no transaction nonce
          nonce: 0,
        },
        transfers,
      }
    })
  }
}

/** send, receive or mint, seen from `owner`: by the direction of its transfers when they agree, else by who paid. */
function operationType(owner: string, feePayer: string, transfers: ApiTransactionTransfer[], minted: boolean): 'send' | 'receive' | 'mint' {
  const outgoing = transfers.some((t) => t.direction === 'out')
  const incoming = transfers.some((t) => t.direction === 'in')
  if (minted && incoming && !outgoing) return 'mint'
  if (outgoing && !incoming) return 'send'
  if (incoming && !outgoing) return 'receive'
  return feePayer === owner ? 'send' : 'receive'
}
