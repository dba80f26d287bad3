import { type Block, type TransactionReceipt, erc20Abi, getAddress, toHex } from 'viem'
import { errorMessage } from './balances.js'
import type { ChainRuntime } from './chains.js'
import type { Logger } from './config.js'
import type { Database, Queryable } from './db/index.js'
import { learnCollections, nftTransfersOf, recordNftOwnership } from './nfts.js'
import { WITHDRAWAL_TOPIC, routerPayouts } from './convert/payouts.js'
import type { DataStore } from './store.js'

/** keccak256("Transfer(address,address,uint256)"): ERC-20 and ERC-721 share it; ERC-20 has 3 topics. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/** Indexer settings. */
export interface IndexerOptions {
  /** Pause between polls once caught up (default 1000 ms). */
  pollIntervalMs?: number
  /** Longest pause between retries while a chain is unreachable (default 10 s). */
  maxBackoffMs?: number
  /** Blocks read per step (default 50). */
  batchSize?: number
}

/** Progress of one chain, as the indexer last saw it. */
export interface ChainIndexStatus {
  chainId: string
  indexedBlock: number | null
  lastError: string | null
}

interface RawLog {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  blockHash: string
  transactionHash: string
  logIndex: string
}

interface TxRow {
  hash: string
  blockNumber: number
  txIndex: number
  blockTime: number
  from: string
  to: string
  nonce: number
  status: 'confirmed' | 'failed'
}

interface TransferRow {
  txHash: string
  position: number
  token: string | null
  from: string
  to: string
  amount: bigint
  /** Set for ERC-721 transfers (amount 1). */
  tokenId?: bigint
}

/** Raised when another replica wrote the same step first: harmless, the next poll continues from its state. */
class LostRace extends Error {}

type BlockWithTxs = Block<bigint, true, 'latest'>

/**
 * Follows each configured chain block by block and records, as history, every transaction that moved native value
 * (value > 0) or emitted ERC-20 or ERC-721 Transfer logs (for ERC-721 also who holds each token), plus failed
 * attempts at either (value > 0 or a call to a listed token that reverted). On a chain with an exchange, the native
 * currency its Router02 pays out of a swap (an internal call without a log, read from WETH's Withdrawal and the
 * call's recipient, see convert/payouts.ts) is recorded as a transfer too, so a swap shows both sides. Progress is stored per chain with the
 * hash of the last indexed block: a later mismatch (anvil restarted, or any reorg) wipes that chain's history and
 * reindexes it from the start block, which is correct for the local, reorg-free chains this reference targets; a
 * node that only lags behind (its head block is one we indexed, see indexer_blocks) is waited for instead. An unreachable chain is retried with backoff. Writes,
 * resets included, are compare-and-set on the stored progress, so several replicas may run the indexer against one
 * database.
 */
export class Indexer {
  private readonly poll: number
  private readonly maxBackoff: number
  private readonly batch: number
  private running = false
  private loops: Promise<void>[] = []
  private wakers = new Set<() => void>()
  private status = new Map<string, ChainIndexStatus>()

  constructor(
    private readonly db: Database,
    private readonly chains: Map<string, ChainRuntime>,
    private readonly store: DataStore,
    private readonly logger: Logger,
    options: IndexerOptions = {},
    private readonly onReset: (chainId: string) => void = () => {},
  ) {
    this.poll = options.pollIntervalMs ?? 1_000
    this.maxBackoff = options.maxBackoffMs ?? 10_000
    this.batch = options.batchSize ?? 50
    for (const caip of chains.keys()) this.status.set(caip, { chainId: caip, indexedBlock: null, lastError: null })
  }

  /** Starts one polling loop per chain. */
  start(): void {
    if (this.running) return
    this.running = true
    this.loops = [...this.chains.values()].map((chain) => this.loop(chain))
  }

  /** Stops the loops and waits for the steps in progress to finish. */
  async stop(): Promise<void> {
    this.running = false
    this.wake()
    await Promise.all(this.loops)
    this.loops = []
  }

  /** Ends the current pause of every loop, e.g. right after a test sent a transaction. */
  wake(): void {
    for (const waker of this.wakers) waker()
  }

  /** Progress of every chain. */
  chainStatus(): ChainIndexStatus[] {
    return [...this.status.values()].map((s) => ({ ...s }))
  }

  /**
   * Resolves once `chainId` is indexed up to `blockNumber` of the chain as it is now (the stored progress must
   * also match the node's block hash, so progress left over from before a chain reset does not count); rejects
   * after `timeoutMs`.
   */
  async waitForBlock(chainId: string, blockNumber: bigint | number, timeoutMs = 10_000): Promise<void> {
    const chain = this.chains.get(chainId)
    if (!chain) throw new Error(`unknown chain ${chainId}`)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const [row] = await this.db.query<{ block_number: number; block_hash: string }>(
        'select block_number, block_hash from indexer_state where chain_id = $1',
        [chainId],
      )
      if (row && row.block_number >= Number(blockNumber)) {
        const current = await chain.client.getBlock({ blockNumber: BigInt(row.block_number) }).catch(() => null)
        if (current?.hash === row.block_hash) return
      }
      if (Date.now() > deadline) {
        const last = this.status.get(chainId)?.lastError
        throw new Error(`indexer did not reach block ${blockNumber} of ${chainId} in ${timeoutMs} ms${last ? ` (last error: ${last})` : ''}`)
      }
      this.wake()
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  /**
   * Indexes the next batch of `chainId`; resolves true when the chain is fully indexed. The loops call this; tests
   * and tools may too (with the loops stopped).
   */
  async step(chainId: string): Promise<boolean> {
    const chain = this.chains.get(chainId)
    if (!chain) throw new Error(`unknown chain ${chainId}`)
    return this.stepChain(chain)
  }

  private async loop(chain: ChainRuntime): Promise<void> {
    let failures = 0
    while (this.running) {
      let delay = this.poll
      try {
        const caughtUp = await this.stepChain(chain)
        if (failures > 0) this.logger.info(`indexer: ${chain.caip} reachable again, indexing resumed`)
        failures = 0
        this.setStatus(chain.caip, { lastError: null })
        if (!caughtUp) delay = 0
      } catch (error) {
        if (error instanceof LostRace) {
          delay = 0
        } else {
          failures += 1
          const message = errorMessage(error)
          // One line per outage, not one per retry.
          if (failures === 1) this.logger.warn(`indexer: ${chain.caip} at ${chain.config.rpcUrl} failed (${message}); retrying with backoff`)
          this.setStatus(chain.caip, { lastError: message })
          delay = Math.min(this.poll * 2 ** Math.min(failures, 10), this.maxBackoff)
        }
      }
      if (this.running && delay > 0) await this.sleep(delay)
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wakers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.wakers.add(done)
    })
  }

  private setStatus(chainId: string, patch: Partial<ChainIndexStatus>) {
    const current = this.status.get(chainId)
    if (current) Object.assign(current, patch)
  }

  private async stepChain(chain: ChainRuntime): Promise<boolean> {
    const { client, caip } = chain
    const [state] = await this.db.query<{ block_number: number; block_hash: string }>(
      'select block_number, block_hash from indexer_state where chain_id = $1',
      [caip],
    )
    const head = await client.getBlockNumber({ cacheTime: 0 })
    if (state) {
      if (head < BigInt(state.block_number)) {
        // A node behind the others (a lagging RPC, a replica of the node still syncing) has our blocks up to its
        // head; a restarted chain has others there. Only the latter is a reset: wiping on the former would throw
        // away every replica's history.
        const [ours] = await this.db.query<{ block_hash: string }>(
          'select block_hash from indexer_blocks where chain_id = $1 and block_number = $2',
          [caip, Number(head)],
        )
        const theirs = await client.getBlock({ blockNumber: head })
        if (ours && ours.block_hash === theirs.hash)
          throw new Error(`node is behind: head ${head} is below indexed block ${state.block_number} on the same chain; waiting`)
        await this.reset(chain, state, `head ${head} is below indexed block ${state.block_number} and block ${head} differs`)
        return false
      }
      const seen = await client.getBlock({ blockNumber: BigInt(state.block_number) })
      if (seen.hash !== state.block_hash) {
        await this.reset(chain, state, `block ${state.block_number} hash changed`)
        return false
      }
    }
    const from = state ? BigInt(state.block_number) + 1n : BigInt(chain.config.startBlock ?? 0)
    if (from > head) {
      this.setStatus(caip, { indexedBlock: state ? state.block_number : null })
      return true
    }
    const to = head < from + BigInt(this.batch) - 1n ? head : from + BigInt(this.batch) - 1n

    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const exchange = chain.config.exchange
    const [blocks, logs, unwraps] = await Promise.all([
      Promise.all(numbers.map((n) => client.getBlock({ blockNumber: n, includeTransactions: true }) as Promise<BlockWithTxs>)),
      client.request({
        method: 'eth_getLogs',
        params: [{ fromBlock: toHex(from), toBlock: toHex(to), topics: [TRANSFER_TOPIC] }],
      }) as Promise<RawLog[]>,
      // the exchange's WETH unwrapping for its router: the native currency a swap pays out leaves no Transfer log
      exchange
        ? (client.request({
            method: 'eth_getLogs',
            params: [{ fromBlock: toHex(from), toBlock: toHex(to), address: exchange.weth, topics: [WITHDRAWAL_TOPIC] }],
          }) as Promise<RawLog[]>)
        : Promise.resolve([]),
    ])

    // The batch must extend what is stored and be internally linked; otherwise the chain changed under us.
    let parent = state?.block_hash
    for (const [i, block] of blocks.entries()) {
      if (parent !== undefined && block.parentHash !== parent) {
        // The first block not extending what is stored is evidence of a reset; a break inside the batch only means
        // the node changed while we read it.
        if (i > 0 || !state) throw new Error(`${caip} changed while reading blocks ${from}-${to}; retrying`)
        await this.reset(chain, state, `block ${block.number} does not extend the indexed chain`)
        return false
      }
      parent = block.hash as string
    }
    const blockByHash = new Map(blocks.map((b) => [b.hash as string, b]))
    if ([...logs, ...unwraps].some((log) => !blockByHash.has(log.blockHash))) throw new Error('logs came from blocks outside the batch; retrying')

    const listed = new Set((await this.store.listedTokens(caip)).map((t) => t.address))
    const erc20Logs = logs.filter((l) => l.topics.length === 3 && l.data.length === 66)
    // ERC-721 Transfer: the same event with the token id indexed (4 topics, no data)
    const nftTransfers = nftTransfersOf(logs)
    const logTxs = new Set([...erc20Logs.map((l) => l.transactionHash), ...nftTransfers.map((t) => t.txHash)])

    // Transactions to record: moved native value, emitted transfers, or tried to call a listed token.
    const candidates = blocks.flatMap((block) =>
      block.transactions
        .filter((tx) => tx.value > 0n || logTxs.has(tx.hash) || (tx.to !== null && listed.has(tx.to.toLowerCase())))
        .map((tx) => ({ tx, block })),
    )
    const receipts = await Promise.all(candidates.map(({ tx }) => client.getTransactionReceipt({ hash: tx.hash })))

    const txRows: TxRow[] = []
    const transfers: TransferRow[] = []
    candidates.forEach(({ tx, block }, i) => {
      const receipt = receipts[i] as TransactionReceipt
      const ok = receipt.status === 'success'
      // A successful call to a token that moved nothing (approve, a view) is not activity.
      if (ok && tx.value === 0n && !logTxs.has(tx.hash)) return
      txRows.push({
        hash: tx.hash,
        blockNumber: Number(block.number),
        txIndex: tx.transactionIndex ?? receipt.transactionIndex,
        blockTime: Number(block.timestamp),
        from: tx.from.toLowerCase(),
        to: (tx.to ?? receipt.contractAddress ?? '').toLowerCase(),
        nonce: tx.nonce,
        status: ok ? 'confirmed' : 'failed',
      })
      // A reverted transaction moved nothing: it is listed (status failed) without transfers.
      if (ok && tx.value > 0n && tx.to) {
        transfers.push({ txHash: tx.hash, position: -1, token: null, from: tx.from.toLowerCase(), to: tx.to.toLowerCase(), amount: tx.value })
      }
    })
    for (const log of erc20Logs) {
      transfers.push({
        txHash: log.transactionHash,
        position: Number(BigInt(log.logIndex)),
        token: log.address.toLowerCase(),
        from: `0x${log.topics[1].slice(26)}`.toLowerCase(),
        to: `0x${log.topics[2].slice(26)}`.toLowerCase(),
        amount: BigInt(log.data),
      })
    }

    for (const t of nftTransfers) {
      transfers.push({ txHash: t.txHash, position: t.logIndex, token: t.contract, from: t.from, to: t.to, amount: 1n, tokenId: t.tokenId })
    }
    // a swap for the native currency: what the router paid the recipient (its logs exist only if the call succeeded)
    if (exchange && unwraps.length > 0) {
      const sent = new Map(candidates.map(({ tx }) => [tx.hash as string, tx]))
      for (const p of routerPayouts(exchange, sent, unwraps)) transfers.push({ ...p, token: null })
    }

    await this.learnTokens(chain, [...new Set(erc20Logs.map((l) => l.address.toLowerCase()))])
    await learnCollections(this.db, chain, [...new Set(nftTransfers.map((t) => t.contract))])

    // Who takes part: the sender, and both ends of every transfer (the zero address of mints and burns is not an account).
    const txByHash = new Map(txRows.map((t) => [t.hash, t]))
    const participants = new Map<string, { address: string; tx: TxRow }>()
    const add = (address: string, hash: string) => {
      const tx = txByHash.get(hash)
      if (!tx || address === ZERO_ADDRESS || address === '') return
      participants.set(`${address}|${hash}`, { address, tx })
    }
    // A failed transaction shows only in its sender's history: nobody else was touched.
    for (const tx of txRows) add(tx.from, tx.hash)
    for (const t of transfers) {
      add(t.from, t.txHash)
      add(t.to, t.txHash)
    }

    const last = blocks[blocks.length - 1]
    await this.db.transaction(async (tx) => {
      await this.advance(tx, caip, state, Number(last.number), last.hash as string)
      await tx.query(
        `insert into indexer_blocks (chain_id, block_number, block_hash)
         select $1, * from unnest($2::int8[], $3::text[]) on conflict do nothing`,
        [caip, blocks.map((b) => Number(b.number)), blocks.map((b) => b.hash as string)],
      )
      await this.insert(tx, caip, txRows, transfers, [...participants.values()])
      await recordNftOwnership(tx, caip, nftTransfers)
    })
    this.setStatus(caip, { indexedBlock: Number(last.number) })
    return to === head
  }

  /** Moves the stored progress, only if nobody else did since we read it. */
  private async advance(
    tx: Queryable,
    caip: string,
    state: { block_number: number; block_hash: string } | undefined,
    blockNumber: number,
    blockHash: string,
  ) {
    const rows = state
      ? await tx.query(
          `update indexer_state set block_number = $2, block_hash = $3, updated_at = now()
           where chain_id = $1 and block_number = $4 and block_hash = $5 returning chain_id`,
          [caip, blockNumber, blockHash, state.block_number, state.block_hash],
        )
      : await tx.query(
          `insert into indexer_state (chain_id, block_number, block_hash) values ($1, $2, $3)
           on conflict (chain_id) do nothing returning chain_id`,
          [caip, blockNumber, blockHash],
        )
    if (rows.length === 0) throw new LostRace(`${caip} was advanced by another indexer`)
  }

  private async insert(
    tx: Queryable,
    caip: string,
    txRows: TxRow[],
    transfers: TransferRow[],
    participants: { address: string; tx: TxRow }[],
  ) {
    // unnest() turns column arrays into rows: one round trip per table whatever the batch size.
    if (txRows.length > 0) {
      await tx.query(
        `insert into transactions (chain_id, hash, block_number, tx_index, block_time, from_address, to_address, nonce, status)
         select $1, * from unnest($2::text[], $3::int8[], $4::int4[], $5::int8[], $6::text[], $7::text[], $8::int8[], $9::text[])
         on conflict do nothing`,
        [
          caip,
          txRows.map((t) => t.hash),
          txRows.map((t) => t.blockNumber),
          txRows.map((t) => t.txIndex),
          txRows.map((t) => t.blockTime),
          txRows.map((t) => t.from),
          txRows.map((t) => t.to),
          txRows.map((t) => t.nonce),
          txRows.map((t) => t.status),
        ],
      )
    }
    if (transfers.length > 0) {
      await tx.query(
        `insert into transfers (chain_id, tx_hash, position, token_address, from_address, to_address, amount, token_id)
         select $1, * from unnest($2::text[], $3::int4[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[])
         on conflict do nothing`,
        [
          caip,
          transfers.map((t) => t.txHash),
          transfers.map((t) => t.position),
          transfers.map((t) => t.token),
          transfers.map((t) => t.from),
          transfers.map((t) => t.to),
          transfers.map((t) => t.amount.toString()),
          transfers.map((t) => (t.tokenId === undefined ? null : t.tokenId.toString())),
        ],
      )
    }
    if (participants.length > 0) {
      await tx.query(
        `insert into account_transactions (address, chain_id, tx_hash, block_time, block_number, tx_index)
         select a, $1, h, t, b, i from unnest($2::text[], $3::text[], $4::int8[], $5::int8[], $6::int4[]) as u(a, h, t, b, i)
         on conflict do nothing`,
        [
          caip,
          participants.map((p) => p.address),
          participants.map((p) => p.tx.hash),
          participants.map((p) => p.tx.blockTime),
          participants.map((p) => p.tx.blockNumber),
          participants.map((p) => p.tx.txIndex),
        ],
      )
    }
  }

  /** Reads name, symbol and decimals of tokens not yet known, so history can label their transfers. */
  private async learnTokens(chain: ChainRuntime, addresses: string[]) {
    if (addresses.length === 0) return
    const known = await this.store.tokens(addresses.map((address) => ({ chainId: chain.caip, address })))
    const unknown = addresses.filter((a) => !known.has(`${chain.caip}|${a}`))
    await Promise.all(
      unknown.map(async (address) => {
        const read = <T>(functionName: 'name' | 'symbol' | 'decimals') =>
          chain.client
            .readContract({ address: getAddress(address), abi: erc20Abi, functionName })
            .then((v) => v as T)
            .catch(() => null)
        const [name, symbol, decimals] = await Promise.all([read<string>('name'), read<string>('symbol'), read<number>('decimals')])
        await this.store.rememberToken({ chainId: chain.caip, address, name, symbol, decimals })
      }),
    )
  }

  /**
   * Forgets everything indexed on a chain; the next step starts over from the start block. Compare-and-set on the
   * progress this replica read: if another replica advanced or reset the chain since, its view is newer and
   * nothing is deleted (LostRace), so a replica acting on a stale read cannot wipe everyone's history.
   */
  private async reset(chain: ChainRuntime, state: { block_number: number; block_hash: string }, reason: string) {
    await this.db.transaction(async (tx) => {
      const claimed = await tx.query(
        'delete from indexer_state where chain_id = $1 and block_number = $2 and block_hash = $3 returning chain_id',
        [chain.caip, state.block_number, state.block_hash],
      )
      if (claimed.length === 0) throw new LostRace(`${chain.caip} moved on since it was read; not resetting`)
      this.logger.warn(`indexer: ${chain.caip} was reset (${reason}); reindexing from block ${chain.config.startBlock ?? 0}`)
      for (const table of ['account_transactions', 'transfers', 'transactions', 'indexer_blocks', 'balance_cache', 'nfts', 'nft_metadata', 'nft_collections'])
        await tx.query(`delete from ${table} where chain_id = $1`, [chain.caip])
      // Contracts met only in logs may not exist on the new chain; listed tokens are configuration and stay.
      await tx.query('delete from tokens where chain_id = $1 and not listed', [chain.caip])
    })
    this.setStatus(chain.caip, { indexedBlock: null })
    this.onReset(chain.caip)
  }
}
