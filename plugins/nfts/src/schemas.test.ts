import { describe, expect, it } from 'vitest'
import { NftsResponseSchema as ContractNfts } from '@portico/contracts/api'
import { NftsResponseSchema } from './schemas.js'

const nft = {
  chainId: 'eip155:31337',
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  tokenId: '1',
  name: 'Sunrise Circle',
  imageUrl: 'http://localhost:4301/dev-nfts/1.svg',
  collection: { name: 'Portico Test Shapes', symbol: 'PTS' },
}
const both = (value: unknown) => [NftsResponseSchema.safeParse(value).success, ContractNfts.safeParse(value).success]

describe('the plugin reads answers as the contracts define them', () => {
  it('behavior: NFT pages', () => {
    expect(both({ data: [nft], next: null })).toEqual([true, true])
    expect(both({ data: [{ ...nft, name: null, imageUrl: null, collection: { name: null, symbol: null } }], next: 'abc' })).toEqual([true, true])
    expect(both({ data: [{ ...nft, tokenId: 1 }], next: null })).toEqual([false, false])
    expect(both({ data: [{ ...nft, tokenId: '0x1' }], next: null })).toEqual([false, false])
    expect(both({ data: [{ ...nft, contract: '0x123' }], next: null })).toEqual([false, false])
    expect(both({ data: [{ ...nft, chainId: 'anvil' }], next: null })).toEqual([false, false])
    expect(both({ data: [{ ...nft, name: undefined }], next: null })).toEqual([false, false])
    expect(both({ data: [nft] })).toEqual([false, false])
  })
})
