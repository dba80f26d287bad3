import { isPorticoError } from '@portico/contracts/plugin'
import { describe, expect, it } from 'vitest'
import { ConnectionDeclinedError, isRejection, PairingFailedError, ProviderRpcError } from './errors.js'

const sdkError = (code: number, message = 'User rejected.') => ({ code, message })

describe('walletconnect errors', () => {
  it.each([
    ['5000 (WalletConnect USER_REJECTED)', sdkError(5000)],
    ['5001 (chains rejected)', sdkError(5001)],
    ['5002 (methods rejected)', sdkError(5002)],
    ['4001 (EIP-1193)', new ProviderRpcError(4001, 'User rejected the request.', { code: 5000 })],
    ['USER_REJECTED (a Portico error)', new ConnectionDeclinedError()],
    ['5000 as a cause', new Error('Proposal failed', { cause: sdkError(5000) })],
    ['4001 two causes down under another code', Object.assign(new Error('outer', { cause: new Error('mid', { cause: sdkError(4001) }) }), { code: -32000 })],
    ['5000 in data.originalError', { code: -32603, message: 'Internal', data: { originalError: sdkError(5000) } }],
  ])('behavior: %s is a refusal', (_, error) => {
    expect(isRejection(error)).toBe(true)
  })

  it.each([
    ['no error', undefined],
    ['a string', 'User rejected.'],
    ['an expired proposal (WalletConnect 8000)', sdkError(8000, 'Proposal expired')],
    ['an internal error', new ProviderRpcError(-32603, 'Internal')],
    ['an unauthorised method nested', new Error('outer', { cause: sdkError(4100) })],
    ['a failed pairing', new PairingFailedError(new Error('relay down'))],
  ])('behavior: %s is not a refusal', (_, error) => {
    expect(isRejection(error)).toBe(false)
  })

  it('behavior: a cause chain that loops ends the search', () => {
    const loop: { code: number; cause?: unknown } = { code: -1 }
    loop.cause = { code: -2, cause: loop }
    expect(isRejection(loop)).toBe(false)
  })

  it('error: a declined connection carries code USER_REJECTED at the top level, EIP-1193 4001 and the wallet\'s error as cause', () => {
    const cause = sdkError(5000)
    const error = new ConnectionDeclinedError(cause)
    expect(error).toMatchObject({ code: 'USER_REJECTED', rpcCode: 4001, shortMessage: 'Connection declined', name: 'ConnectionDeclinedError' })
    expect(error.cause).toBe(cause)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
  })

  it('behavior: ProviderRpcError keeps its numeric EIP-1193 code, its data and, when given, the original as cause', () => {
    const original = sdkError(5000)
    const error = new ProviderRpcError(4001, 'User rejected the request.', { code: 5000 }, { cause: original })
    expect(error).toMatchObject({ name: 'ProviderRpcError', code: 4001, data: { code: 5000 }, message: 'User rejected the request.' })
    expect(error.cause).toBe(original)
    expect('cause' in new ProviderRpcError(4900, 'gone')).toBe(false)
  })
})
