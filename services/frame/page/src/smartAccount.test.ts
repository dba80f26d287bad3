import { HttpRequestError, keccak256, encodeAbiParameters, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { FrameFailure } from './errors.js'
import { aaReason, replaySafeHash, smartAccountFailure, type SmartAccountTarget } from './smartAccount.js'

const target: SmartAccountTarget = {
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:8545',
  owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  config: { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4310/v1/paymaster/31337', factoryAddress: `0x${'f'.repeat(40)}`, entryPoint: `0x${'e'.repeat(40)}` },
}

describe('smart account: errors the visitor reads', () => {
  test('error: an EntryPoint rejection names its AA code and reason, however deep the bundler error nests it', () => {
    const bundler = Object.assign(new Error('UserOperation reverted during simulation with reason: AA23 reverted (or OOG)'), {})
    const wrapped = new Error('Execution reverted', { cause: new Error('RPC Request failed.', { cause: bundler }) })
    expect(aaReason(wrapped)).toBe('AA23 reverted (or OOG)')
    const failure = smartAccountFailure(wrapped, target) as FrameFailure
    expect(failure).toBeInstanceOf(FrameFailure)
    expect(failure.message).toBe('The smart account operation was rejected: AA23 reverted (or OOG)')
    expect(failure.code).toBe('USER_OPERATION_REJECTED')
    expect(aaReason(Object.assign(new Error('x'), { details: "AA21 didn't pay prefund" }))).toBe("AA21 didn't pay prefund")
    expect(aaReason(new Error('nothing to see; AAA12 is not a code'))).toBeUndefined()
  })

  test('error: the bundler or paymaster unreachable says the smart account service is unavailable; the chain RPC does not', () => {
    const down = new HttpRequestError({ url: 'http://127.0.0.1:4337/', body: {}, details: 'fetch failed' })
    expect((smartAccountFailure(new Error('wrapped', { cause: down }), target) as FrameFailure).message).toBe(
      'The smart account service is unavailable. Try again in a moment, or switch to your EOA.',
    )
    const paymaster = new HttpRequestError({ url: 'http://127.0.0.1:4310/v1/paymaster/31337', body: {}, details: 'fetch failed' })
    expect((smartAccountFailure(paymaster, target) as FrameFailure).code).toBe('SMART_ACCOUNT_SERVICE_UNAVAILABLE')
    const chain = new HttpRequestError({ url: 'http://127.0.0.1:8545', body: {}, details: 'fetch failed' })
    expect((smartAccountFailure(chain, target) as FrameFailure).code).toBe('SMART_ACCOUNT_FAILED')
    // the frame's own failures (a rejected approval) pass through untouched
    const rejected = new FrameFailure('User rejected the request.')
    expect(smartAccountFailure(rejected, target)).toBe(rejected)
  })
})

describe('smart account: signatures', () => {
  test('behavior: the hash the owner signs binds the request to the account and the chain', () => {
    const hash = keccak256('0x1234') as Hex
    const account = '0x5a5A5a5a5A5a5a5a5a5A5a5A5A5a5a5A5A5A5A5A'
    expect(replaySafeHash(hash, account, 31337)).toBe(keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [hash, account, 31337n])))
    expect(replaySafeHash(hash, account, 31338)).not.toBe(replaySafeHash(hash, account, 31337))
    expect(replaySafeHash(hash, target.owner, 31337)).not.toBe(replaySafeHash(hash, account, 31337))
  })
})
