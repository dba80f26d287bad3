import { describe, expect, it } from 'vitest'
import { SwapTokenSchema, TokenBalanceSchema, WalletAssetSchema, WalletGetAssetsResponseSchema } from './token.js'

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  value: 12.5,
  price: 1,
  quantity: { decimals: '6', numeric: '12.5' },
  iconUrl: 'https://example.com/usdc.png',
}

const asset = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0xbebc200',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://example.com/usdc.png' },
}

describe('TokenBalanceSchema', () => {
  it('behavior: accepts a token balance, and a native one without address', () => {
    expect(TokenBalanceSchema.parse(usdc)).toEqual(usdc)
    const { address: _, ...native } = usdc
    expect(TokenBalanceSchema.safeParse({ ...native, symbol: 'ETH' }).success).toBe(true)
  })

  it('behavior: the address is chain:address (CAIP-10), decimals a digit string, numeric a decimal string', () => {
    expect(TokenBalanceSchema.safeParse({ ...usdc, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }).success).toBe(false)
    expect(TokenBalanceSchema.safeParse({ ...usdc, quantity: { decimals: 6, numeric: '1' } }).success).toBe(false)
    expect(TokenBalanceSchema.safeParse({ ...usdc, quantity: { decimals: '6', numeric: 'lots' } }).success).toBe(false)
    expect(TokenBalanceSchema.safeParse({ ...usdc, chainId: '1' }).success).toBe(false)
  })
})

describe('SwapTokenSchema', () => {
  const { iconUrl: _, ...base } = usdc
  const swap = { ...base, decimals: 6, logoUri: 'https://example.com/usdc.png', eip2612: false }

  it('behavior: numeric decimals, a logo and eip2612 always false', () => {
    expect(SwapTokenSchema.parse(swap)).toEqual(swap)
    expect(SwapTokenSchema.safeParse({ ...swap, eip2612: true }).success).toBe(false)
    expect(SwapTokenSchema.safeParse({ ...swap, decimals: '6' }).success).toBe(false)
    expect(SwapTokenSchema.safeParse({ ...swap, address: undefined }).success).toBe(false)
  })
})

describe('WalletAssetSchema', () => {
  it('behavior: accepts an ERC20 or NATIVE asset with a hex balance', () => {
    expect(WalletAssetSchema.parse(asset)).toEqual(asset)
    expect(WalletAssetSchema.safeParse({ ...asset, type: 'NATIVE', address: 'native' }).success).toBe(true)
  })

  it.each([
    ['a numeric address', { ...asset, address: 1 }],
    ['a numeric balance', { ...asset, balance: 200000000 }],
    ['a non-hex balance', { ...asset, balance: '200000000' }],
    ['an unknown type', { ...asset, type: 'ERC721' }],
    ['missing metadata', { ...asset, metadata: undefined }],
    ['string decimals', { ...asset, metadata: { ...asset.metadata, decimals: '6' } }],
    ['a string price', { ...asset, metadata: { ...asset.metadata, price: '1' } }],
    ['a missing icon url', { ...asset, metadata: { ...asset.metadata, iconUrl: undefined } }],
  ])('error: rejects %s', (_, bad) => {
    expect(WalletAssetSchema.safeParse(bad).success).toBe(false)
  })

  it('behavior: a wallet_getAssets answer is rejected as a whole when one asset is bad', () => {
    expect(WalletGetAssetsResponseSchema.safeParse({ '0x1': [asset], '0x2105': [] }).success).toBe(true)
    expect(WalletGetAssetsResponseSchema.safeParse({ '0x1': [asset, { ...asset, type: 'NFT' }] }).success).toBe(false)
    expect(WalletGetAssetsResponseSchema.safeParse({ '1': [asset] }).success).toBe(false)
  })
})
