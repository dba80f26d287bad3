import { describe, expect, it } from 'vitest'
import { ImageRegistriesSchema, WalletListingSchema } from './wallet.js'

describe('WalletListingSchema', () => {
  it('behavior: snake_case registry fields; links may be null', () => {
    const wallet = {
      id: 'c57ca95b',
      name: 'MetaMask',
      image_id: 'img',
      rdns: 'io.metamask',
      chains: ['eip155:1'],
      mobile_link: 'metamask://',
      desktop_link: null,
      webapp_link: null,
    }
    expect(WalletListingSchema.parse(wallet)).toEqual(wallet)
    expect(WalletListingSchema.safeParse({ ...wallet, id: '' }).success).toBe(false)
  })

  it('behavior: every image registry is keyed by id', () => {
    const empty = { walletImages: {}, networkImages: {}, chainImages: {}, connectorImages: {}, tokenImages: {}, currencyImages: {} }
    expect(ImageRegistriesSchema.safeParse(empty).success).toBe(true)
    expect(ImageRegistriesSchema.safeParse({ ...empty, tokenImages: { eth: 1 } }).success).toBe(false)
  })
})
