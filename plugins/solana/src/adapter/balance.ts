import { address as toAddress, isAddress } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { CaipNetworkLike } from '@portico/contracts/plugin'
import { readRpc, type ParamsOf, type SolanaContext } from './context.js'

/** `value` (an integer amount of the smallest unit) as a decimal string with `decimals` places, trailing zeros cut. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/** The SOL balance of an address on a network's RPC, in SOL. */
export async function getBalance(ctx: SolanaContext, { address, network }: ParamsOf<'getBalance'>): Promise<{ balance: string; symbol: string }> {
  if (!isAddress(address)) throw ctx.errors.invalidAddress(address)
  const { value } = await readRpc(ctx, network, (rpc) => rpc.getBalance(toAddress(address), { commitment: 'confirmed' }).send())
  return { balance: formatUnits(BigInt(value), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
}

/** An SPL token holding: the mint, the raw amount summed over the owner's token accounts, and its decimals. */
export type SplTokenBalance = { mint: string; amount: bigint; decimals: number; balance: string }

type ParsedTokenAccount = { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } }

/**
 * The SPL token balances of an owner (`getTokenAccountsByOwner`, jsonParsed, SPL Token program), one entry per
 * mint, in the node's order. Accounts the node could not parse are skipped.
 */
export async function getTokenBalances(ctx: SolanaContext, { address, network }: { address: string; network: CaipNetworkLike }): Promise<SplTokenBalance[]> {
  if (!isAddress(address)) throw ctx.errors.invalidAddress(address)
  const { value } = await readRpc(ctx, network, (rpc) =>
    rpc.getTokenAccountsByOwner(toAddress(address), { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed', commitment: 'confirmed' }).send(),
  )
  const byMint = new Map<string, { amount: bigint; decimals: number }>()
  for (const { account } of value) {
    const info = (account.data as { parsed?: { info?: ParsedTokenAccount } }).parsed?.info
    const mint = info?.mint
    const amount = info?.tokenAmount?.amount
    const decimals = info?.tokenAmount?.decimals
    if (typeof mint !== 'string' || !isAddress(mint) || typeof amount !== 'string' || !/^\d+$/.test(amount) || typeof decimals !== 'number') continue
    const held = byMint.get(mint)
    byMint.set(mint, { amount: (held?.amount ?? 0n) + BigInt(amount), decimals })
  }
  return [...byMint].map(([mint, { amount, decimals }]) => ({ mint, amount, decimals, balance: formatUnits(amount, decimals) }))
}
