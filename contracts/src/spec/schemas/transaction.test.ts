import { describe, expect, it } from 'vitest'
import { TransactionSchema } from './transaction.js'

const tx = {
  id: 'abc',
  metadata: {
    operationType: 'receive',
    hash: `0x${'a'.repeat(64)}`,
    chain: 'eip155:1',
    minedAt: '2024-06-01T12:00:00Z',
    sentFrom: '0x1111111111111111111111111111111111111111',
    sentTo: '0x2222222222222222222222222222222222222222',
    status: 'confirmed',
    nonce: 3,
    application: null,
  },
  transfers: [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://example.com/eth.png' } },
      direction: 'in',
      quantity: { numeric: '0.5' },
      value: 1500,
      price: 3000,
    },
    {
      nft_info: { name: 'Airdrop', content: { preview: { url: 'https://example.com/n.png' } }, flags: { is_spam: true } },
      direction: 'in',
      quantity: { numeric: '1' },
    },
  ],
}

describe('TransactionSchema', () => {
  it('behavior: accepts the history shape with snake_case nested keys and nulls for missing fields', () => {
    expect(TransactionSchema.parse(tx)).toEqual(tx)
    expect(TransactionSchema.safeParse({ ...tx, transfers: null }).success).toBe(true)
    const withNulls = { ...tx, transfers: [{ ...tx.transfers[0], fungible_info: { name: null, symbol: 'X', icon: null }, nft_info: null }] }
    expect(TransactionSchema.safeParse(withNulls).success).toBe(true)
  })

  it('behavior: operation types stay open so a new server kind does not drop the history', () => {
    expect(TransactionSchema.safeParse({ ...tx, metadata: { ...tx.metadata, operationType: 'bridge' } }).success).toBe(true)
  })

  it('error: camelCase nested keys, an unknown direction or a missing spam flag are rejected', () => {
    const camel = { ...tx, transfers: [{ ...tx.transfers[1], nft_info: { flags: { isSpam: true } } }] }
    expect(TransactionSchema.safeParse(camel).success).toBe(false)
    expect(TransactionSchema.safeParse({ ...tx, transfers: [{ ...tx.transfers[0], direction: 'sideways' }] }).success).toBe(false)
    expect(TransactionSchema.safeParse({ ...tx, metadata: { ...tx.metadata, nonce: '3' } }).success).toBe(false)
  })
})
