import { randomBytes, randomUUID } from 'node:crypto'
import type {
  ApiTransaction,
  HistoryResponse,
  OnrampCheckoutResponse,
  OnrampOptionsResponse,
  OnrampProvider,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampUrlRequest,
  OnrampUrlResponse,
} from '@portico/contracts/api'
import { getAddress } from 'viem'
import type { IconUrlFor } from '../balances.js'
import type { ChainRuntime } from '../chains.js'
import type { Logger } from '../config.js'
import type { Database } from '../db/index.js'
import { ApiProblem } from '../errors.js'
import type { DataStore } from '../store.js'
import { CARD_ERRORS, SANDBOX_3DS_CODE, readCard } from './cards.js'
import { OnrampCatalog } from './catalog.js'
import { type OnrampSettings, SANDBOX_PROVIDER } from './config.js'
import { type CheckoutRecord, OnrampStore, type PurchaseRecord, purchaseView } from './purchases.js'
import { type OnrampPrice, priceOnramp } from './quote.js'
import { OnrampSettler, type SettlerOptions } from './settler.js'

const invalid = (message: string, field: string) => new ApiProblem(400, 'VALIDATION_ERROR', message, [{ name: field, description: message }])
const notFound = (message: string, field: string) => new ApiProblem(404, 'NOT_FOUND', message, [{ name: field, description: message }])

/** What a payment at the checkout ended in: a purchase (paid, declined or awaiting the 3-D Secure step) or a form error. */
export type PaymentResult =
  | { purchase: PurchaseRecord }
  | { error: string; field: 'amount' | 'currency' | 'number' | 'expiry' | 'cvc' | 'checkout' }

/** A checkout with what the page shows about it. */
export interface CheckoutDetails {
  checkout: CheckoutRecord
  providerLabel: string
  networkLabel: string
  decimals: number
  expired: boolean
  latest: PurchaseRecord | undefined
}

/**
 * The onramp endpoints and the sandbox card provider: options, quotes, checkout links, payments with test cards,
 * the purchases' history, and the settler that delivers paid purchases from the treasury.
 */
export class OnrampService {
  readonly catalog: OnrampCatalog
  readonly store: OnrampStore
  readonly settler: OnrampSettler

  constructor(
    db: Database,
    private readonly chains: ReadonlyMap<string, ChainRuntime>,
    dataStore: DataStore,
    readonly settings: OnrampSettings,
    private readonly logger: Logger,
    /** The sandbox's public origin, read when a link is made (it is known once the sandbox listens). */
    private readonly publicUrl: () => string,
    settlerOptions: Partial<SettlerOptions> = {},
  ) {
    this.catalog = new OnrampCatalog(chains, dataStore, settings)
    this.store = new OnrampStore(db)
    this.settler = new OnrampSettler(db, chains, { treasuryKey: settings.treasuryKey, logger, now: settings.now, ...settlerOptions })
  }

  /** Starts settling (when this process settles). */
  start(): void {
    if (this.settings.enabled && this.settings.settle) this.settler.start(this.settings.settleIntervalMs)
  }

  async stop(): Promise<void> {
    await this.settler.stop()
  }

  /** The configured providers with the networks they serve (every network something is sold on). */
  async providers(): Promise<OnrampProvider[]> {
    const chains = [...new Set((await this.catalog.assets()).filter((a) => a.priceUsd !== undefined).map((a) => a.chainId))]
    return this.settings.providers.map((p) => ({ label: p.label, name: p.name, feeRange: p.feeRange, url: p.url ?? this.publicUrl(), supportedChains: chains }))
  }

  options(): Promise<OnrampOptionsResponse> {
    return this.catalog.options()
  }

  /** Prices `amount` of `fiat` for `symbol` on `network` by `method`. */
  async price(symbol: string, network: string, fiat: string, amount: string | number, method = 'card'): Promise<OnrampPrice & { asset: Awaited<ReturnType<OnrampCatalog['find']>> }> {
    const asset = await this.catalog.find(symbol, network)
    const fiatRate = this.catalog.fiatRate(fiat)
    const price = priceOnramp({ amount, fiat: fiat.toUpperCase(), method, fiatRate, tokenPriceUsd: asset.priceUsd, decimals: asset.decimals, feePercent: this.settings.feePercent, networkFeeUsd: this.settings.networkFeeUsd })
    return { ...price, asset }
  }

  /** POST /v1/onramp/quote. */
  async quote(body: OnrampQuoteRequest): Promise<OnrampQuoteResponse> {
    const fiat = body.paymentCurrency.id.toUpperCase()
    const p = await this.price(body.purchaseCurrency.id, body.network, fiat, body.amount, body.paymentMethod ?? 'card')
    return {
      coinbaseFee: { amount: p.providerFee, currency: fiat },
      networkFee: { amount: p.networkFee, currency: fiat },
      paymentSubtotal: { amount: p.paymentSubtotal, currency: fiat },
      paymentTotal: { amount: p.paymentTotal, currency: fiat },
      purchaseAmount: { amount: p.purchaseAmount, currency: p.asset.symbol },
      quoteId: randomUUID(),
    }
  }

  /** POST /v1/generators/onrampurl: a checkout for the first destination wallet, and its page's URL. */
  async createCheckout(projectId: string, body: OnrampUrlRequest): Promise<OnrampUrlResponse> {
    const provider = body.provider ?? SANDBOX_PROVIDER
    if (!this.settings.providers.some((p) => p.name === provider))
      throw invalid(`Unknown onramp provider ${JSON.stringify(provider)}: expected ${this.settings.providers.map((p) => p.name).join(' or ')}`, 'provider')
    const wallet = body.destinationWallets[0]!
    if (!/^0x[0-9a-fA-F]{40}$/.test(wallet.address))
      throw invalid('Invalid address: expected 0x followed by 40 hex characters', 'destinationWallets.0.address')
    const network = body.defaultNetwork ?? wallet.blockchains?.[0]
    if (!network) throw invalid('defaultNetwork is required (or blockchains on the destination wallet)', 'defaultNetwork')
    const assets = await this.catalog.assets()
    const symbol = wallet.assets?.[0] ?? assets.find((a) => a.network === network || a.chainId === network)?.symbol ?? ''
    const asset = await this.catalog.find(symbol, network)
    const fiat = (body.fiatCurrency ?? 'USD').toUpperCase()
    this.catalog.fiatRate(fiat)
    const now = this.settings.now()
    const checkout: CheckoutRecord = {
      id: randomBytes(16).toString('base64url'),
      projectId,
      provider,
      partnerUserId: body.partnerUserId,
      address: getAddress(wallet.address),
      chainId: asset.chainId,
      asset: asset.symbol,
      fiatCurrency: fiat,
      presetFiatAmount: body.presetFiatAmount !== undefined ? body.presetFiatAmount.toFixed(2) : null,
      presetCryptoAmount: body.presetCryptoAmount !== undefined ? String(body.presetCryptoAmount) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.checkoutTtlMs),
    }
    await this.store.insertCheckout(checkout)
    return { url: `${this.publicUrl()}/onramp/checkout/${checkout.id}`, checkoutId: checkout.id }
  }

  /** A checkout and its latest purchase; unknown is a 404. */
  async details(checkoutId: string): Promise<CheckoutDetails> {
    const checkout = /^[A-Za-z0-9_-]{8,64}$/.test(checkoutId) ? await this.store.checkout(checkoutId) : undefined
    if (!checkout) throw notFound('Unknown checkout: open the link the modal made again.', 'checkoutId')
    const asset = (await this.catalog.assets()).find((a) => a.chainId === checkout.chainId && a.symbol === checkout.asset)
    return {
      checkout,
      providerLabel: this.settings.providers.find((p) => p.name === checkout.provider)?.label ?? checkout.provider,
      networkLabel: asset?.networkLabel ?? checkout.chainId,
      decimals: asset?.decimals ?? 18,
      expired: checkout.expiresAt.getTime() <= this.settings.now().getTime(),
      latest: await this.store.latestOfCheckout(checkout.id),
    }
  }

  /** GET /v1/onramp/checkouts/{id}. */
  async checkoutView(checkoutId: string): Promise<OnrampCheckoutResponse> {
    const { checkout, latest } = await this.details(checkoutId)
    return { id: checkout.id, provider: checkout.provider, address: checkout.address, network: checkout.chainId, asset: checkout.asset, purchase: latest ? purchaseView(latest) : null }
  }

  /**
   * A payment at the checkout: the amount priced as a quote would be, the card read (test cards only); a declined
   * card is recorded with the provider's message, a paid purchase is left to the settler.
   */
  async pay(checkoutId: string, form: { amount: string; currency: string; number: string; expiry: string; cvc: string }): Promise<PaymentResult> {
    const { checkout, expired, latest } = await this.details(checkoutId)
    if (expired) return { error: 'This checkout has expired: start again from the modal.', field: 'checkout' }
    if (latest && latest.status !== 'declined' && latest.status !== 'failed')
      return { error: 'This checkout is already paid: follow your purchase below.', field: 'checkout' }
    let price: Awaited<ReturnType<OnrampService['price']>>
    try {
      price = await this.price(checkout.asset, checkout.chainId, form.currency, form.amount)
    } catch (error) {
      if (error instanceof ApiProblem) return { error: error.message, field: error.reasons[0]?.name === 'paymentCurrency' ? 'currency' : 'amount' }
      throw error
    }
    const card = readCard(form, this.settings.now())
    if ('error' in card) return { error: card.error, field: card.field }
    const now = this.settings.now()
    const status = card.outcome === 'success' ? 'paid' : card.outcome === 'authenticate' ? 'authenticating' : 'declined'
    const error = card.outcome === 'declined' ? CARD_ERRORS.declined : card.outcome === 'insufficient_funds' ? CARD_ERRORS.insufficientFunds : null
    const purchase: Omit<PurchaseRecord, 'txHash' | 'rawTx' | 'sender' | 'nonce' | 'completedAt'> = {
      id: randomBytes(12).toString('base64url'),
      checkoutId: checkout.id,
      address: checkout.address,
      chainId: checkout.chainId,
      asset: price.asset.symbol,
      assetAddress: price.asset.address,
      fiatCurrency: form.currency.toUpperCase(),
      paymentMethod: 'card',
      paymentSubtotal: price.paymentSubtotal,
      providerFee: price.providerFee,
      networkFee: price.networkFee,
      paymentTotal: price.paymentTotal,
      purchaseAmount: price.purchaseAmount,
      purchaseUnits: price.units,
      cardLast4: card.last4,
      status,
      error,
      createdAt: now,
      updatedAt: now,
    }
    await this.store.insertPurchase(purchase)
    this.logger.info(`onramp purchase ${purchase.id}: ${purchase.paymentTotal} ${purchase.fiatCurrency} for ${purchase.purchaseAmount} ${purchase.asset} → ${status}`)
    return { purchase: (await this.store.purchase(purchase.id))! }
  }

  /** The 3-D Secure step: the right code pays the purchase, a wrong one declines it. */
  async authenticate(purchaseId: string, code: string): Promise<PurchaseRecord> {
    const purchase = await this.purchase(purchaseId)
    if (purchase.status === 'authenticating') {
      const ok = code.trim() === SANDBOX_3DS_CODE
      await this.store.transition(purchase.id, 'authenticating', ok ? 'paid' : 'declined', this.settings.now(), ok ? {} : { error: CARD_ERRORS.authenticationFailed })
    }
    return this.purchase(purchaseId)
  }

  /** A purchase by id; unknown is a 404. */
  async purchase(purchaseId: string): Promise<PurchaseRecord> {
    const purchase = /^[A-Za-z0-9_-]{8,64}$/.test(purchaseId) ? await this.store.purchase(purchaseId) : undefined
    if (!purchase) throw notFound('Unknown purchase.', 'purchaseId')
    return purchase
  }

  /** History with `onramp`: the account's purchases that reached the chain, newest first, as transactions. */
  async history(address: string, chainId: string | undefined, iconUrl: IconUrlFor, limit = 50): Promise<HistoryResponse> {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { data: [], next: null }
    const label = (name: string) => this.settings.providers.find((p) => p.name === name)?.label ?? name
    const rows = await this.store.delivered(address, chainId, limit)
    const data: ApiTransaction[] = rows.map((p) => {
      const chain = this.chains.get(p.chainId)
      const native = p.assetAddress === null ? chain?.native : undefined
      return {
        id: `onramp:${p.id}`,
        metadata: {
          operationType: 'receive',
          hash: p.txHash!,
          chain: p.chainId,
          minedAt: (p.completedAt ?? p.updatedAt).toISOString(),
          sentFrom: getAddress(p.sender!),
          sentTo: getAddress(p.address),
          status: p.status === 'completed' ? 'confirmed' : p.status === 'failed' ? 'failed' : 'pending',
          nonce: p.nonce ?? 0,
          application: { name: label(SANDBOX_PROVIDER) },
        },
        transfers: [
          {
            fungible_info: { name: native?.name ?? p.asset, symbol: p.asset, icon: { url: native?.iconUrl ?? iconUrl('token', p.asset) } },
            direction: 'in',
            quantity: { numeric: p.purchaseAmount },
          },
        ],
      }
    })
    return { data, next: null }
  }
}
