import type { ActionLike, ChainNamespace, HttpClient, PorticoState, ToastVariant } from '@portico/contracts/plugin'
import { NftsResponseSchema, type Nft, type NftsResponse } from './schemas.js'
import { nftsActions, selectNfts } from './slice.js'

/** What loading NFTs needs from the kernel. */
export type NftsDeps = {
  http: HttpClient
  dispatch: (action: ActionLike) => unknown
  getState: () => PorticoState
  toast: (message: string, variant: ToastVariant) => void
  t: (key: string, params?: Record<string, string | number>) => string
  warn?: (...args: unknown[]) => void
}

/** Namespaces whose accounts the NFT endpoint serves (ERC-721 on EVM chains). */
export const NFT_NAMESPACES: readonly ChainNamespace[] = ['eip155']

/** While the tab shows, the NFTs are read again this often, so a token received meanwhile appears by itself. */
export const NFTS_REFRESH_MS = 15_000

/** The account whose NFTs show: the active namespace's connected address on the active network. */
export type NftsTarget = { namespace: ChainNamespace; address: string; caipNetworkId: string }

/** The active account and network, or `undefined` when nothing is connected. */
export function nftsTarget(state: PorticoState): NftsTarget | undefined {
  const { activeNamespace: namespace, activeCaipNetworkId: caipNetworkId, accounts } = state.chains
  const account = namespace ? accounts[namespace] : undefined
  if (!namespace || !account?.address || account.status !== 'connected' || !caipNetworkId?.startsWith(`${namespace}:`)) return undefined
  return { namespace, address: account.address, caipNetworkId }
}

/** The slice key of a target. */
export const nftsKey = (target: NftsTarget) => `${target.caipNetworkId}|${target.address}`

/** The stable test id of a card: `nft-<contract>-<tokenId>` (ARCHITECTURE). */
export const nftTestId = (nft: Pick<Nft, 'contract' | 'tokenId'>) => `nft-${nft.contract}-${nft.tokenId}`

async function fetchPage(deps: NftsDeps, target: NftsTarget, cursor?: string): Promise<NftsResponse> {
  const page = await deps.http.get({
    path: `v1/account/${encodeURIComponent(target.address)}/nfts`,
    query: { chainId: target.caipNetworkId, ...(cursor ? { cursor } : {}) },
    schema: NftsResponseSchema,
  })
  // the kernel logged why; a broken answer is a failure to the visitor, not an empty collection
  if (!page) throw new Error('The NFT endpoint sent an answer that does not match its contract.')
  return { data: page.data.filter((n) => n.chainId === target.caipNetworkId), next: page.next }
}

export type LoadNftsOptions = {
  /** Refresh a loaded grid in place (the periodic refresh): a failure keeps what is shown and toasts nothing. */
  quiet?: boolean
}

/**
 * Loads the first page of the active account's NFTs on the active network (most recently received first). Empty,
 * saying why, on networks the api does not serve; on failure the error state with a toast.
 *
 * @example
 * await loadNfts(nftsDeps(kernel))
 */
export async function loadNfts(deps: NftsDeps, options: LoadNftsOptions = {}): Promise<void> {
  const target = nftsTarget(deps.getState())
  if (!target) {
    deps.dispatch(nftsActions.nftsReset())
    return
  }
  const key = nftsKey(target)
  const current = selectNfts(deps.getState())
  if (current.key === key && (current.status === 'loading' || current.loadingMore)) return
  if (options.quiet) {
    // only a grid on screen is refreshed, in place: no skeleton, no error state, no toast
    if (current.key !== key || current.status !== 'ready' || current.emptyReason !== 'none') return
    try {
      const page = await fetchPage(deps, target)
      const now = selectNfts(deps.getState())
      // pages added by "show more" would be undone by this first page
      if (now.key === key && now.status === 'ready' && !now.loadingMore && now.pages === 1)
        deps.dispatch(nftsActions.nftsLoaded({ key, nfts: page.data, next: page.next }))
    } catch (error) {
      deps.warn?.('nfts refresh:', error)
    }
    return
  }
  deps.dispatch(nftsActions.nftsRequested({ key }))
  try {
    if (!NFT_NAMESPACES.includes(target.namespace) || !(await deps.http.isNetworkSupported(target.caipNetworkId))) {
      deps.dispatch(nftsActions.nftsLoaded({ key, nfts: [], next: null, emptyReason: 'unsupported-network' }))
      return
    }
    const page = await fetchPage(deps, target)
    deps.dispatch(nftsActions.nftsLoaded({ key, nfts: page.data, next: page.next }))
  } catch (error) {
    deps.warn?.('nfts:', error)
    deps.dispatch(nftsActions.nftsFailed({ key }))
    deps.toast(deps.t('nfts.failed'), 'error')
  }
}

/**
 * Loads the next page by cursor, when there is one and nothing else is loading.
 *
 * @example
 * await loadMoreNfts(nftsDeps(kernel))
 */
export async function loadMoreNfts(deps: NftsDeps): Promise<void> {
  const target = nftsTarget(deps.getState())
  const current = selectNfts(deps.getState())
  if (!target || current.key !== nftsKey(target) || current.status !== 'ready' || !current.next || current.loadingMore) return
  const key = current.key
  const cursor = current.next
  deps.dispatch(nftsActions.moreRequested())
  try {
    const page = await fetchPage(deps, target, cursor)
    deps.dispatch(nftsActions.moreLoaded({ key, cursor, nfts: page.data, next: page.next }))
  } catch (error) {
    deps.warn?.('more nfts:', error)
    deps.dispatch(nftsActions.moreFailed({ key }))
  }
}
