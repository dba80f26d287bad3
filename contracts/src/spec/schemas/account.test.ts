import { describe, expect, it } from 'vitest'
import { AccountRecordSchema, UserSchema } from './account.js'

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
