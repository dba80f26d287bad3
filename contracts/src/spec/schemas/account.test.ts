import { describe, expect, it } from 'vitest'
import { AccountRecordSchema, AccountStateSchema, UserSchema } from './account.js'

const user = {
  email: 'visitor@example.com',
  address: '0x1111111111111111111111111111111111111111',
  chainId: 1,
  accounts: [
    { address: '0x1111111111111111111111111111111111111111', type: 'eoa' },
    { address: '0x2222222222222222222222222222222222222222', type: 'smartAccount' },
  ],
  smartAccountDeployed: false,
  preferredAccountType: 'smartAccount',
}

describe('UserSchema', () => {
  it('behavior: accepts a frame user; email may be null or absent; chain id string or number', () => {
    expect(UserSchema.parse(user)).toEqual(user)
    expect(UserSchema.safeParse({ ...user, email: null, chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }).success).toBe(true)
    expect(UserSchema.safeParse({ address: 'abc', chainId: '1' }).success).toBe(true)
  })

  it('error: a malformed email, a missing address or an unknown account type is rejected', () => {
    expect(UserSchema.safeParse({ ...user, email: 'nope' }).error?.issues[0]?.message).toBe('Invalid email')
    expect(UserSchema.safeParse({ ...user, address: '' }).success).toBe(false)
    expect(UserSchema.safeParse({ ...user, accounts: [{ address: 'a', type: 'payment' }] }).success).toBe(false)
  })
})

describe('AccountRecordSchema', () => {
  it('behavior: namespace, address and type; public key and path optional', () => {
    const record = { namespace: 'bip122', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', type: 'payment', path: "m/84'/0'/0'/0/0" }
    expect(AccountRecordSchema.parse(record)).toEqual(record)
    expect(AccountRecordSchema.safeParse({ ...record, namespace: 'btc' }).success).toBe(false)
  })
})

describe('AccountStateSchema', () => {
  const empty = { currentTab: 0, allAccounts: [], addressLabels: {} }

  it('behavior: a fresh namespace needs only a tab, an account list and labels', () => {
    expect(AccountStateSchema.parse(empty)).toEqual(empty)
  })

  it('behavior: a connected namespace', () => {
    const state = {
      ...empty,
      caipAddress: 'eip155:1:0x1111111111111111111111111111111111111111',
      address: '0x1111111111111111111111111111111111111111',
      status: 'connected',
      balance: '1.5',
      balanceSymbol: 'ETH',
      profileName: null,
      user,
      socialProvider: 'github',
      connectedWalletInfo: { name: 'Test Wallet', icon: 'data:image/png;base64,' },
      currentTab: 2,
      addressLabels: { '0x1111111111111111111111111111111111111111': 'Main' },
    }
    expect(AccountStateSchema.parse(state)).toEqual(state)
  })

  it('error: a tab beyond Activity, a bad CAIP address or an unknown social is rejected', () => {
    expect(AccountStateSchema.safeParse({ ...empty, currentTab: 3 }).success).toBe(false)
    expect(AccountStateSchema.safeParse({ ...empty, caipAddress: '0x1111' }).success).toBe(false)
    expect(AccountStateSchema.safeParse({ ...empty, socialProvider: 'myspace' }).success).toBe(false)
  })
})
