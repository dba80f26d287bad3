import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '@portico/kernel'
import { createLoginStore, LEGACY_STORAGE_KEYS } from './storage.js'

describe('login storage (SPEC §3)', () => {
  it('shape: the incumbent keys move to the plugin storage', () => {
    expect(LEGACY_STORAGE_KEYS).toEqual({
      '@appkit-wallet/EMAIL': 'email',
      '@appkit-wallet/EMAIL_LOGIN_USED_KEY': 'emailLoginUsed',
      '@appkit-wallet/LAST_EMAIL_LOGIN_TIME': 'lastEmailLoginTime',
      '@appkit-wallet/SOCIAL_USERNAME': 'socialUsername',
      '@appkit-wallet/SOCIAL_PROVIDER': 'socialProvider',
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
})
