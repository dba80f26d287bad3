import { describe, expect, it } from 'vitest'
import { TransactionSchema as ContractSchema } from '@portico/contracts/schemas'
import { TransactionSchema } from './schemas.js'

const tx = {
  id: 'eip155:1:0xabc',
  metadata: {
    operationType: 'trade',
    hash: '0xabc',
    chain: 'eip155:1',
    minedAt: '2024-05-01T10:00:00Z',
    sentFrom: '0x1',
    sentTo: '0x2',
    status: 'confirmed',
    nonce: 3,
    application: null,
  },
  transfers: [
    { fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://x/eth.svg' } }, direction: 'out', quantity: { numeric: '1' }, value: 3000, price: 3000 },
    { nft_info: { name: 'Art', content: { preview: { url: 'https://x/a.png' }, detail: null }, flags: { is_spam: false } }, direction: 'in', quantity: { numeric: '1' }, value: null },
  ],
}

const both = (value: unknown) => [TransactionSchema.safeParse(value).success, ContractSchema.safeParse(value).success]

describe('the plugin reads transactions as the contract defines them', () => {
  it('behavior: agreement on good and bad transactions', () => {
    expect(both(tx)).toEqual([true, true])
    expect(both({ ...tx, transfers: null })).toEqual([true, true])
    expect(both({ ...tx, metadata: { ...tx.metadata, operationType: 'bridge_out' } })).toEqual([true, true])
    expect(both({ ...tx, transfers: [{ ...tx.transfers[0], direction: 'sideways' }] })).toEqual([false, false])
    expect(both({ ...tx, transfers: [{ ...tx.transfers[0], quantity: { numeric: 1 } }] })).toEqual([false, false])
    expect(both({ ...tx, transfers: [{ nft_info: { name: 'x' }, direction: 'in', quantity: { numeric: '1' } }] })).toEqual([false, false])
    expect(both({ ...tx, metadata: { ...tx.metadata, nonce: '3' } })).toEqual([false, false])
    expect(both({ ...tx, metadata: undefined })).toEqual([false, false])
    expect(both({ ...tx, transfers: undefined })).toEqual([false, false])
  })
})
