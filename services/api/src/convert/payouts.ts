import { type Hex, decodeFunctionData, parseAbi } from 'viem'
import type { ExchangeConfig } from '../config.js'

/** keccak256("Withdrawal(address,uint256)"): WETH9 unwrapped `wad` for `src` (topic 1). */
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/** Router02 calls that unwrap WETH and pay the native currency on to their `to` argument (a plain internal call, no log). */
const payingAbi = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHWithPermit(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)',
  'function removeLiquidityETHWithPermitSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)',
])

/** The least of a log the payout reading needs (an eth_getLogs item). */
export interface PayoutLog {
  address: string
  topics: string[]
  data: string
  transactionHash: string
  logIndex: string
}

/** The least of a transaction the payout reading needs. */
export interface PayoutTx {
  hash: string
  to: string | null
  input: Hex
}

/** Native currency the router paid out inside a transaction, as a transfer row (lowercase addresses). */
export interface NativePayout {
  txHash: string
  /** The Withdrawal log's index: unique within the transaction, and after the transfers that led to it. */
  position: number
  from: string
  to: string
  amount: bigint
}

/**
 * The native currency a Uniswap V2 Router02 paid out in successful transactions sent to it: the router unwraps WETH
 * (a Withdrawal log of the exchange's WETH with the router as `src`) and forwards the ether to the call's `to`
 * argument in an internal call that leaves no log, so a swap of tokens for ETH would otherwise show only the tokens
 * given. Logs of other contracts, other `src`, or transactions not calling a paying router function are ignored.
 *
 * @example
 * const payouts = routerPayouts(chain.config.exchange, txsByHash, withdrawalLogs)
 * // [{ txHash, position: 7, from: router, to: visitor, amount: 11_930_000_000_000_000n }]
 */
export function routerPayouts(exchange: ExchangeConfig, txs: ReadonlyMap<string, PayoutTx>, logs: readonly PayoutLog[]): NativePayout[] {
  const router = exchange.router.toLowerCase()
  const weth = exchange.weth.toLowerCase()
  const payouts: NativePayout[] = []
  for (const log of logs) {
    if (log.address.toLowerCase() !== weth || log.topics[0] !== WITHDRAWAL_TOPIC || log.topics.length !== 2) continue
    if (`0x${log.topics[1]!.slice(26)}`.toLowerCase() !== router) continue
    const tx = txs.get(log.transactionHash)
    if (!tx || tx.to?.toLowerCase() !== router) continue
    let recipient: string
    try {
      const call = decodeFunctionData({ abi: payingAbi, data: tx.input })
      recipient = (call.functionName.startsWith('swap') ? call.args[3] : call.args[4]) as string
    } catch {
      continue
    }
    payouts.push({ txHash: tx.hash, position: Number(BigInt(log.logIndex)), from: router, to: recipient.toLowerCase(), amount: BigInt(log.data) })
  }
  return payouts
}
