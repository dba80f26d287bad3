import { isAddress } from '@portico/contracts/spec'
import * as z from 'zod/mini'
import type { BitcoinContext, ParamsOf } from './context.js'

/** `value` (an integer amount of the smallest unit) as a decimal string with `decimals` places, trailing zeros cut. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

const Sats = z.number().check(z.refine((n) => Number.isSafeInteger(n) && n >= 0, 'Expected a whole number of satoshis.'))
const Stats = z.object({ funded_txo_sum: Sats, spent_txo_sum: Sats })
/** Esplora's `GET /address/{address}` (mempool.space, blockstream.info, electrs). */
const AddressStatsSchema = z.object({ chain_stats: Stats, mempool_stats: z.optional(Stats) })

/**
 * The BTC balance of an address, confirmed plus unconfirmed, from the network's Esplora API (`GET /address/{address}`,
 * the network's first http URL, 10 s timeout).
 */
export async function getBalance(ctx: BitcoinContext, { address, network }: ParamsOf<'getBalance'>): Promise<{ balance: string; symbol: string }> {
  if (!isAddress(address, 'bip122')) throw ctx.errors.invalidAddress(address)
  const own = ctx.networks.find((n) => n.caipNetworkId === network.caipNetworkId) ?? network
  const base = [...own.rpcUrls.default.http, ...(own.rpcUrls.chainDefault?.http ?? [])].find((u) => /^https?:\/\//.test(u))
  if (!base) throw ctx.errors.rpcMissing(network.name)
  let body: unknown
  try {
    const response = await (ctx.fetch ?? fetch)(`${base.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`, { signal: AbortSignal.timeout(10_000) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    body = await response.json()
  } catch (error) {
    throw ctx.errors.rpcFailed(network.name, error)
  }
  const parsed = AddressStatsSchema.safeParse(body)
  if (!parsed.success) throw ctx.errors.rpcFailed(network.name, new Error(`unexpected answer: ${parsed.error.issues[0]?.message}`))
  const { chain_stats: chain, mempool_stats: mempool } = parsed.data
  const sats = BigInt(chain.funded_txo_sum - chain.spent_txo_sum) + BigInt((mempool?.funded_txo_sum ?? 0) - (mempool?.spent_txo_sum ?? 0))
  return { balance: formatUnits(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
}
