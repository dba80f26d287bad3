import type { OnrampOptionsResponse } from '@portico/contracts/api'
import type { ChainRuntime } from '../chains.js'
import { ApiProblem } from '../errors.js'
import type { DataStore } from '../store.js'
import { type OnrampSettings, PAYMENT_METHOD_LIMITS } from './config.js'

/** Something the sandbox sells on one chain. */
export interface SellableAsset {
  symbol: string
  name: string
  /** CAIP-2 id. */
  chainId: string
  /** The provider's name of the network (`anvil`, `anvil-2`), as in the options' `networks`. */
  network: string
  networkLabel: string
  /** The token contract, null for the native currency. */
  address: `0x${string}` | null
  decimals: number
  /** USD per whole token from the price table; undefined when the table has none (not sold then). */
  priceUsd: number | undefined
}

/** A chain's network name for the provider: its configured name as a slug (`Anvil 2` → `anvil-2`), else `eip155-<id>`. */
export const networkName = (chain: ChainRuntime) =>
  chain.config.name?.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `eip155-${chain.config.chainId}`

const invalid = (message: string, field: string) => new ApiProblem(400, 'VALIDATION_ERROR', message, [{ name: field, description: message }])

/**
 * What the sandbox sells: the configured assets (native currency and tokens, by symbol) on every served EVM chain,
 * priced from the api's price table. The treasury delivers them, so this is also what it must hold.
 */
export class OnrampCatalog {
  constructor(
    private readonly chains: ReadonlyMap<string, ChainRuntime>,
    private readonly store: DataStore,
    private readonly settings: Pick<OnrampSettings, 'assets' | 'fiatRates'>,
  ) {}

  /** Every sellable asset, in configured order per chain. */
  async assets(): Promise<SellableAsset[]> {
    const found: Omit<SellableAsset, 'priceUsd'>[] = []
    for (const chain of this.chains.values()) {
      const tokens = await this.store.listedTokens(chain.caip)
      const network = networkName(chain)
      const networkLabel = chain.config.name ?? network
      for (const symbol of this.settings.assets) {
        if (symbol.toUpperCase() === chain.native.symbol.toUpperCase()) {
          found.push({ symbol: chain.native.symbol, name: chain.native.name, chainId: chain.caip, network, networkLabel, address: null, decimals: chain.native.decimals })
          continue
        }
        const token = tokens.find((t) => t.symbol?.toUpperCase() === symbol.toUpperCase() && t.decimals !== null)
        if (token) found.push({ symbol: token.symbol!, name: token.name ?? token.symbol!, chainId: chain.caip, network, networkLabel, address: token.address as `0x${string}`, decimals: token.decimals! })
      }
    }
    const prices = await this.store.prices('usd', found.map((a) => ({ chainId: a.chainId, asset: a.address ?? 'native' })))
    return found.map((a) => ({ ...a, priceUsd: prices.get(`${a.chainId}|${a.address ?? 'native'}`) }))
  }

  /** GET /v1/onramp/options: purchase currencies (priced assets) with their networks, payment currencies with limits. */
  async options(): Promise<OnrampOptionsResponse> {
    const bySymbol = new Map<string, OnrampOptionsResponse['purchaseCurrencies'][number]>()
    for (const a of await this.assets()) {
      if (a.priceUsd === undefined) continue
      const entry = bySymbol.get(a.symbol) ?? { id: a.symbol, name: a.name, symbol: a.symbol, networks: [] }
      entry.networks.push({ name: a.network, display_name: a.networkLabel, chain_id: a.chainId.split(':')[1]!, contract_address: a.address ?? '' })
      bySymbol.set(a.symbol, entry)
    }
    return {
      paymentCurrencies: Object.keys(this.settings.fiatRates).map((id) => ({ id, payment_method_limits: PAYMENT_METHOD_LIMITS.map((l) => ({ ...l })) })),
      purchaseCurrencies: [...bySymbol.values()],
    }
  }

  /**
   * The asset `symbol` on `network` (a provider network name, a CAIP-2 id or a chain id); a 400 naming what is sold
   * when there is no such asset or it has no price.
   */
  async find(symbol: string, network: string): Promise<SellableAsset & { priceUsd: number }> {
    const assets = await this.assets()
    const onNetwork = assets.filter((a) => a.network === network || a.chainId === network || a.chainId === `eip155:${network}`)
    if (onNetwork.length === 0)
      throw invalid(`Unknown network ${JSON.stringify(network)}: expected one of ${[...new Set(assets.map((a) => a.network))].join(', ') || 'none'}`, 'network')
    const asset = onNetwork.find((a) => a.symbol.toUpperCase() === symbol.toUpperCase())
    if (!asset || asset.priceUsd === undefined)
      throw invalid(`${symbol} cannot be bought on ${network}: expected one of ${onNetwork.filter((a) => a.priceUsd !== undefined).map((a) => a.symbol).join(', ') || 'none'}`, 'purchaseCurrency')
    return { ...asset, priceUsd: asset.priceUsd }
  }

  /** USD per unit of `fiat`; a currency without a rate is a 400. */
  fiatRate(fiat: string): number {
    const rate = this.settings.fiatRates[fiat.toUpperCase()]
    if (rate === undefined)
      throw invalid(`Unsupported payment currency ${JSON.stringify(fiat)}: expected ${Object.keys(this.settings.fiatRates).join(' or ')}`, 'paymentCurrency')
    return rate
  }
}
