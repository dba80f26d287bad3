import type { AccountTab, WalletFeature } from './extensionPoints.js'

/** SPEC §2 wallet feature order; features it does not name follow in contribution order. */
export const WALLET_FEATURE_ORDER: readonly string[] = ['onramp', 'swaps', 'receive', 'send']

/**
 * Orders the wallet features onramp, swaps, receive, send, keeping only those contributed (once each).
 *
 * @example
 * sortWalletFeatures([{ id: 'send', ... }, { id: 'onramp', ... }]) // onramp, send
 */
export function sortWalletFeatures<F extends Pick<WalletFeature, 'id'>>(features: readonly F[], order: readonly string[] = WALLET_FEATURE_ORDER): F[] {
  const rank = (f: F) => {
    const i = order.indexOf(f.id)
    return i === -1 ? order.length : i
  }
  const seen = new Set<string>()
  return features
    .map((f, index) => ({ f, index }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.index - b.index)
    .map(({ f }) => f)
    .filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)))
}

/**
 * The Account view's tabs: the defaults (Tokens, NFTs, Activity) with contributed tabs replacing a default of
 * the same id in place, and new ids appended in contribution order.
 */
export function mergeAccountTabs(defaults: readonly AccountTab[], contributed: readonly AccountTab[]): AccountTab[] {
  const tabs = [...defaults]
  for (const tab of contributed) {
    const i = tabs.findIndex((t) => t.id === tab.id)
    if (i === -1) tabs.push(tab)
    else tabs[i] = tab
  }
  return tabs
}
