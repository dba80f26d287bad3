import type { CaipNetworkLike, ChainAdapter, Connector } from '@portico/contracts/plugin'

/**
 * The solana adapter's methods send uses beyond the contract's surface (plugins/solana declares them as its
 * extras); found on the adapter of namespace `solana` and checked at runtime, so send imports nothing of it.
 */
export type SolanaSendAdapter = ChainAdapter & {
  /** Signs and submits a wire transaction through the wallet; returns the signature in base58. */
  signAndSendTransaction(params: { connector: Connector; address?: string; network?: CaipNetworkLike; transaction: Uint8Array }): Promise<string>
  /** SPL token holdings of an owner, one entry per mint. */
  getTokenBalances(params: { address: string; network: CaipNetworkLike }): Promise<{ mint: string; amount: bigint; decimals: number; balance: string }[]>
}

/** The solana adapter with what send needs, or an error naming what is missing. */
export function solanaAdapterOf(adapter: ChainAdapter | undefined): SolanaSendAdapter {
  const a = adapter as Partial<SolanaSendAdapter> | undefined
  if (!a || a.namespace !== 'solana') throw new Error('No solana adapter is registered.')
  if (typeof a.signAndSendTransaction !== 'function' || typeof a.getTokenBalances !== 'function')
    throw new Error('The solana adapter cannot build token transfers (it lacks signAndSendTransaction or getTokenBalances).')
  return a as SolanaSendAdapter
}
