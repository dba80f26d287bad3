import type { TransactionRequest } from '@portico/contracts/plugin'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { encodeFunctionData, getAddress } from 'viem'
import { isNative } from './amounts.js'

/**
 * SPEC §9: the USDT contracts (Ethereum, Polygon, Avalanche, Cosmos EVM, Celo, BNB Chain, Arbitrum) whose
 * `transfer` returns nothing instead of the standard's `bool`. Lowercase.
 */
export const USDT_CONTRACTS: readonly string[] = [
  '0xdac17f958d2ee523a2206206994597c13d831ec7',
  '0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
  '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7',
  '0x919c1c267bc06a7039e03fcc2ef738525769109c',
  '0x48065fbbe25f71c9282ddf5e1cd6d6a887483d5e',
  '0x55d398326f99059ff775485246999027b3197955',
  '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
]

const TRANSFER_INPUTS = [
  { name: 'to', type: 'address' },
  { name: 'amount', type: 'uint256' },
] as const

/** ERC-20 `transfer(address,uint256) returns (bool)`. */
export const ERC20_TRANSFER_ABI = [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: TRANSFER_INPUTS, outputs: [{ name: '', type: 'bool' }] }] as const

/** USDT's `transfer(address,uint256)` with no return value (the contracts predate the standard's final form). */
export const USDT_TRANSFER_ABI = [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: TRANSFER_INPUTS, outputs: [] }] as const

/** The transfer ABI of a token contract: USDT's for the SPEC §9 contracts, the ERC-20 one otherwise. */
export function transferAbiFor(contract: string): typeof ERC20_TRANSFER_ABI | typeof USDT_TRANSFER_ABI {
  return USDT_CONTRACTS.includes(contract.toLowerCase()) ? USDT_TRANSFER_ABI : ERC20_TRANSFER_ABI
}

/** The contract address of a token balance (`eip155:1:0x…` → `0x…`). */
export const tokenContract = (token: TokenBalance) => token.address!.split(':').pop()!

/**
 * The transaction that sends `units` of `token` to `receiver`: the native currency as the value, a token as its
 * contract's `transfer` call (with the ABI the contract really has).
 */
export function buildTransfer({ token, receiver, units }: { token: TokenBalance; receiver: string; units: bigint }): TransactionRequest {
  const to = getAddress(receiver.startsWith('0x') ? receiver : `0x${receiver}`)
  if (isNative(token)) return { to, value: units }
  const contract = getAddress(tokenContract(token))
  return { to: contract, data: encodeFunctionData({ abi: transferAbiFor(contract), functionName: 'transfer', args: [to, units] }) }
}
