import { describe, expect, it } from 'vitest'
import { BalanceResponseSchema as ContractBalance } from '@portico/contracts/api'
import { WalletGetAssetsResponseSchema as ContractAssets } from '@portico/contracts/schemas'
import { BalanceResponseSchema, WalletGetAssetsResponseSchema } from './schemas.js'

const token = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  value: 2,
  price: 1,
  quantity: { decimals: '6', numeric: '2' },
  iconUrl: 'https://x/usdc.svg',
}
const asset = { address: '0xa0b8', balance: '0x1e8480', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: '' } }

const balances = (value: unknown) => [BalanceResponseSchema.safeParse(value).success, ContractBalance.safeParse(value).success]
const assets = (value: unknown) => [WalletGetAssetsResponseSchema.safeParse(value).success, ContractAssets.safeParse(value).success]

describe('the plugin reads answers as the contracts define them', () => {
  it('behavior: balance answers', () => {
    expect(balances({ balances: [token] })).toEqual([true, true])
    expect(balances({ balances: [{ ...token, address: undefined, value: undefined }] })).toEqual([true, true])
    expect(balances({ balances: [{ ...token, quantity: { decimals: 6, numeric: '2' } }] })).toEqual([false, false])
    expect(balances({ balances: [{ ...token, chainId: 'mainnet' }] })).toEqual([false, false])
    expect(balances({ balances: [{ ...token, address: '0xa0b8' }] })).toEqual([false, false])
    expect(balances({ balances: [{ ...token, price: '1' }] })).toEqual([false, false])
    expect(balances({ tokens: [] })).toEqual([false, false])
  })

  it('behavior: wallet asset answers (SPEC §5: one wrong asset and the whole answer is ignored)', () => {
    expect(assets({ '0x1': [asset, { ...asset, type: 'NATIVE', address: 'native' }] })).toEqual([true, true])
    expect(assets({})).toEqual([true, true])
    expect(assets({ '0x1': [asset, { ...asset, balance: '12' }] })).toEqual([false, false])
    expect(assets({ '0x1': [{ ...asset, type: 'ERC721' }] })).toEqual([false, false])
    expect(assets({ '0x1': [{ ...asset, metadata: { ...asset.metadata, decimals: '6' } }] })).toEqual([false, false])
    expect(assets({ '0x1': [{ ...asset, metadata: undefined }] })).toEqual([false, false])
    expect(assets({ '0x1': [{ ...asset, address: 5 }] })).toEqual([false, false])
    expect(assets({ '1': [asset] })).toEqual([false, false])
    expect(assets([asset])).toEqual([false, false])
  })
})
