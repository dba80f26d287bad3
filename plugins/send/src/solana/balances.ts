import { truncateAddress } from '@portico/contracts/spec'
import type { TokenBalance } from '@portico/plugin-portfolio'
import type { SendBalancesKernel, SendTarget } from '../balances.js'
import { solanaAdapterOf } from './adapter.js'

/** The CAIP-10 address of an SPL mint on a network (`solana:<reference>:<mint>`), as balance lists write it. */
export const mintAddress = (caipNetworkId: string, mint: string) => `${caipNetworkId}:${mint}`

/** The mint of a token balance's CAIP-10 address. */
export const mintOf = (token: TokenBalance) => token.address?.split(':').pop()

/**
 * The picker's Solana list: the native entry of `listed` (the api's, with its price), and each SPL token the
 * account holds on the chain (the adapter's `getTokenBalances`), named and priced from `listed` when it knows the
 * mint, else by its shortened mint, unpriced. The chain says what is held: a listed token it does not hold is
 * dropped, and the quantities are the chain's.
 */
export async function solanaTokenBalances(kernel: SendBalancesKernel, target: SendTarget, listed: readonly TokenBalance[]): Promise<TokenBalance[]> {
  const adapter = solanaAdapterOf(kernel.getAdapter('solana'))
  const network = kernel.getState().chains.networks.find((n) => n.caipNetworkId === target.caipNetworkId)
  if (!network) return [...listed]
  const held = await adapter.getTokenBalances({ address: target.address, network })
  const tokens = held
    .filter((h) => h.amount > 0n && h.decimals > 0) // SPEC §5: 0-decimal tokens are dropped
    .map((h): TokenBalance => {
      const address = mintAddress(target.caipNetworkId, h.mint)
      const known = listed.find((b) => b.address === address)
      const price = known?.price ?? 0
      return {
        name: known?.name ?? truncateAddress(h.mint),
        symbol: known?.symbol ?? truncateAddress(h.mint),
        chainId: target.caipNetworkId,
        address,
        price,
        value: Number(h.balance) * price,
        quantity: { decimals: String(h.decimals), numeric: h.balance },
        iconUrl: known?.iconUrl ?? '',
      }
    })
  return [...listed.filter((b) => !b.address), ...tokens]
}
