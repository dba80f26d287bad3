import { describe, expect, it } from 'vitest'
import { checkReceiver, isValid, validateSend } from './validate.js'

const ptd = { name: 'Portico Test Dollar', symbol: 'PTD', chainId: 'eip155:31337', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', price: 1, quantity: { decimals: '6', numeric: '100' }, iconUrl: '' }
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('validateSend', () => {
  it('behavior: a token, an amount within the balance and a valid receiver pass', () => {
    expect(isValid(validateSend({ token: ptd, amount: '12.5', receiver: RECEIVER, namespace: 'eip155' }))).toBe(true)
    expect(isValid(validateSend({ token: ptd, amount: '100', receiver: RECEIVER.toLowerCase(), namespace: 'eip155' }))).toBe(true)
  })

  it('error: each missing or wrong field says what to fix', () => {
    expect(validateSend({ amount: '1', receiver: RECEIVER, namespace: 'eip155' })).toEqual({ token: { key: 'send.error.token' } })
    expect(validateSend({ token: ptd, amount: '0', receiver: RECEIVER, namespace: 'eip155' }).amount).toEqual({ key: 'send.error.amount' })
    expect(validateSend({ token: ptd, amount: '100.000001', receiver: RECEIVER, namespace: 'eip155' }).amount).toEqual({ key: 'send.error.balance', params: { symbol: 'PTD' } })
    expect(validateSend({ token: ptd, amount: '1.0000001', receiver: RECEIVER, namespace: 'eip155' }).amount).toEqual({ key: 'send.error.decimals', params: { symbol: 'PTD', decimals: 6 } })
    expect(validateSend({ token: ptd, amount: '1', receiver: '', namespace: 'eip155' }).receiver).toEqual({ key: 'send.error.receiver' })
  })
})

describe('validateSend on Solana', () => {
  const sol = { name: 'Solana', symbol: 'SOL', chainId: 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP', price: 150, quantity: { decimals: '9', numeric: '2' }, iconUrl: '' }
  const SOLANA_RECEIVER = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'

  it("error: besides each field's problem, the form says SPEC §5's sentence", () => {
    expect(validateSend({ token: sol, amount: '3', receiver: RECEIVER, namespace: 'solana' })).toEqual({
      amount: { key: 'send.error.balance', params: { symbol: 'SOL' } },
      receiver: { key: 'send.error.address', params: { chain: 'Solana' } },
      form: { key: 'send.error.solanaInvalid' },
    })
    // on EVM the fields speak for themselves
    expect(validateSend({ token: ptd, amount: '0', receiver: RECEIVER, namespace: 'eip155' }).form).toBeUndefined()
  })

  it('behavior: an amount within the balance and a base58 address pass, with 9 decimals', () => {
    expect(validateSend({ token: sol, amount: '1.999999999', receiver: SOLANA_RECEIVER, namespace: 'solana' })).toEqual({})
    expect(validateSend({ token: sol, amount: '0.0000000001', receiver: SOLANA_RECEIVER, namespace: 'solana' }).amount).toEqual({ key: 'send.error.decimals', params: { symbol: 'SOL', decimals: 9 } })
  })
})

describe('checkReceiver', () => {
  it('error: an address of the wrong shape names the chain kind', () => {
    expect(checkReceiver('0x1234', 'eip155')).toEqual({ key: 'send.error.address', params: { chain: 'EVM' } })
    expect(checkReceiver(RECEIVER, 'solana')).toEqual({ key: 'send.error.address', params: { chain: 'Solana' } })
  })

  it('error: a mixed-case address whose checksum does not match is a typo', () => {
    expect(checkReceiver(RECEIVER.replace('C51812', 'c51812'), 'eip155')).toEqual({ key: 'send.error.checksum' })
  })

  it('behavior: without 0x, and surrounded by spaces, an address still passes', () => {
    expect(checkReceiver(` ${RECEIVER.slice(2).toLowerCase()} `, 'eip155')).toBeUndefined()
    expect(checkReceiver('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', 'solana')).toBeUndefined()
  })
})
