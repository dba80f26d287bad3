import { isPorticoError } from '@portico/contracts/plugin'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ChainNotConfiguredError, ProviderNotFoundError, rejectionCodeOf, rpcCodeOf, toEvmError, toUserRejection, UserRejectedError } from './errors.js'

const rpc = (code: number, message = 'wallet says') => Object.assign(new Error(message), { code })

describe('evm errors', () => {
  it.each([
    [4001, 'USER_REJECTED'],
    [5000, 'USER_REJECTED'],
    [4100, 'UNAUTHORIZED'],
    [4200, 'METHOD_NOT_SUPPORTED'],
    [-32601, 'METHOD_NOT_SUPPORTED'],
    [4900, 'DISCONNECTED'],
    [4901, 'CHAIN_DISCONNECTED'],
    [-32002, 'REQUEST_PENDING'],
    [-32603, 'WALLET_REQUEST_FAILED'],
  ])('behavior: wallet code %i maps to %s, keeping the wallet code and cause', (code, expected) => {
    const cause = rpc(code)
    const error = toEvmError(cause, 'request', 'eth_foo')
    expect(error.code).toBe(expected)
    expect((error as { rpcCode?: number }).rpcCode).toBe(code)
    expect(error.cause).toBe(cause)
    expect(isPorticoError(error, expected)).toBe(true)
  })

  it('behavior: a rejection is worded after what was declined', () => {
    expect(toEvmError(rpc(4001), 'signMessage').shortMessage).toBe('Signature declined')
    expect(toEvmError(rpc(4001), 'sendTransaction').shortMessage).toBe('Signature declined')
    expect(toEvmError(rpc(4001), 'connect').shortMessage).toBe('Connection declined')
    expect(toEvmError(rpc(4001), 'switchNetwork').shortMessage).toBe('Network switch declined')
  })

  it('behavior: codes are found in viem errors, cause chains and data.originalError', () => {
    expect(rpcCodeOf(new UserRejectedRequestError(new Error('x')))).toBe(4001)
    expect(rpcCodeOf(new Error('outer', { cause: rpc(4902) }))).toBe(4902)
    expect(rpcCodeOf({ message: 'wrapped', data: { originalError: { code: 4902 } } })).toBe(4902)
    expect(rpcCodeOf('nope')).toBeUndefined()
  })

  it('behavior: Portico errors pass through; the wallet message is kept in a generic failure', () => {
    const own = new ChainNotConfiguredError('eip155:1')
    expect(toEvmError(own, 'switchNetwork')).toBe(own)
    const generic = toEvmError(rpc(-32000, 'insufficient funds for gas'), 'sendTransaction', 'eth_sendTransaction')
    expect(generic.shortMessage).toBe('The wallet request failed: insufficient funds for gas.')
    expect(generic.details).toBe('method eth_sendTransaction, code -32000')
    expect(toEvmError(undefined, 'request').shortMessage).toBe('The wallet request failed.')
  })

  it.each([
    ['4001 from the wallet', rpc(4001), 4001],
    ['5000 from a WalletConnect wallet', rpc(5000), 5000],
    ['4001 as the cause of a codeless error', new Error('outer', { cause: rpc(4001) }), 4001],
    ['5000 two causes down, under another code', Object.assign(new Error('outer', { cause: new Error('mid', { cause: rpc(5000) }) }), { code: -32000 }), 5000],
    ['4001 in data.originalError under -32603', { code: -32603, message: 'Internal', data: { originalError: { code: 4001 } } }, 4001],
    ['a viem UserRejectedRequestError', new UserRejectedRequestError(new Error('x')), 4001],
  ])('error: a refusal (%s) is USER_REJECTED at the top level, keeping the original as cause', (_, thrown, code) => {
    const error = toEvmError(thrown, 'signMessage', 'personal_sign')
    expect(error).toBeInstanceOf(UserRejectedError)
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined', rpcCode: code })
    expect(error.cause).toBe(thrown)
    expect(rejectionCodeOf(thrown)).toBe(code)
  })

  it('error: a Portico error of another code wrapping a refusal becomes USER_REJECTED; one that is USER_REJECTED already passes through', () => {
    const wrapped = new ProviderNotFoundError('x', { cause: rpc(4001) })
    const error = toEvmError(wrapped, 'connect')
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined', rpcCode: 4001 })
    expect(error.cause).toBe(wrapped)
    const declined = new UserRejectedError('switchNetwork')
    expect(toEvmError(declined, 'request')).toBe(declined)
    // a plain object with the string code (another SDK) gets a Portico error around it
    const foreign = { code: 'USER_REJECTED', message: 'no' }
    expect(toEvmError(foreign, 'request')).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Request declined', cause: foreign })
  })

  it('behavior: codes that are not refusals are not taken for one, nested or not', () => {
    expect(rejectionCodeOf(rpc(-32603))).toBeUndefined()
    expect(rejectionCodeOf({ code: -1, data: { originalError: { code: 4902 } } })).toBeUndefined()
    expect(rejectionCodeOf(new Error('outer', { cause: rpc(4100) }))).toBeUndefined()
    expect(toEvmError({ code: -32603, data: { originalError: { code: 4902 } } }, 'request').code).toBe('WALLET_REQUEST_FAILED')
    const self: { code: number; cause?: unknown } = { code: -1 }
    self.cause = self
    expect(rejectionCodeOf(self)).toBeUndefined()
  })

  it('behavior: toUserRejection wraps only refusals and leaves every other error as it is', () => {
    const other = new ChainNotConfiguredError('eip155:1')
    expect(toUserRejection(other, 'switchNetwork')).toBe(other)
    const plain = rpc(-32000)
    expect(toUserRejection(plain, 'request')).toBe(plain)
    const declined = new UserRejectedError('connect')
    expect(toUserRejection(declined, 'request')).toBe(declined)
    const rejected = toUserRejection(new ChainNotConfiguredError('eip155:1', { cause: rpc(5000) }), 'switchNetwork')
    expect(rejected).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Network switch declined', rpcCode: 5000 })
  })
})
