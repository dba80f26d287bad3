import type { CaipNetworkLike, ChainNamespace, PorticoState } from '@portico/contracts/plugin'
import type {} from '@portico/plugin-portfolio'

/** A token shown on the Receive view: its symbol and, where the balances know it, its icon. */
export type ReceivableToken = { symbol: string; name: string; iconUrl: string | undefined }

/**
 * The configured networks an address of `namespace` can receive on: every network of that namespace (one EVM
 * address is the same account on every EVM chain), the active one first.
 */
export function receivableNetworks(networks: readonly CaipNetworkLike[], namespace: ChainNamespace | undefined, active?: string): CaipNetworkLike[] {
  if (!namespace) return []
  const mine = networks.filter((n) => n.chainNamespace === namespace)
  return [...mine.filter((n) => n.caipNetworkId === active), ...mine.filter((n) => n.caipNetworkId !== active)]
}

const EMPTY: ReceivableToken[] = []
let last: { balances: unknown; tokens: ReceivableToken[] } | undefined

/**
 * The tokens the account already holds on the active network (from the portfolio plugin's balances, when it
 * is there and has read them), once per symbol: they are what a sender most likely sends. Memoised on the
 * balances array so selectors return the same list for the same state.
 */
export function selectReceivableTokens(state: PorticoState): ReceivableToken[] {
  const balances = state.portfolio?.balances
  if (!balances?.length) return EMPTY
  if (last?.balances === balances) return last.tokens
  const seen = new Set<string>()
  const tokens: ReceivableToken[] = []
  for (const b of balances) {
    if (seen.has(b.symbol)) continue
    seen.add(b.symbol)
    tokens.push({ symbol: b.symbol, name: b.name, iconUrl: b.iconUrl || undefined })
  }
  last = { balances, tokens }
  return tokens
}
