import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildTransfer, transferAbiFor, USDT_CONTRACTS, USDT_TRANSFER_ABI, ERC20_TRANSFER_ABI } from './transfer.js'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PTD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token = (address: string | undefined, decimals = 6) => ({ name: 'T', symbol: 'T', chainId: 'eip155:1', ...(address ? { address: `eip155:1:${address}` } : {}), price: 1, quantity: { decimals: String(decimals), numeric: '1' }, iconUrl: '' })

describe('buildTransfer', () => {
  it('behavior: the native currency goes as the value to the receiver', () => {
    expect(buildTransfer({ token: token(undefined, 18), receiver: RECEIVER.toLowerCase(), units: 5n })).toEqual({ to: RECEIVER, value: 5n })
  })

  it('behavior: a token is a transfer call to its contract that decodes to the receiver and the units', () => {
    const tx = buildTransfer({ token: token(PTD), receiver: RECEIVER, units: 12_500_000n })
    expect(tx.to).toBe(PTD)
    expect(tx.value).toBeUndefined()
    const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data as `0x${string}` })
    expect(decoded).toEqual({ functionName: 'transfer', args: [RECEIVER, 12_500_000n] })
  })

  it('behavior: the seven USDT contracts use the transfer that returns nothing, with the same call data', () => {
    expect(USDT_CONTRACTS).toHaveLength(7)
    for (const c of USDT_CONTRACTS) expect(transferAbiFor(c.toUpperCase().replace('0X', '0x'))).toBe(USDT_TRANSFER_ABI)
    expect(transferAbiFor(PTD)).toBe(ERC20_TRANSFER_ABI)
    const usdt = buildTransfer({ token: token(USDT_CONTRACTS[0]!), receiver: RECEIVER, units: 1n })
    const standard = buildTransfer({ token: token(PTD), receiver: RECEIVER, units: 1n })
    expect(usdt.data).toBe(standard.data)
  })
})
