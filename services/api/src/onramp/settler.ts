import { randomUUID } from 'node:crypto'
import { encodeFunctionData, erc20Abi, keccak256, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainRuntime } from '../chains.js'
import type { Logger } from '../config.js'
import type { Database, Queryable } from '../db/index.js'
import { OnrampStore, PURCHASE_COLUMNS, type PurchaseRecord, toPurchase } from './purchases.js'

/** Gas of a plain transfer and of an ERC-20 transfer (the test token's is ~52k; kept with headroom). */
const NATIVE_GAS = 21_000n
const TOKEN_GAS = 90_000n
/** A settling transfer the chain never confirms within this long is marked failed. */
const SETTLE_GIVE_UP_MS = 5 * 60_000

/** Options of {@link OnrampSettler}. */
export interface SettlerOptions {
  treasuryKey: Hex
  logger: Logger
  now: () => Date
  /** This settler's id (logs and `claimed_by`). */
  id?: string
  /** Called after a transfer is signed and stored, before it is broadcast (tests simulate a crash there). */
  beforeBroadcast?: (purchase: PurchaseRecord) => Promise<void> | void
}

const isKnown = (error: unknown) => /already known|known transaction|nonce too low|already imported/i.test(String((error as Error)?.message ?? error))

/**
 * Delivers paid purchases from the treasury account. Each purchase is claimed with a conditional update
 * (`paid` → `settling`) and its transfer signed and stored in the same database transaction, under a row lock on
 * the treasury's nonce, so however many settlers run (replicas, restarts) a purchase has exactly one transfer:
 * broadcasting that same signed transfer again is harmless, and one nonce cannot be mined twice. On start, and on
 * every pass, transfers stored but not yet confirmed are broadcast again and followed to their receipt.
 */
export class OnrampSettler {
  readonly id: string
  private readonly account: ReturnType<typeof privateKeyToAccount>
  private readonly store: OnrampStore
  private timer: ReturnType<typeof setTimeout> | null = null
  private running: Promise<unknown> | null = null
  private stopped = true

  constructor(
    private readonly db: Database,
    private readonly chains: ReadonlyMap<string, ChainRuntime>,
    private readonly options: SettlerOptions,
  ) {
    this.id = options.id ?? randomUUID()
    this.account = privateKeyToAccount(options.treasuryKey)
    this.store = new OnrampStore(db)
  }

  /** The treasury address. */
  get treasury(): `0x${string}` {
    return this.account.address
  }

  /** Settles every `intervalMs` until stopped (passes never overlap). */
  start(intervalMs: number): void {
    if (!this.stopped) return
    this.stopped = false
    const tick = async () => {
      if (this.stopped) return
      this.running = this.settleOnce().catch((error: unknown) => this.options.logger.warn(`onramp settlement pass failed: ${String(error)}`))
      await this.running
      if (!this.stopped) this.timer = setTimeout(() => void tick(), intervalMs)
    }
    void tick()
  }

  /** Stops after the current pass. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }

  /** One pass: resumes stored transfers, then claims, signs and sends every paid purchase. Returns how many it claimed. */
  async settleOnce(): Promise<number> {
    const pending = await this.db.query<Parameters<typeof toPurchase>[0]>(
      `select ${PURCHASE_COLUMNS} from onramp_purchases where status in ('paid', 'settling') order by created_at`,
    )
    // idle (the common case): one read, no transaction
    if (pending.length === 0) return 0
    for (const row of pending) if (row.status === 'settling' && row.raw_tx) await this.deliver(toPurchase(row))
    if (!pending.some((row) => row.status === 'paid')) return 0
    let claimed = 0
    for (;;) {
      const purchase = await this.claim()
      if (!purchase) break
      claimed++
      await this.options.beforeBroadcast?.(purchase)
      await this.deliver(purchase)
    }
    return claimed
  }

  /** Claims the oldest paid purchase and stores its signed transfer, in one transaction; undefined when none is paid. */
  private async claim(): Promise<PurchaseRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<Parameters<typeof toPurchase>[0]>(
        `update onramp_purchases set status = 'settling', claimed_by = $1, updated_at = $2
         where id = (select id from onramp_purchases where status = 'paid' order by created_at, id limit 1 for update skip locked)
           and status = 'paid'
         returning ${PURCHASE_COLUMNS}`,
        [this.id, this.options.now()],
      )
      if (!row) return undefined
      const purchase = toPurchase(row)
      const chain = this.chains.get(purchase.chainId)
      if (!chain) {
        await tx.query(`update onramp_purchases set status = 'failed', error = $2 where id = $1`, [purchase.id, 'The network of this purchase is no longer served. Your card was not charged.'])
        return { ...purchase, status: 'failed' as const }
      }
      const nonce = await this.nextNonce(tx, chain)
      const fees = await chain.client.estimateFeesPerGas()
      const request = purchase.assetAddress
        ? { to: purchase.assetAddress as `0x${string}`, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [purchase.address as `0x${string}`, purchase.purchaseUnits] }), gas: TOKEN_GAS }
        : { to: purchase.address as `0x${string}`, value: purchase.purchaseUnits, gas: NATIVE_GAS }
      const raw = await this.account.signTransaction({
        ...request,
        chainId: chain.config.chainId,
        nonce,
        type: 'eip1559',
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      })
      const hash = keccak256(raw)
      await tx.query(`update onramp_purchases set raw_tx = $2, tx_hash = $3, sender = $4, nonce = $5 where id = $1`, [purchase.id, raw, hash, this.treasury, nonce])
      await tx.query(`update onramp_treasury_nonces set next_nonce = $3 where chain_id = $1 and address = $2`, [chain.caip, this.treasury.toLowerCase(), nonce + 1])
      return { ...purchase, rawTx: raw, txHash: hash, sender: this.treasury, nonce }
    })
  }

  /**
   * The treasury's next nonce on `chain`, under a row lock held until the transaction ends: after the chain's pending
   * count and after every transfer signed but not yet confirmed (those the chain may not have seen yet).
   */
  private async nextNonce(tx: Queryable, chain: ChainRuntime): Promise<number> {
    const address = this.treasury.toLowerCase()
    await tx.query(`insert into onramp_treasury_nonces (chain_id, address, next_nonce) values ($1, $2, 0) on conflict do nothing`, [chain.caip, address])
    await tx.query(`select next_nonce from onramp_treasury_nonces where chain_id = $1 and address = $2 for update`, [chain.caip, address])
    const [signed] = await tx.query<{ next: number | null }>(
      `select max(nonce) + 1 as next from onramp_purchases where chain_id = $1 and lower(sender) = $2 and status = 'settling' and raw_tx is not null`,
      [chain.caip, address],
    )
    const onChain = await chain.client.getTransactionCount({ address: this.treasury, blockTag: 'pending' })
    return Math.max(onChain, Number(signed?.next ?? 0))
  }

  /** Broadcasts a stored transfer (again, if need be) and records its outcome once it is mined. */
  private async deliver(purchase: PurchaseRecord): Promise<void> {
    if (purchase.status !== 'settling' || !purchase.rawTx || !purchase.txHash) return
    const chain = this.chains.get(purchase.chainId)
    if (!chain) return
    const hash = purchase.txHash as Hex
    try {
      await chain.client.sendRawTransaction({ serializedTransaction: purchase.rawTx as Hex })
    } catch (error) {
      if (!isKnown(error)) {
        this.options.logger.warn(`onramp purchase ${purchase.id}: broadcasting ${hash} failed: ${String((error as Error).message ?? error)}`)
        if (this.options.now().getTime() - purchase.updatedAt.getTime() > SETTLE_GIVE_UP_MS)
          await this.store.transition(purchase.id, 'settling', 'failed', this.options.now(), { error: 'The tokens could not be sent. Your payment is refunded.' })
        return
      }
    }
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 30_000 }).catch(() => undefined)
    if (!receipt) return // not mined yet: the next pass looks again
    const at = this.options.now()
    if (receipt.status === 'success') await this.store.transition(purchase.id, 'settling', 'completed', at, { completedAt: at })
    else await this.store.transition(purchase.id, 'settling', 'failed', at, { error: 'The transfer of your tokens failed on the network. Your payment is refunded.' })
  }
}
