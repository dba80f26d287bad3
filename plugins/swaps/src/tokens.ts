import { NATIVE_TOKEN_PLACEHOLDER_ADDRESS } from '@portico/contracts/api'
import type { TokenBalance } from '@portico/plugin-portfolio'

/**
 * A token the swap view offers: SPEC §3's swap token (CAIP-10 `address`, numeric `decimals`, `logoUri`) with its
 * USD price and, when the account holds it, its balance as an exact decimal string. The native currency has the
 * 0xeeee…eeee placeholder address.
 */
export type SwapTokenItem = {
  name: string
  symbol: string
  address: string
  decimals: number
  logoUri: string
  price: number
  balance?: string
}

/** The contract part of a CAIP-10 address (`eip155:1:0xabc` → `0xabc`). */
export const addressOf = (caip: string) => caip.split(':').pop() ?? caip

/** Whether a swap token is the network's native currency. */
export const isNativeToken = (token: Pick<SwapTokenItem, 'address'>) => addressOf(token.address).toLowerCase() === NATIVE_TOKEN_PLACEHOLDER_ADDRESS

/** The CAIP-10 placeholder of a network's native currency. */
export const nativeAddress = (caipNetworkId: string) => `${caipNetworkId}:${NATIVE_TOKEN_PLACEHOLDER_ADDRESS}`

/** Two swap tokens are the same when their CAIP-10 addresses are (case aside). */
export const sameToken = (a: Pick<SwapTokenItem, 'address'> | undefined, b: Pick<SwapTokenItem, 'address'> | undefined) =>
  a !== undefined && b !== undefined && a.address.toLowerCase() === b.address.toLowerCase()

/** A balance of the portfolio as a swap token on `caipNetworkId` (the native one under the placeholder address). */
export function fromBalance(balance: TokenBalance, caipNetworkId: string): SwapTokenItem {
  return {
    name: balance.name,
    symbol: balance.symbol,
    address: balance.address ?? nativeAddress(caipNetworkId),
    decimals: Number(balance.quantity.decimals),
    logoUri: balance.iconUrl,
    price: balance.price,
    balance: balance.quantity.numeric,
  }
}

/**
 * The account's balances first (most valuable first), then the other listed tokens; one entry per address, the
 * balance and price of the account's reading kept. A held token the exchange does not list (no pool trades it) is
 * still offered: choosing it shows the no-route state instead of a token that seems to have vanished.
 */
export function mergeTokens(owned: readonly SwapTokenItem[], listed: readonly SwapTokenItem[]): SwapTokenItem[] {
  const byAddress = new Map<string, SwapTokenItem>()
  const listedByAddress = new Map(listed.map((t) => [t.address.toLowerCase(), t]))
  for (const t of [...owned].sort((a, b) => value(b) - value(a))) {
    const known = listedByAddress.get(t.address.toLowerCase())
    byAddress.set(t.address.toLowerCase(), { ...known, ...t, logoUri: t.logoUri || known?.logoUri || '', price: t.price || known?.price || 0 })
  }
  for (const t of listed) if (!byAddress.has(t.address.toLowerCase())) byAddress.set(t.address.toLowerCase(), t)
  return [...byAddress.values()]
}

const value = (t: SwapTokenItem) => Number(t.balance ?? 0) * t.price

/**
 * The tokens that match a search: by symbol or name (case and accents aside), or by address when the query looks
 * like one.
 *
 * @example
 * searchTokens(tokens, 'ptd')
 */
export function searchTokens(tokens: readonly SwapTokenItem[], query: string): SwapTokenItem[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
  const q = fold(query.trim())
  if (!q) return [...tokens]
  return tokens.filter((t) => fold(t.symbol).includes(q) || fold(t.name).includes(q) || addressOf(t.address).toLowerCase().startsWith(q))
}
