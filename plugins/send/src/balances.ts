import type { PorticoState } from '@portico/contracts/plugin'
import { balancesFromApi, balancesFromWallet, balanceTarget, dropLowQualityTokens, sortByValue, targetKey, type PortfolioDeps, type TokenBalance } from '@portico/plugin-portfolio'
import { sendActions } from './slice.js'

/**
 * The native balance from the kernel's account state, for when the balance list lacks it (an api that does not
 * know the network): priced 0, which the fee check reads as "price unknown".
 */
export function nativeFromAccount(state: PorticoState): TokenBalance | undefined {
  const target = balanceTarget(state)
  const account = target ? state.chains.accounts[target.namespace] : undefined
  const network = state.chains.networks.find((n) => n.caipNetworkId === target?.caipNetworkId)
  if (!target || !network || account?.balance === undefined) return undefined
  const { name, symbol, decimals } = network.nativeCurrency
  return { name, symbol, chainId: target.caipNetworkId, price: 0, value: 0, quantity: { decimals: String(decimals), numeric: account.balance }, iconUrl: network.assets?.imageUrl ?? '' }
}

/**
 * Reads the balances the token picker offers, the way the portfolio plugin reads them (the wallet's asset
 * discovery, else the balance endpoint, through the same cached HTTP client), into the send slice: most valuable
 * first, 0-decimal tokens dropped, the native currency always there. `forceUpdate` bypasses the caches (after a
 * send).
 */
export async function loadSendBalances(deps: PortfolioDeps, forceUpdate = false): Promise<void> {
  const state = deps.getState()
  const target = balanceTarget(state)
  if (!target) return
  const key = targetKey(target)
  deps.dispatch(sendActions.balancesRequested({ key }))
  let balances: TokenBalance[] = []
  let failed = false
  try {
    if (await deps.http.isNetworkSupported(target.caipNetworkId)) {
      balances = dropLowQualityTokens((await balancesFromWallet(deps, target)) ?? (await balancesFromApi(deps, target, forceUpdate)))
    }
  } catch (error) {
    deps.warn?.('send: reading balances failed:', error)
    failed = true
  }
  const native = nativeFromAccount(deps.getState())
  if (native && !balances.some((b) => !b.address)) balances = [...balances, native]
  if (failed && balances.length === 0) deps.dispatch(sendActions.balancesFailed({ key }))
  else deps.dispatch(sendActions.balancesLoaded({ key, balances: sortByValue(balances) }))
}

/**
 * The native balance the fee check reads: the entry of the token list (for its price) with the quantity the
 * kernel last read from the chain, which is fresher than a cached balance answer.
 */
export function liveNative(balances: readonly TokenBalance[], state: PorticoState): TokenBalance | undefined {
  const listed = balances.find((b) => !b.address)
  const fromChain = nativeFromAccount(state)
  if (!listed) return fromChain
  return fromChain ? { ...listed, quantity: fromChain.quantity } : listed
}
