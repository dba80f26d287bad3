import { ApiWalletListingSchema } from '@portico/contracts/api'
import { describe, expect, it } from 'vitest'
import { NAMESPACE_CHAINS, WALLET_CATALOG, syntheticWallets } from './catalog.js'
import { monogramSvg, monogramText } from './images.js'
import { WalletRegistry } from './registry.js'

describe('wallet catalog', () => {
  it('lists at least 40 real wallets with unique ids and valid listings', () => {
    expect(WALLET_CATALOG.length).toBeGreaterThanOrEqual(40)
    expect(new Set(WALLET_CATALOG.map((w) => w.id)).size).toBe(WALLET_CATALOG.length)
    expect(new Set(WALLET_CATALOG.map((w) => w.name)).size).toBe(WALLET_CATALOG.length)
    for (const wallet of WALLET_CATALOG) ApiWalletListingSchema.parse(wallet)
  })

  it.each([
    ['metamask', 'io.metamask'],
    ['rainbow', 'me.rainbow'],
    ['coinbase', 'com.coinbase.wallet'],
    ['rabby', 'io.rabby'],
    ['trust', 'com.trustwallet.app'],
    ['phantom', 'app.phantom'],
  ])('%s announces itself as %s', (id, rdns) => {
    expect(WALLET_CATALOG.find((w) => w.id === id)?.rdns).toBe(rdns)
  })

  it('covers every namespace the modal supports', () => {
    for (const chain of Object.values(NAMESPACE_CHAINS))
      expect(WALLET_CATALOG.filter((w) => w.chains.includes(chain)).length).toBeGreaterThanOrEqual(3)
  })

  it('makes deterministic synthetic wallets', () => {
    const a = syntheticWallets(50)
    expect(a).toEqual(syntheticWallets(50))
    expect(a[0].id).toBe('synthetic-00001')
    expect(a.filter((w) => w.badge_type === 'certified')).toHaveLength(5)
    for (const wallet of a) ApiWalletListingSchema.parse(wallet)
  })
})

describe('WalletRegistry.list', () => {
  const registry = new WalletRegistry({ synthetic: 100 })
  const list = (q: Partial<Parameters<WalletRegistry['list']>[0]>) => registry.list({ page: 1, entries: 40, ...q })

  it('ranks an exact name before prefixes and other matches', () => {
    const ids = list({ search: 'safe' }).data.map((w) => w.id)
    expect(ids[0]).toBe('safe')
    expect(ids).toContain('safepal')
  })

  it('keeps include order, drops excluded ids, and counts before paging', () => {
    expect(list({ include: 'phantom,metamask', exclude: 'metamask' }).data.map((w) => w.id)).toEqual(['phantom'])
    const page = list({ entries: 10, page: 3 })
    expect(page.count).toBe(WALLET_CATALOG.length + 100)
    expect(page.data[0].order).toBe(21)
  })

  it('matches chains by namespace, so test networks get their namespace wallets', () => {
    const devnet = list({ chains: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', entries: 100 }).data
    expect(devnet.map((w) => w.id)).toContain('solflare')
    expect(devnet.every((w) => w.chains.some((c) => c.startsWith('solana:')))).toBe(true)
  })
})

describe('monogram images', () => {
  it('derives initials from names and keeps short symbols', () => {
    expect(monogramText('MetaMask')).toBe('MM')
    expect(monogramText('Trust Wallet')).toBe('TW')
    expect(monogramText('imToken')).toBe('IT')
    expect(monogramText('Zerion')).toBe('ZE')
    expect(monogramText('USDC')).toBe('USDC')
  })

  it('is deterministic, escapes text and differs by seed', () => {
    expect(monogramSvg('A<b>')).toBe(monogramSvg('A<b>'))
    expect(monogramSvg('A<b>')).not.toContain('<b>')
    expect(monogramSvg('Rainbow', 'rainbow')).not.toBe(monogramSvg('Rainbow', 'other-seed'))
  })
})
