import type { ApiWalletListing, GetWalletsQuery, GetWalletsResponse } from '@portico/contracts/api'
import { WALLET_CATALOG, syntheticWallets } from './catalog.js'

const namespaceOf = (caip: string) => caip.split(':')[0]

/**
 * The wallet registry: the catalog (plus optional synthetic entries) held in memory, since it is static data that
 * every replica ships; filtering a few thousand entries per request takes well under a millisecond.
 */
export class WalletRegistry {
  readonly wallets: readonly ApiWalletListing[]
  private readonly byId: Map<string, ApiWalletListing>
  private readonly byImageId: Map<string, ApiWalletListing>
  // Lowercased search text per wallet, computed once.
  private readonly haystack: Map<string, string>

  constructor(options: { synthetic?: number } = {}) {
    this.wallets = [...WALLET_CATALOG, ...syntheticWallets(options.synthetic ?? 0)]
    this.byId = new Map(this.wallets.map((w) => [w.id, w]))
    this.byImageId = new Map(this.wallets.map((w) => [w.image_id, w]))
    this.haystack = new Map(this.wallets.map((w) => [w.id, `${w.name} ${w.rdns ?? ''} ${w.id}`.toLowerCase()]))
  }

  /** The wallet whose image id this is. */
  byImage(imageId: string): ApiWalletListing | undefined {
    return this.byImageId.get(imageId)
  }

  /** The wallet with this id. */
  get(id: string): ApiWalletListing | undefined {
    return this.byId.get(id)
  }

  /**
   * One page of the list. `chains` keeps wallets supporting any requested namespace; `include` keeps only the given
   * ids (in the order given, as the modal uses it for featured wallets); `exclude` drops ids; `search` matches name,
   * rdns or id (exact name first, then name prefix, then the rest in catalog order); `badge_type` keeps that badge.
   */
  list(query: Pick<GetWalletsQuery, 'page' | 'entries' | 'chains' | 'include' | 'exclude' | 'search' | 'badge_type'>): GetWalletsResponse {
    const split = (s: string | undefined) => (s ? s.split(',').filter(Boolean) : [])
    const namespaces = new Set(split(query.chains).map(namespaceOf))
    const include = split(query.include)
    const exclude = new Set(split(query.exclude))
    const search = query.search?.trim().toLowerCase() ?? ''

    let candidates: ApiWalletListing[] = include.length
      ? include.map((id) => this.byId.get(id)).filter((w): w is ApiWalletListing => w !== undefined)
      : [...this.wallets]
    candidates = candidates.filter(
      (w) =>
        !exclude.has(w.id) &&
        (namespaces.size === 0 || w.chains.some((c) => namespaces.has(namespaceOf(c)))) &&
        (query.badge_type === undefined || w.badge_type === query.badge_type) &&
        (search === '' || (this.haystack.get(w.id) as string).includes(search)),
    )
    if (search !== '') {
      const rank = (w: ApiWalletListing) => {
        const name = w.name.toLowerCase()
        return name === search ? 0 : name.startsWith(search) ? 1 : 2
      }
      // Array.prototype.sort is stable, so equal ranks keep catalog order.
      candidates.sort((a, b) => rank(a) - rank(b))
    }
    const start = (query.page - 1) * query.entries
    return { count: candidates.length, data: candidates.slice(start, start + query.entries) }
  }
}
