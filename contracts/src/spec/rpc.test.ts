import { describe, expect, it } from 'vitest'
import { SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, classifyRpcMethod, isSafeRpcMethod } from './rpc.js'

describe('isSafeRpcMethod', () => {
  it.each([
    'eth_call',
    'eth_getBalance',
    'eth_getLogs',
    'eth_sendRawTransaction',
    'wallet_getCapabilities',
    'wallet_getCallsStatus',
    'wallet_getAssets',
    'eth_blockNumber',
    'eth_chainId',
    'eth_estimateGas',
    'eth_getTransactionReceipt',
    'eth_accounts',
  ])('behavior: %s is safe', (method) => {
    expect(isSafeRpcMethod(method)).toBe(true)
    expect(classifyRpcMethod(method)).toBe('safe')
  })

  it.each([
    'personal_sign',
    'eth_sign',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
    'eth_sendUserOperation',
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
    'wallet_sendCalls',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
  ])('behavior: %s is unsafe', (method) => {
    expect(isSafeRpcMethod(method)).toBe(false)
    expect(classifyRpcMethod(method)).toBe('unsafe')
  })

  it('behavior: unknown methods are neither safe nor unsafe (deny by default)', () => {
    for (const method of ['eth_somethingNew', 'wallet_switchEthereumChain', 'ETH_CALL', ' eth_call', '', undefined, 1]) {
      expect(isSafeRpcMethod(method)).toBe(false)
      expect(classifyRpcMethod(method)).toBe('unknown')
    }
  })

  it('behavior: the two lists do not overlap and hold no duplicates', () => {
    const safe = new Set<string>(SAFE_RPC_METHODS)
    expect(safe.size).toBe(SAFE_RPC_METHODS.length)
    expect(new Set(UNSAFE_RPC_METHODS).size).toBe(UNSAFE_RPC_METHODS.length)
    expect(UNSAFE_RPC_METHODS.filter((m) => safe.has(m))).toEqual([])
  })

  it('behavior: nothing that signs or sends a new transaction is on the safe list', () => {
    expect(SAFE_RPC_METHODS.filter((m) => /sign|sendTransaction|sendCalls|Permissions|sendUserOperation/.test(m))).toEqual([])
  })
})
