import { isPorticoError } from '@portico/contracts/plugin'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ChainNotConfiguredError, rpcCodeOf, toEvmError } from './errors.js'

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
})
