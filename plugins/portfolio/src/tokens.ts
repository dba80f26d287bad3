import { WalletGetAssetsResponseSchema, type TokenBalance, type WalletAsset } from './schemas.js'

/** `value` (an integer amount of the smallest unit) as a decimal string with `decimals` places, trailing zeros cut. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/** The chain id as `wallet_getCapabilities` and `wallet_getAssets` key it: `0x` hex. */
export const toHexChainId = (chainId: number | string) => `0x${BigInt(chainId).toString(16)}`

/**
 * Whether the wallet declares asset discovery (EIP-7811) for the chain in its `wallet_getCapabilities` answer,
 * per chain or for all chains (`0x0`).
 */
export function supportsAssetDiscovery(capabilities: unknown, chainIdHex: string): boolean {
  const byChain = capabilities as Record<string, { assetDiscovery?: { supported?: unknown } } | undefined> | null
  if (!byChain || typeof byChain !== 'object') return false
  return [chainIdHex, '0x0'].some((k) => byChain[k]?.assetDiscovery?.supported === true)
}

/** A `wallet_getAssets` asset as a token balance of SPEC §3 (native assets have no address). */
export function assetToBalance(asset: WalletAsset, chainId: number | string): TokenBalance {
  const { name, symbol, decimals, price, iconUrl } = asset.metadata
  const numeric = formatUnits(BigInt(asset.balance), decimals)
  return {
    name,
    symbol,
    chainId: `eip155:${chainId}`,
    ...(asset.type === 'NATIVE' ? {} : { address: `eip155:${chainId}:${asset.address}` }),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl,
  }
}

/**
 * The balances in a `wallet_getAssets` answer for the chain, or `undefined` when the answer fails the wallet-asset
 * validation (SPEC §5: then it is ignored whole).
 */
export function balancesFromAssets(response: unknown, chainId: number | string): TokenBalance[] | undefined {
  const parsed = WalletGetAssetsResponseSchema.safeParse(response)
  if (!parsed.success) return undefined
  return (parsed.data[toHexChainId(chainId)] ?? []).map((asset) => assetToBalance(asset, chainId))
}

/** SPEC §5: tokens with 0 decimals are dropped as low quality. */
export function dropLowQualityTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((b) => b.quantity.decimals !== '0')
}

/** Most valuable first; equal values keep the order they came in. */
export function sortByValue(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (y.b.value ?? 0) - (x.b.value ?? 0) || x.i - y.i)
    .map(({ b }) => b)
}

/** The sum of the balances' fiat values. */
export function totalValue(balances: readonly TokenBalance[]): number {
  return balances.reduce((sum, b) => sum + (Number.isFinite(b.value) ? (b.value as number) : 0), 0)
}
