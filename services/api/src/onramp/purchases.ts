import type { OnrampPurchase, OnrampPurchaseStatus } from '@portico/contracts/api'
import type { Queryable } from '../db/index.js'

/** A checkout row: who receives what, where, from which provider link. */
export interface CheckoutRecord {
  id: string
  projectId: string
  provider: string
  partnerUserId: string
  address: string
  chainId: string
  asset: string
  fiatCurrency: string
  presetFiatAmount: string | null
  presetCryptoAmount: string | null
  createdAt: Date
  expiresAt: Date
}

/** A purchase row. */
export interface PurchaseRecord {
  id: string
  checkoutId: string
  address: string
  chainId: string
  asset: string
  assetAddress: string | null
  fiatCurrency: string
  paymentMethod: string
  paymentSubtotal: string
  providerFee: string
  networkFee: string
  paymentTotal: string
  purchaseAmount: string
  purchaseUnits: bigint
  cardLast4: string
  status: OnrampPurchaseStatus
  error: string | null
  txHash: string | null
  rawTx: string | null
  sender: string | null
  nonce: number | null
  createdAt: Date
  updatedAt: Date
  completedAt: Date | null
}

interface PurchaseRow {
  id: string
  checkout_id: string
  address: string
  chain_id: string
  asset: string
  asset_address: string | null
  fiat_currency: string
  payment_method: string
  payment_subtotal: string
  provider_fee: string
  network_fee: string
  payment_total: string
  purchase_amount: string
  purchase_units: string
  card_last4: string
  status: OnrampPurchaseStatus
  error: string | null
  tx_hash: string | null
  raw_tx: string | null
  sender: string | null
  nonce: number | null
  created_at: Date
  updated_at: Date
  completed_at: Date | null
}

/** Columns of a purchase with numerics as text (both drivers agree on text). */
export const PURCHASE_COLUMNS = `id, checkout_id, address, chain_id, asset, asset_address, fiat_currency, payment_method,
  payment_subtotal::text as payment_subtotal, provider_fee::text as provider_fee, network_fee::text as network_fee,
  payment_total::text as payment_total, purchase_amount::text as purchase_amount, purchase_units::text as purchase_units,
  card_last4, status, error, tx_hash, raw_tx, sender, nonce, created_at, updated_at, completed_at`

/** numeric keeps the scale it was written with (`50.00`, `0.01638333`), so its text is the quote's text again. */
const fiatText = (s: string) => s
const tokenText = (s: string) => s

/** A row as a record. */
export function toPurchase(r: PurchaseRow): PurchaseRecord {
  return {
    id: r.id,
    checkoutId: r.checkout_id,
    address: r.address,
    chainId: r.chain_id,
    asset: r.asset,
    assetAddress: r.asset_address,
    fiatCurrency: r.fiat_currency,
    paymentMethod: r.payment_method,
    paymentSubtotal: fiatText(r.payment_subtotal),
    providerFee: fiatText(r.provider_fee),
    networkFee: fiatText(r.network_fee),
    paymentTotal: fiatText(r.payment_total),
    purchaseAmount: tokenText(r.purchase_amount),
    purchaseUnits: BigInt(r.purchase_units),
    cardLast4: r.card_last4,
    status: r.status,
    error: r.error,
    txHash: r.tx_hash,
    rawTx: r.raw_tx,
    sender: r.sender,
    nonce: r.nonce === null ? null : Number(r.nonce),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    completedAt: r.completed_at ? new Date(r.completed_at) : null,
  }
}

/** A purchase as the API shows it. */
export const purchaseView = (p: PurchaseRecord): OnrampPurchase => ({
  id: p.id,
  status: p.status,
  error: p.error,
  paymentTotal: { amount: p.paymentTotal, currency: p.fiatCurrency },
  purchaseAmount: { amount: p.purchaseAmount, currency: p.asset },
  network: p.chainId,
  txHash: p.txHash,
  createdAt: p.createdAt.toISOString(),
})

/** Typed access to the onramp tables. */
export class OnrampStore {
  constructor(private readonly db: Queryable) {}

  async insertCheckout(c: CheckoutRecord): Promise<void> {
    await this.db.query(
      `insert into onramp_checkouts (id, project_id, provider, partner_user_id, address, chain_id, asset, fiat_currency,
         preset_fiat_amount, preset_crypto_amount, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [c.id, c.projectId, c.provider, c.partnerUserId, c.address, c.chainId, c.asset, c.fiatCurrency, c.presetFiatAmount, c.presetCryptoAmount, c.createdAt, c.expiresAt],
    )
  }

  async checkout(id: string): Promise<CheckoutRecord | undefined> {
    const [r] = await this.db.query<Record<string, unknown>>(
      `select id, project_id, provider, partner_user_id, address, chain_id, asset, fiat_currency,
         preset_fiat_amount::text as preset_fiat_amount, preset_crypto_amount::text as preset_crypto_amount, created_at, expires_at
       from onramp_checkouts where id = $1`,
      [id],
    )
    if (!r) return undefined
    return {
      id: r.id as string,
      projectId: r.project_id as string,
      provider: r.provider as string,
      partnerUserId: r.partner_user_id as string,
      address: r.address as string,
      chainId: r.chain_id as string,
      asset: r.asset as string,
      fiatCurrency: r.fiat_currency as string,
      presetFiatAmount: (r.preset_fiat_amount as string | null) ?? null,
      presetCryptoAmount: (r.preset_crypto_amount as string | null) ?? null,
      createdAt: new Date(r.created_at as Date),
      expiresAt: new Date(r.expires_at as Date),
    }
  }

  async insertPurchase(p: Omit<PurchaseRecord, 'txHash' | 'rawTx' | 'sender' | 'nonce' | 'completedAt'>): Promise<void> {
    await this.db.query(
      `insert into onramp_purchases (id, checkout_id, address, chain_id, asset, asset_address, fiat_currency, payment_method,
         payment_subtotal, provider_fee, network_fee, payment_total, purchase_amount, purchase_units, card_last4, status, error,
         created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
      [
        p.id, p.checkoutId, p.address, p.chainId, p.asset, p.assetAddress, p.fiatCurrency, p.paymentMethod, p.paymentSubtotal,
        p.providerFee, p.networkFee, p.paymentTotal, p.purchaseAmount, p.purchaseUnits.toString(), p.cardLast4, p.status, p.error,
        p.createdAt, p.updatedAt,
      ],
    )
  }

  async purchase(id: string): Promise<PurchaseRecord | undefined> {
    const [r] = await this.db.query<PurchaseRow>(`select ${PURCHASE_COLUMNS} from onramp_purchases where id = $1`, [id])
    return r ? toPurchase(r) : undefined
  }

  /** The latest purchase attempt of a checkout. */
  async latestOfCheckout(checkoutId: string): Promise<PurchaseRecord | undefined> {
    const [r] = await this.db.query<PurchaseRow>(
      `select ${PURCHASE_COLUMNS} from onramp_purchases where checkout_id = $1 order by created_at desc, id desc limit 1`,
      [checkoutId],
    )
    return r ? toPurchase(r) : undefined
  }

  /**
   * Moves a purchase from `from` to `to` only if it is still in `from` (a conditional update: of two concurrent
   * callers, one wins); returns whether this call moved it.
   */
  async transition(id: string, from: OnrampPurchaseStatus, to: OnrampPurchaseStatus, at: Date, extra: { error?: string | null; completedAt?: Date } = {}): Promise<boolean> {
    const rows = await this.db.query(
      `update onramp_purchases set status = $3, updated_at = $4, error = coalesce($5, error), completed_at = coalesce($6, completed_at)
       where id = $1 and status = $2 returning id`,
      [id, from, to, at, extra.error ?? null, extra.completedAt ?? null],
    )
    return rows.length === 1
  }

  /** Purchases of an address that reached the chain (a delivering transaction exists), newest first. */
  async delivered(address: string, chainId: string | undefined, limit: number): Promise<PurchaseRecord[]> {
    const params: unknown[] = [address.toLowerCase(), limit]
    let where = 'lower(address) = $1 and tx_hash is not null'
    if (chainId) {
      params.push(chainId)
      where += ' and chain_id = $3'
    }
    const rows = await this.db.query<PurchaseRow>(`select ${PURCHASE_COLUMNS} from onramp_purchases where ${where} order by created_at desc, id desc limit $2`, params)
    return rows.map(toPurchase)
  }
}
