import {
  FEATURED_WALLETS_COUNT,
  IMAGE_PRELOAD_TIMEOUT_MS,
  MIN_RETRY_INTERVAL_MS,
  RECOMMENDED_WALLETS_COUNT,
  WALLET_IMAGE_PREFETCH,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_PAGE_SIZE,
} from '@portico/contracts/spec'
import type { ActionLike, HttpClient, PorticoState } from '@portico/contracts/plugin'
import { GetWalletsResponseSchema, type GetWalletsResponse, type WalletListing } from './schemas.js'
import { selectWallets, walletsActions, type WalletsConfig, type WalletsState } from './slice.js'

/** What the registry calls need: the kernel's HTTP client and the store. */
export type WalletsDeps = {
  http: HttpClient
  dispatch: (action: ActionLike) => unknown
  getState: () => PorticoState
  now?: () => number
}

/** Query parameters of `/getWallets` the modal sends (SPEC §7). */
export type WalletsQuery = {
  page: number
  entries: number
  chains?: string
  include?: string
  exclude?: string
  search?: string
  badge_type?: 'none' | 'certified'
}

const list = (ids: readonly string[]) => (ids.length ? ids.join(',') : undefined)

/**
 * CAIP-2 ids of the host's networks, so the registry lists wallets that can use them: the defined networks and
 * the ones still waiting for their adapter (remote adapters may load after this plugin).
 */
export function chainsOf(state: { chains: Pick<PorticoState['chains'], 'networks' | 'pendingNetworkIds'> }): string | undefined {
  const { networks, pendingNetworkIds } = state.chains
  return list([...new Set([...networks.map((n) => n.caipNetworkId), ...pendingNetworkIds])])
}

/** One `/getWallets` call; throws on HTTP failure and on an answer that fails the contract. */
export async function getWallets(http: HttpClient, query: WalletsQuery, signal?: AbortSignal): Promise<GetWalletsResponse> {
  const response = await http.get({
    endpoint: 'registry',
    path: 'getWallets',
    query,
    schema: GetWalletsResponseSchema,
    ...(signal ? { signal } : {}),
  })
  if (!response) throw new Error('The wallet registry sent an answer that does not match its contract.')
  return response
}

function baseQuery(config: WalletsConfig, state: PorticoState, extraExclude: readonly string[] = []) {
  const chains = chainsOf(state)
  const include = list(config.includeWalletIds)
  const exclude = list([...config.excludeWalletIds, ...extraExclude])
  return { ...(chains ? { chains } : {}), ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) }
}

/**
 * Featured and recommended wallets, 4 each (SPEC §9), and the registry count. Featured are the host's
 * `featuredWalletIds` in the host's order, else the registry's certified wallets; recommended are the registry's
 * top wallets that are not featured. Runs once; after a failure, again on a later call (at most once a second).
 * Their images follow. Everything lands in the slice, which the Connect view's items are selected from.
 */
export function loadTopWallets(deps: WalletsDeps): Promise<void> {
  const running = topLoads.get(deps.http)
  if (running) return running
  const job = fetchTopWallets(deps).finally(() => topLoads.delete(deps.http))
  topLoads.set(deps.http, job)
  return job
}

/** The featured and recommended load in progress, per HTTP client (i.e. per kernel). */
const topLoads = new WeakMap<HttpClient, Promise<void>>()

async function fetchTopWallets(deps: WalletsDeps): Promise<void> {
  const now = deps.now ?? Date.now
  const wallets = selectWallets(deps.getState())
  if (wallets.topStatus === 'ready') return
  if (wallets.topFailedAt !== undefined && now() - wallets.topFailedAt < MIN_RETRY_INTERVAL_MS) return
  deps.dispatch(walletsActions.topRequested())
  const state = deps.getState()
  const { config } = wallets
  let featured: GetWalletsResponse
  let recommended: GetWalletsResponse
  try {
    const featuredIds = config.featuredWalletIds.slice(0, FEATURED_WALLETS_COUNT)
    featured = await getWallets(deps.http, {
      page: 1,
      entries: FEATURED_WALLETS_COUNT,
      ...baseQuery(config, state),
      ...(featuredIds.length ? { include: featuredIds.join(',') } : { badge_type: 'certified' as const }),
    })
    recommended = await getWallets(deps.http, {
      page: 1,
      entries: RECOMMENDED_WALLETS_COUNT,
      ...baseQuery(config, state, featured.data.map((w) => w.id)),
    })
  } catch {
    // SPEC §8: failed wallet fetches are swallowed; the views offer a retry
    deps.dispatch(walletsActions.topFailed({ at: now() }))
    return
  }
  deps.dispatch(walletsActions.topLoaded({ featured: featured.data, recommended: recommended.data, count: recommended.count + featured.data.length }))
  void prefetchImages(deps, [...featured.data, ...recommended.data])
}

/** Whether the full list has another page to load. */
export function hasMorePages(wallets: Pick<WalletsState, 'listCount' | 'page'>): boolean {
  return wallets.listCount === undefined || wallets.page * WALLET_PAGE_SIZE < wallets.listCount
}

/**
 * Loads the next page of 40 of the full list, leaving out the featured and recommended wallets (they are listed
 * above it). Does nothing while a page is loading or when every page is loaded.
 */
export async function loadNextPage(deps: WalletsDeps): Promise<void> {
  const state = deps.getState()
  const wallets = selectWallets(state)
  if (wallets.listStatus === 'loading' || !hasMorePages(wallets)) return
  const page = wallets.page + 1
  deps.dispatch(walletsActions.pageRequested())
  // the pages leave out featured and recommended: know them first
  await topLoads.get(deps.http)
  try {
    const { featured, recommended } = selectWallets(deps.getState())
    const shown = [...featured, ...recommended].map((w) => w.id)
    const response = await getWallets(deps.http, { page, entries: WALLET_PAGE_SIZE, ...baseQuery(wallets.config, state, shown) })
    deps.dispatch(walletsActions.pageLoaded({ page, data: response.data, count: response.count }))
    void prefetchImages(deps, response.data)
  } catch {
    deps.dispatch(walletsActions.pageFailed())
  }
}

/** Searches the registry: one call of 100 results (SPEC §9), images of the first 20 prefetched. Throws on failure. */
export async function searchWallets(deps: WalletsDeps, search: string, signal?: AbortSignal): Promise<WalletListing[]> {
  const state = deps.getState()
  const { config } = selectWallets(state)
  const response = await getWallets(deps.http, { page: 1, entries: WALLET_SEARCH_PAGE_SIZE, search, ...baseQuery(config, state) }, signal)
  void prefetchImages(deps, response.data)
  return response.data
}

// ---------------------------------------------------------------------------------------------------- images

type ImageLoader = { tried: Set<string>; pending: Record<string, string>; timer: ReturnType<typeof setTimeout> | undefined }
/** One loader per HTTP client, i.e. per kernel: ids already asked for, and answers waiting to be stored together. */
const loaders = new WeakMap<HttpClient, ImageLoader>()

function loaderFor(http: HttpClient): ImageLoader {
  let loader = loaders.get(http)
  if (!loader) loaders.set(http, (loader = { tried: new Set(), pending: {}, timer: undefined }))
  return loader
}

/**
 * Fetches wallet images through `getWalletImage/{image_id}` as object URLs (2 s timeout each) and stores them in
 * the slice, a batch at a time so a screenful of rows renders once. Each id is asked for once per kernel; a
 * failure leaves the monogram in place. Resolves `true` when images were stored.
 */
export async function loadImages(deps: WalletsDeps, imageIds: readonly (string | null | undefined)[]): Promise<boolean> {
  const loader = loaderFor(deps.http)
  const have = selectWallets(deps.getState()).images
  const ids = [...new Set(imageIds)].filter((id): id is string => Boolean(id) && !have[id!] && !loader.tried.has(id!))
  if (ids.length === 0) return false
  for (const id of ids) loader.tried.add(id)
  const flush = () => {
    if (loader.timer) clearTimeout(loader.timer)
    loader.timer = undefined
    const batch = loader.pending
    loader.pending = {}
    if (Object.keys(batch).length) deps.dispatch(walletsActions.imagesLoaded(batch))
  }
  let stored = false
  await Promise.all(
    ids.map(async (id) => {
      const url = await deps.http.getBlobUrl({
        endpoint: 'registry',
        path: `getWalletImage/${encodeURIComponent(id)}`,
        timeoutMs: IMAGE_PRELOAD_TIMEOUT_MS,
      })
      if (!url) return
      stored = true
      loader.pending[id] = url
      // images that come early show early; the rest follow together
      loader.timer ??= setTimeout(flush, 16)
    }),
  )
  flush()
  return stored
}

/** Prefetches the images of the first 20 wallets of a page (SPEC §9). */
export function prefetchImages(deps: WalletsDeps, wallets: readonly WalletListing[]): Promise<boolean> {
  return loadImages(
    deps,
    wallets.slice(0, WALLET_IMAGE_PREFETCH).map((w) => w.image_id),
  )
}
