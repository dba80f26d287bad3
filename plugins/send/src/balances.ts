import type { ChainNamespace, PorticoState } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { sendActions } from './slice.js'

/** The account whose balances the picker offers: the active namespace's connected address on the active network. */
export type SendTarget = { namespace: ChainNamespace; address: string; caipNetworkId: string }

/** The active account and network, or `undefined` when nothing is connected. */
export function sendTarget(state: PorticoState): SendTarget | undefined {
  const { activeNamespace: namespace, activeCaipNetworkId: caipNetworkId, accounts } = state.chains
  const account = namespace ? accounts[namespace] : undefined
  if (!namespace || !account?.address || account.status !== 'connected' || !caipNetworkId?.startsWith(`${namespace}:`)) return undefined
  return { namespace, address: account.address, caipNetworkId }
}

/** Whose balances a list is (`caipNetworkId|address`). */
export const targetKey = (target: SendTarget) => `${target.caipNetworkId}|${target.address}`

/**
 * The native balance from the kernel's account state, for when the balance list lacks it (an api that does not
 * know the network): priced 0, which the fee check reads as "price unknown".
 */
export function nativeFromAccount(state: PorticoState): TokenBalance | undefined {
  const target = sendTarget(state)
  const account = target ? state.chains.accounts[target.namespace] : undefined
  const network = state.chains.networks.find((n) => n.caipNetworkId === target?.caipNetworkId)
  if (!target || !network || account?.balance === undefined) return undefined
  const { name, symbol, decimals } = network.nativeCurrency
  return { name, symbol, chainId: target.caipNetworkId, price: 0, value: 0, quantity: { decimals: String(decimals), numeric: account.balance }, iconUrl: network.assets?.imageUrl ?? '' }
}

/** Most valuable first; equal values keep the order they came in. */
export function sortByValue(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (y.b.value ?? 0) - (x.b.value ?? 0) || x.i - y.i)
    .map(({ b }) => b)
}

/** What reading the balances needs from the kernel. */
export type SendBalancesKernel = Pick<Kernel, 'getState' | 'store' | 'extensions' | 'getAdapter'>

/**
 * Reads the balances the token picker offers into the send slice: the portfolio plugin's reading (through its
 * `portfolio/api`, when it is there), on Solana with the SPL quantities read from the chain, most valuable first,
 * the native currency always there. `forceUpdate` bypasses the caches (after a send).
 */
export async function loadSendBalances(kernel: SendBalancesKernel, forceUpdate = false): Promise<void> {
  const target = sendTarget(kernel.getState())
  if (!target) return
  const key = targetKey(target)
  kernel.store.dispatch(sendActions.balancesRequested({ key }))
  let balances: TokenBalance[] = []
  let failed = false
  try {
    const portfolio = kernel.extensions.read('portfolio/api')[0]
    balances = (await portfolio?.balances({ forceUpdate })) ?? []
  } catch (error) {
    console.warn('[send] reading balances failed:', error) // eslint-disable-line no-console
    failed = true
  }
  if (target.namespace === 'solana') {
    try {
      const { solanaTokenBalances } = await import('./solana/balances.js')
      balances = await solanaTokenBalances(kernel, target, balances)
      failed = false
    } catch (error) {
      console.warn('[send] reading token balances from the chain failed:', error) // eslint-disable-line no-console
      failed = true
    }
  }
  const native = nativeFromAccount(kernel.getState())
  if (native && !balances.some((b) => !b.address)) balances = [...balances, native]
  if (failed && balances.length === 0) kernel.store.dispatch(sendActions.balancesFailed({ key }))
  else kernel.store.dispatch(sendActions.balancesLoaded({ key, balances: sortByValue(balances) }))
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
