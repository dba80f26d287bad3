import { describe, expect, it } from 'vitest'
import { CallBatchRequestSchema, EthTransactionRequestSchema } from './calls.js'

const to = '0x1111111111111111111111111111111111111111'

describe('CallBatchRequestSchema', () => {
  it('behavior: accepts a wallet_sendCalls request', () => {
    const request = {
      chainId: '0x1',
      from: '0x2222222222222222222222222222222222222222',
      version: '2.0.0',
      capabilities: { paymasterService: { url: 'https://pm.example.com' } },
      calls: [{ to, data: '0xa9059cbb', value: '0x0' }, { to }],
    }
    expect(CallBatchRequestSchema.parse(request)).toEqual(request)
  })

  it.each([
    ['to without 0x', { calls: [{ to: to.slice(2) }] }],
    ['data without 0x', { calls: [{ to, data: 'a9059cbb' }] }],
    ['data with non-hex', { calls: [{ to, data: '0xzz' }] }],
    ['a decimal value', { calls: [{ to, value: '100' }] }],
    ['no calls', { calls: [] }],
  ])('error: rejects %s', (_, request) => {
    expect(CallBatchRequestSchema.safeParse(request).success).toBe(false)
  })
})

describe('EthTransactionRequestSchema', () => {
  const messages = (input: unknown) => EthTransactionRequestSchema.safeParse(input).error?.issues.map((i) => i.message) ?? []

  it('behavior: accepts a normal EIP-1559 request and a contract deployment (no to)', () => {
    expect(messages({ to, value: '0x1', chainId: '0x1', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' })).toEqual([])
    expect(messages({ data: '0x6080', chainId: 31337 })).toEqual([])
  })

  it('error: chain id must be above 0', () => {
    expect(messages({ to, chainId: 0 })).toEqual(['Chain id must be above 0.'])
    expect(messages({ to, chainId: '0x0' })).toEqual(['Chain id must be above 0.'])
  })

  it('error: the destination must be an address', () => {
    expect(messages({ to: '0x1234' })).toEqual(['Invalid destination address.'])
  })

  it('error: max fee cap and priority fee above max fee', () => {
    expect(messages({ to, maxFeePerGas: `0x1${'0'.repeat(64)}` })).toEqual(['maxFeePerGas is above the allowed maximum.'])
    expect(messages({ to, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })).toEqual([
      'maxPriorityFeePerGas cannot be higher than maxFeePerGas.',
    ])
    expect(messages({ to, maxFeePerGas: `0x${'f'.repeat(64)}`, maxPriorityFeePerGas: '0x2' })).toEqual([])
  })

  it('error: blob versioned hashes must be 32 bytes with version 1', () => {
    expect(messages({ to, blobVersionedHashes: [`0x01${'a'.repeat(62)}`] })).toEqual([])
    expect(messages({ to, blobVersionedHashes: [`0x01${'a'.repeat(60)}`] })).toEqual(['Blob versioned hash must be 32 bytes.'])
    expect(messages({ to, blobVersionedHashes: [`0x02${'a'.repeat(62)}`] })).toEqual(['Blob versioned hash version must be 1.'])
  })

  it('error: malformed hex fields fail on shape without crashing the rules', () => {
    const result = EthTransactionRequestSchema.safeParse({ to, chainId: '0xzz', maxFeePerGas: 'lots' })
    expect(result.success).toBe(false)
  })
})
