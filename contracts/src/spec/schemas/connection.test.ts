import { describe, expect, it } from 'vitest'
import { ConnectionStateSchema } from './connection.js'

describe('ConnectionStateSchema', () => {
  it('behavior: pairing uri, expiry, linking, recent wallet and status are all optional', () => {
    expect(ConnectionStateSchema.parse({})).toEqual({})
    const state = {
      wcUri: 'wc:abc@2?relay-protocol=irn&symKey=00',
      wcPairingExpiry: 1_700_000_000_000,
      wcLinking: { href: 'testwallet://', name: 'Test Wallet' },
      recentWallet: { id: 'test', name: 'Test Wallet' },
      status: 'connecting',
    }
    expect(ConnectionStateSchema.parse(state)).toEqual(state)
    expect(ConnectionStateSchema.safeParse({ status: 'reconnecting' }).success).toBe(false)
  })
})
