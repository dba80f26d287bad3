import { BALANCE_NAMESPACES, CACHE_EXPIRY, TOKEN_BALANCE_RETRY_MS } from '@portico/contracts/spec'
import {
  type ActionLike,
  type ChainAdapter,
  type ChainNamespace,
  type Connector,
  type HttpClient,
  type PorticoState,
  type ToastVariant,
} from '@portico/contracts/plugin'
import { BalanceResponseSchema, type TokenBalance } from './schemas.js'
import { portfolioActions, selectPortfolio } from './slice.js'
import { balancesFromAssets, dropLowQualityTokens, supportsAssetDiscovery, toHexChainId } from './tokens.js'

/** What fetching balances needs from the kernel. */
export type PortfolioDeps = {
  http: HttpClient
  dispatch: (action: ActionLike) => unknown
  getState: () => PorticoState
  getAdapter: (namespace: ChainNamespace) => ChainAdapter | undefined
  getConnector: (id: string) => Connector | undefined
  toast: (message: string, variant: ToastVariant) => void
  t: (key: string, params?: Record<string, string | number>) => string
  warn?: (...args: unknown[]) => void
  now?: () => number
}

/** The account whose balances show: the active namespace's connected address on the active network. */
export type BalanceTarget = { namespace: ChainNamespace; address: string; caipNetworkId: string; chainId: string; connectorId: string | undefined }

/** The active account and network, or `undefined` when nothing is connected. */
export function balanceTarget(state: PorticoState): BalanceTarget | undefined {
  const { activeNamespace: namespace, activeCaipNetworkId: caipNetworkId, accounts } = state.chains
  const account = namespace ? accounts[namespace] : undefined
  if (!namespace || !account?.address || account.status !== 'connected' || !caipNetworkId?.startsWith(`${namespace}:`)) return undefined
  return { namespace, address: account.address, caipNetworkId, chainId: caipNetworkId.slice(namespace.length + 1), connectorId: account.connectorId }
}

/** The slice key of a target. */
export const targetKey = (target: BalanceTarget) => `${target.caipNetworkId}|${target.address}`

/** Seconds left before a retry is allowed, 0 when it is. */
export function retryWaitSeconds(failedAt: number | undefined, now: number): number {
  if (failedAt === undefined) return 0
  const left = failedAt + TOKEN_BALANCE_RETRY_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/**
 * Balances from the wallet itself, when it declares asset discovery for the chain (EIP-5792 capabilities, EIP-7811
 * `wallet_getAssets`). `undefined` whenever that does not work out: no such capability, a wallet error, an answer
 * that fails validation. The caller then asks the balance endpoint, silently (SPEC §7).
 */
export async function balancesFromWallet(deps: PortfolioDeps, target: BalanceTarget): Promise<TokenBalance[] | undefined> {
  if (target.namespace !== 'eip155' || !target.connectorId) return undefined
  const adapter = deps.getAdapter('eip155')
  const connector = deps.getConnector(target.connectorId)
  if (!adapter?.getCapabilities || !adapter.request || !connector) return undefined
  try {
    const chainIdHex = toHexChainId(target.chainId)
    const capabilities = await adapter.getCapabilities({ connector, address: target.address })
    if (!supportsAssetDiscovery(capabilities, chainIdHex)) return undefined
    const response = await adapter.request({ connector, method: 'wallet_getAssets', params: [{ account: target.address, chainFilter: [chainIdHex] }] })
    const balances = balancesFromAssets(response, target.chainId)
    if (!balances) deps.warn?.('ignored a wallet_getAssets answer that fails the wallet-asset validation:', response)
    return balances
  } catch (error) {
    deps.warn?.('wallet_getAssets failed; reading the balance endpoint instead:', error)
    return undefined
  }
}

/** Balances from `GET /v1/account/{address}/balance` (cached 30 s; `forceUpdate` bypasses both caches). */
export async function balancesFromApi(deps: PortfolioDeps, target: BalanceTarget, forceUpdate: boolean): Promise<TokenBalance[]> {
  const response = await deps.http.get({
    path: `v1/account/${encodeURIComponent(target.address)}/balance`,
    query: { currency: 'usd', chainId: target.caipNetworkId, ...(forceUpdate ? { forceUpdate: 'true' } : {}) },
    schema: BalanceResponseSchema,
    cacheMs: CACHE_EXPIRY.portfolio,
    forceUpdate,
  })
  // the kernel logged why; a broken answer is a failure to the visitor, not an empty wallet
  if (!response) throw new Error('The balance endpoint sent an answer that does not match its contract.')
  return response.balances.filter((b) => b.chainId === target.caipNetworkId)
}

export type RefreshOptions = {
  /** Bypass the caches (the refresh button). */
  forceUpdate?: boolean
  /** The visitor asked (refresh or retry button): say so when the 30 s wait after a failure is not over. */
  manual?: boolean
}

const inflight = new WeakMap<HttpClient, Map<string, Promise<void>>>()

/**
 * Fetches the active account's token balances on the active network into the slice: from the wallet when it
 * declares asset discovery, else from the balance endpoint; empty when the network is unsupported; tokens with 0
 * decimals dropped. A failure shows "Token Balance Unavailable" and blocks retries for 30 s; a retry asked for
 * in that time shows "Please try again after {n} seconds" instead (SPEC §5, §8).
 */
export function refreshTokenBalances(deps: PortfolioDeps, options: RefreshOptions = {}): Promise<void> {
  const target = balanceTarget(deps.getState())
  if (!target) {
    deps.dispatch(portfolioActions.balancesInvalidated())
    return Promise.resolve()
  }
  const key = targetKey(target)
  const running = inflight.get(deps.http) ?? new Map<string, Promise<void>>()
  inflight.set(deps.http, running)
  const jobKey = `${key}|${options.forceUpdate ? 'force' : ''}`
  const existing = running.get(jobKey)
  if (existing) return existing
  const job = fetchBalances(deps, target, key, options).finally(() => running.delete(jobKey))
  running.set(jobKey, job)
  return job
}

async function fetchBalances(deps: PortfolioDeps, target: BalanceTarget, key: string, options: RefreshOptions): Promise<void> {
  const now = deps.now ?? Date.now
  const wait = retryWaitSeconds(selectPortfolio(deps.getState()).failedAt, now())
  if (wait > 0) {
    if (options.manual) deps.toast(deps.t('portfolio.retryAfter', { count: wait }), 'error')
    else deps.dispatch(portfolioActions.balancesFailed({ key, at: selectPortfolio(deps.getState()).failedAt! }))
    return
  }
  // requested first: the slice ignores an answer for another key than the one it holds (another namespace's list)
  deps.dispatch(portfolioActions.balancesRequested({ key }))
  if (!(BALANCE_NAMESPACES as readonly string[]).includes(target.namespace)) {
    deps.dispatch(portfolioActions.balancesLoaded({ key, balances: [], emptyReason: 'unsupported-network' }))
    return
  }
  try {
    if (!(await deps.http.isNetworkSupported(target.caipNetworkId))) {
      deps.dispatch(portfolioActions.balancesLoaded({ key, balances: [], emptyReason: 'unsupported-network' }))
      return
    }
    const fromWallet = await balancesFromWallet(deps, target)
    const balances = fromWallet ?? (await balancesFromApi(deps, target, Boolean(options.forceUpdate)))
    deps.dispatch(portfolioActions.balancesLoaded({ key, balances: dropLowQualityTokens(balances), source: fromWallet ? 'wallet' : 'api' }))
  } catch (error) {
    deps.warn?.('token balances:', error)
    deps.dispatch(portfolioActions.balancesFailed({ key, at: now() }))
    deps.toast(deps.t('portfolio.unavailable'), 'error')
  }
}
