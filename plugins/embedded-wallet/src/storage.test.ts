import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '@portico/kernel'
import { asNetworks, createLoginStore, LEGACY_STORAGE_KEYS, smartAccountNetworksStore } from './storage.js'

describe('login storage (SPEC §3)', () => {
  it('shape: the incumbent keys move to the plugin storage', () => {
    expect(LEGACY_STORAGE_KEYS).toEqual({
      '@appkit-wallet/EMAIL': 'email',
      '@appkit-wallet/EMAIL_LOGIN_USED_KEY': 'emailLoginUsed',
      '@appkit-wallet/LAST_EMAIL_LOGIN_TIME': 'lastEmailLoginTime',
      '@appkit-wallet/SOCIAL_USERNAME': 'socialUsername',
      '@appkit-wallet/SOCIAL_PROVIDER': 'socialProvider',
      '@appkit-wallet/SMART_ACCOUNT_ENABLED_NETWORKS': 'smartAccountEnabledNetworks',
    })
  })

  it('behavior: legacy string values read as the flag, the time and the email', async () => {
    const storage = createMemoryStorage()
    await storage.setItem('email', 'a@b.co')
    await storage.setItem('emailLoginUsed', 'true')
    await storage.setItem('lastEmailLoginTime', '1700000000000')
    const login = createLoginStore(storage, { warn: vi.fn() })
    expect(await login.loaded()).toEqual({ email: 'a@b.co', emailLoginUsed: true, lastEmailLoginTime: 1_700_000_000_000 })
  })

  it('behavior: corrupt values read as absent; clearing the session keeps the cooldown', async () => {
    const storage = createMemoryStorage()
    await storage.setItem('email', 42)
    await storage.setItem('emailLoginUsed', 'yes')
    await storage.setItem('lastEmailLoginTime', 'soon')
    const login = createLoginStore(storage, { warn: vi.fn() })
    expect(await login.loaded()).toEqual({ email: undefined, emailLoginUsed: false, lastEmailLoginTime: 0 })
    await login.update({ email: 'a@b.co', emailLoginUsed: true, lastEmailLoginTime: 5 })
    await login.clearSession()
    expect(login.get()).toEqual({ email: undefined, emailLoginUsed: false, lastEmailLoginTime: 5 })
    expect(await storage.getItem('email')).toBeUndefined()
    expect(await storage.getItem('emailLoginUsed')).toBeUndefined()
    expect(await storage.getItem('lastEmailLoginTime')).toBe(5)
  })

  it('behavior: smart-account-enabled networks are stored as a list; the incumbent comma list reads too; junk reads as none', async () => {
    expect(asNetworks('1, 137')).toEqual([1, 137])
    expect(asNetworks([31337, 31338])).toEqual([31337, 31338])
    expect(asNetworks(['x'])).toEqual([])
    expect(asNetworks({})).toEqual([])
    const storage = createMemoryStorage()
    await storage.setItem('smartAccountEnabledNetworks', '31337,31338')
    const networks = smartAccountNetworksStore(storage, { warn: vi.fn() })
    await networks.loaded()
    expect(networks.get()).toEqual([31337, 31338])
    await networks.save([31337])
    expect(await storage.getItem('smartAccountEnabledNetworks')).toEqual([31337])
  })
})
