import { describe, expect, it } from 'vitest'
import { SendStateSchema } from './send.js'

describe('SendStateSchema', () => {
  it('behavior: amounts are exact decimal strings and gas price a wei digit string', () => {
    const state = { sendTokenAmount: '0.1', gasPrice: '30000000000', networkBalanceInUSD: '12.5', tokenBalances: [], loading: false }
    expect(SendStateSchema.parse(state)).toEqual(state)
    expect(SendStateSchema.safeParse({ ...state, gasPrice: '3e10' }).success).toBe(false)
    expect(SendStateSchema.safeParse({ ...state, sendTokenAmount: 'all' }).success).toBe(false)
  })
})
