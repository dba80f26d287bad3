import { RPC_TIMEOUT_MS } from '@portico/contracts/spec'
import type { CaipNetworkLike, ChainAdapter, Connector, TransactionRequest } from '@portico/contracts/plugin'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { balanceUnits, isNative, NATIVE_TRANSFER_GAS, unitsToDecimal } from './amounts.js'

/** Gas a token transfer is assumed to take when the adapter cannot estimate. */
export const TOKEN_TRANSFER_GAS = 65_000n

/**
 * The network's gas price in wei, asked of its own RPC (`eth_gasPrice`) rather than the wallet, which may not
 * answer reads. TODO: SPEC §7's `GET /v1/convert/gas-price` once the reference api serves it.
 */
export async function readGasPrice(network: CaipNetworkLike, fetcher: typeof fetch = fetch): Promise<bigint> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL to read the gas price from.`)
  const response = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_gasPrice', params: [] }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
  const body = (await response.json()) as { result?: unknown }
  if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.result)) throw new Error('The RPC sent no gas price.')
  return BigInt(body.result)
}

export type FeeEstimate = { gas: bigint; gasPrice: bigint; fee: bigint }

/** The transaction's gas (the adapter's estimate on the network's RPC, else a typical figure) and its fee. */
export async function estimateFee(params: {
  adapter: ChainAdapter | undefined
  connector: Connector | undefined
  address: string
  network: CaipNetworkLike
  transaction: TransactionRequest
  fetcher?: typeof fetch
}): Promise<FeeEstimate> {
  const { adapter, connector, address, network, transaction } = params
  const [gasPrice, gas] = await Promise.all([
    readGasPrice(network, params.fetcher),
    adapter?.estimateGas && connector
      ? adapter.estimateGas({ connector, address, network, transaction })
      : Promise.resolve(transaction.data ? TOKEN_TRANSFER_GAS : NATIVE_TRANSFER_GAS),
  ])
  return { gas, gasPrice, fee: gas * gasPrice }
}

/** The fee and the native balance in USD at the native currency's price (0 when unknown). */
export function feeInUsd(fee: bigint, native: TokenBalance | undefined, decimals: number): { gasPriceInUSD: number; networkBalanceInUSD: string } {
  const price = native?.price ?? 0
  const gasPriceInUSD = Number(unitsToDecimal(fee, decimals)) * price
  const networkBalanceInUSD = String(native ? Number(native.quantity.numeric) * price : 0)
  return { gasPriceInUSD, networkBalanceInUSD }
}

/**
 * SPEC §5: "Insufficient gas" when the native balance in USD is zero or below the fee in USD; smart accounts
 * skip the check. Where the native currency has no price, the same comparison is made in the currency itself.
 * Sending the native currency, its amount counts too: the balance must cover the amount and the fee.
 */
export function isInsufficientGas(params: {
  fee: bigint
  native: TokenBalance | undefined
  token: TokenBalance
  units: bigint
  smartAccount?: boolean
  decimals: number
}): boolean {
  const { fee, native, token, units, smartAccount, decimals } = params
  if (smartAccount) return false
  if (!native) return true
  const balance = balanceUnits(native)
  const spent = isNative(token) ? units + fee : fee
  if (balance < spent) return true
  if (native.price > 0) {
    const { gasPriceInUSD, networkBalanceInUSD } = feeInUsd(fee, native, decimals)
    return Number(networkBalanceInUSD) === 0 || Number(networkBalanceInUSD) < gasPriceInUSD
  }
  return false
}

/**
 * A fee in the native currency with three significant digits (`0.0000315 ETH`): a balance's floor to 3 decimals
 * would show most fees as `0.000`. The locale writes the digits.
 */
export function formatFee(fee: bigint, decimals: number, symbol: string, locale = 'en-US'): string {
  const value = Number(unitsToDecimal(fee, decimals))
  const text = new Intl.NumberFormat(locale.startsWith('en') ? 'en-US' : locale, { maximumSignificantDigits: 3, maximumFractionDigits: 20 }).format(value)
  return `${text} ${symbol}`
}
