import { describe, expect, it, vi } from 'vitest'
import { anvil } from '@portico/tests/react'
import { estimateFee, feeInUsd, formatFee, isInsufficientGas, readGasPrice } from './fees.js'

const eth = (numeric: string, price = 3000) => ({ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price, quantity: { decimals: '18', numeric }, iconUrl: '' })
const ptd = { name: 'PTD', symbol: 'PTD', chainId: 'eip155:31337', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', price: 1, quantity: { decimals: '6', numeric: '100' }, iconUrl: '' }
const GWEI = 1_000_000_000n
const rpc = (result: unknown, ok = true) => vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { status: ok ? 200 : 500 })) as unknown as typeof fetch

describe('fees', () => {
  it("behavior: the gas price comes from the network's RPC", async () => {
    const fetcher = rpc('0x3b9aca00')
    expect(await readGasPrice(anvil, fetcher)).toBe(GWEI)
    expect(fetcher).toHaveBeenCalledWith('http://127.0.0.1:8545', expect.objectContaining({ method: 'POST' }))
  })

  it('error: an RPC failure or a non-answer rejects', async () => {
    await expect(readGasPrice(anvil, rpc('0x1', false))).rejects.toThrow('HTTP status code: 500')
    await expect(readGasPrice(anvil, rpc(null))).rejects.toThrow('The RPC sent no gas price.')
  })

  it("behavior: the fee is the adapter's gas estimate × the gas price; without one, a typical transfer's gas", async () => {
    const adapter = { estimateGas: vi.fn(async () => 50_000n) }
    const fee = await estimateFee({ adapter: adapter as never, connector: {} as never, address: '0x1', network: anvil, transaction: { to: '0x2', data: '0x' }, fetcher: rpc('0x3b9aca00') })
    expect(fee).toEqual({ gas: 50_000n, gasPrice: GWEI, fee: 50_000n * GWEI })
    const plain = await estimateFee({ adapter: undefined, connector: undefined, address: '0x1', network: anvil, transaction: { to: '0x2', value: 1n }, fetcher: rpc('0x3b9aca00') })
    expect(plain.gas).toBe(21_000n)
  })

  it('behavior: the fee and the native balance in USD', () => {
    expect(feeInUsd(21_000n * GWEI, eth('2'), 18)).toEqual({ gasPriceInUSD: 0.063, networkBalanceInUSD: '6000' })
  })

  it('behavior: insufficient gas when the native balance in USD is zero or below the fee; smart accounts skip it', () => {
    const fee = 21_000n * GWEI
    expect(isInsufficientGas({ fee, native: eth('1'), token: ptd, units: 1n, decimals: 18 })).toBe(false)
    expect(isInsufficientGas({ fee, native: eth('0'), token: ptd, units: 1n, decimals: 18 })).toBe(true)
    expect(isInsufficientGas({ fee, native: eth('0.00001'), token: ptd, units: 1n, decimals: 18 })).toBe(true)
    expect(isInsufficientGas({ fee, native: undefined, token: ptd, units: 1n, decimals: 18 })).toBe(true)
    expect(isInsufficientGas({ fee, native: eth('0'), token: ptd, units: 1n, decimals: 18, smartAccount: true })).toBe(false)
  })

  it('edge: sending the native currency, the balance must cover the amount and the fee; without a price, in ETH', () => {
    const fee = 21_000n * GWEI
    expect(isInsufficientGas({ fee, native: eth('1'), token: eth('1'), units: 10n ** 18n, decimals: 18 })).toBe(true)
    expect(isInsufficientGas({ fee, native: eth('1', 0), token: ptd, units: 1n, decimals: 18 })).toBe(false)
    expect(isInsufficientGas({ fee, native: eth('0', 0), token: ptd, units: 1n, decimals: 18 })).toBe(true)
  })

  it('behavior: a fee shows three significant digits, not a balance floored to 0.000', () => {
    expect(formatFee(21_000n * 1_500_000_000n, 18, 'ETH')).toBe('0.0000315 ETH')
    expect(formatFee(2n * 10n ** 18n, 18, 'ETH')).toBe('2 ETH')
  })
})
