import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '@portico/kernel'
import { listingFromViewData, pickWalletLink, walletIdFromViewData, walletLink } from './links.js'
import { addressesOn, proposalNamespaces, sessionAccounts } from './namespaces.js'
import { isIos, isSafari, isTelegram, reusesPairing } from './platform.js'
import { toProviderRpcError } from './provider.js'
import { createSdkStorage } from './storage.js'

const URI = 'wc:abc@2?relay-protocol=irn&symKey=def'

describe('wallet links', () => {
  it('builds app-scheme links, completing a bare scheme', () => {
    expect(walletLink('trust://', URI)).toEqual({ href: `trust://wc?uri=${encodeURIComponent(URI)}`, base: 'trust://', kind: 'native', surface: 'mobile' })
    expect(walletLink('rainbow:', URI).href).toBe(`rainbow://wc?uri=${encodeURIComponent(URI)}`)
    expect(walletLink('zerion', URI).base).toBe('zerion://')
    expect(walletLink('metamask://app', URI).href).toBe(`metamask://app/wc?uri=${encodeURIComponent(URI)}`)
  })

  it('builds universal links', () => {
    expect(walletLink('https://link.wallet.app', URI, 'web')).toEqual({
      href: `https://link.wallet.app/wc?uri=${encodeURIComponent(URI)}`,
      base: 'https://link.wallet.app/',
      kind: 'universal',
      surface: 'web',
    })
  })

  it('picks the mobile link on mobile, the desktop link on desktop, else the web app', () => {
    const listing = { id: 'x', name: 'X', mobile_link: 'x://', desktop_link: 'xdesk://', webapp_link: 'https://x.app' }
    expect(pickWalletLink(listing, URI, true)?.surface).toBe('mobile')
    expect(pickWalletLink(listing, URI, false)?.surface).toBe('desktop')
    expect(pickWalletLink({ ...listing, desktop_link: null }, URI, false)?.surface).toBe('web')
    expect(pickWalletLink({ id: 'y', name: 'Y' }, URI, true)).toBeUndefined()
  })

  it('reads a listing or a wallet id from view data', () => {
    expect(listingFromViewData({ wallet: { id: 'a', name: 'A', mobile_link: 'a://', extra: 1 } })).toMatchObject({ id: 'a', name: 'A', mobile_link: 'a://' })
    expect(listingFromViewData({ id: 'b', name: 'B' })).toMatchObject({ id: 'b' })
    expect(listingFromViewData({ walletId: 'c' })).toBeUndefined()
    expect(listingFromViewData(undefined)).toBeUndefined()
    expect(walletIdFromViewData({ walletId: 'c' })).toBe('c')
    expect(walletIdFromViewData({ wallet: { id: 'd' } })).toBe('d')
  })
})

describe('namespaces', () => {
  const net = (id: number, url?: string) => ({
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155' as const,
    name: String(id),
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: url ? [url] : [] } },
  })

  it('proposes every configured network, the preferred one first, with rpcMap from the networks', () => {
    const out = proposalNamespaces([net(1, 'https://eth.example'), net(31337, 'http://127.0.0.1:8545')], ['eip155'], 'eip155:31337')
    expect(out.eip155!.chains).toEqual(['eip155:31337', 'eip155:1'])
    expect(out.eip155!.rpcMap).toEqual({ 1: 'https://eth.example', 31337: 'http://127.0.0.1:8545' })
    expect(out.eip155!.methods).toContain('personal_sign')
    expect(out.eip155!.events).toEqual(expect.arrayContaining(['chainChanged', 'accountsChanged']))
  })

  it('takes RPC URLs from the options over the networks\' own', () => {
    const out = proposalNamespaces([net(31337, 'http://127.0.0.1:8545'), net(31338, 'http://127.0.0.1:8546')], ['eip155'], undefined, {
      31337: ['http://localhost:18545'],
      'eip155:31338': 'http://localhost:18546',
    })
    expect(out.eip155!.rpcMap).toEqual({ 31337: 'http://localhost:18545', 31338: 'http://localhost:18546' })
  })

  it('asks for eip155:1 when no network of the namespace is configured', () => {
    expect(proposalNamespaces([], ['eip155']).eip155!.chains).toEqual(['eip155:1'])
  })

  it('reads session accounts per namespace and chain', () => {
    const accounts = sessionAccounts({ eip155: { accounts: ['eip155:1:0xa', 'eip155:1:0xb', 'eip155:2:0xa', 'bad'] }, solana: { accounts: ['solana:x:y'] } }, 'eip155')
    expect(addressesOn(accounts, 'eip155:1')).toEqual(['0xa', '0xb'])
    expect(addressesOn(accounts, 'eip155:2')).toEqual(['0xa'])
  })
})

describe('platform', () => {
  const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  const iphoneChrome = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1'
  const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
  const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

  it('reuses pairings on iOS Safari and in Telegram only', () => {
    expect(reusesPairing({ userAgent: iphoneSafari })).toBe(true)
    expect(reusesPairing({ userAgent: ipad, maxTouchPoints: 5 })).toBe(true)
    expect(reusesPairing({ userAgent: ipad, maxTouchPoints: 0 })).toBe(false)
    expect(reusesPairing({ userAgent: iphoneChrome })).toBe(false)
    expect(reusesPairing({ userAgent: desktopChrome })).toBe(false)
    expect(reusesPairing({ userAgent: desktopChrome, telegram: true })).toBe(true)
    expect(isTelegram({ userAgent: `${iphoneChrome} Telegram-Android/10` })).toBe(true)
    expect(isIos({ userAgent: iphoneChrome })).toBe(true)
    expect(isSafari({ userAgent: iphoneChrome })).toBe(false)
    expect(reusesPairing({})).toBe(false)
  })
})

describe('EIP-1193 errors', () => {
  it('maps WalletConnect errors to EIP-1193 codes', () => {
    expect(toProviderRpcError({ code: 5000, message: 'User rejected.' })).toMatchObject({ code: 4001, data: { code: 5000 } })
    expect(toProviderRpcError({ code: -32603, message: 'Internal' })).toMatchObject({ code: -32603, message: 'Internal' })
    expect(toProviderRpcError(new Error('Missing or invalid. request() method: eth_foo'))).toMatchObject({ code: 4200 })
    expect(toProviderRpcError(new Error('Please call connect() before request()'))).toMatchObject({ code: 4100 })
    expect(toProviderRpcError('weird')).toMatchObject({ code: -32603 })
  })
})

describe('SDK storage on the kernel storage', () => {
  it('keeps an index of keys so the SDK can list them, across instances', async () => {
    const kernelStorage = createMemoryStorage()
    const a = createSdkStorage(kernelStorage)
    await Promise.all([a.setItem('wc@2:core:0.3//keychain', { k: 1 }), a.setItem('wc@2:client:0.3//session', [{ topic: 't' }])])
    await a.setItem('wc@2:core:0.3//keychain', { k: 2 })
    const b = createSdkStorage(kernelStorage)
    expect((await b.getKeys()).sort()).toEqual(['wc@2:client:0.3//session', 'wc@2:core:0.3//keychain'])
    expect(await b.getItem('wc@2:core:0.3//keychain')).toEqual({ k: 2 })
    await b.removeItem('wc@2:client:0.3//session')
    expect(await createSdkStorage(kernelStorage).getEntries()).toEqual([['wc@2:core:0.3//keychain', { k: 2 }]])
    expect(await b.getItem('missing')).toBeUndefined()
  })
})
