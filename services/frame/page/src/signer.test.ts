import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { toHex, verifyMessage, verifyTypedData, type Address } from 'viem'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ApprovalRequest } from './approval.js'
import { ChainState } from './chain.js'
import { FrameFailure } from './errors.js'
import { handleRpc, displayMessage, type SignerContext } from './signer.js'
import type { FrameStore } from './store.js'

const ENTROPY = mnemonicToEntropy('test test test test test test test test test test test junk', wordlist)
const ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RPC = 'http://rpc.test/'

const memoryStore = () => ({ chain: async () => undefined, saveChain: async () => undefined }) as unknown as FrameStore

function context(decision: 'approve' | 'reject' = 'approve') {
  const asked: ApprovalRequest[] = []
  const ctx: SignerContext = {
    chain: new ChainState(memoryStore(), { chainId: 31337, rpcUrl: RPC }),
    account: async () => ({ userId: 'u1', address: ADDRESS, owner: ADDRESS }),
    approve: async (request) => {
      asked.push(request)
      if (decision === 'reject') throw new FrameFailure('User rejected the request.')
    },
    withEntropy: async (_, operation) => operation(ENTROPY.slice()),
  }
  return { ctx, asked }
}

const TYPED = {
  domain: { name: 'Portico Test', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', contents: 'Hello, Bob!' },
} as const

afterEach(() => vi.unstubAllGlobals())

describe('handleRpc', () => {
  test('behavior: personal_sign is approved, then signed; viem verifies the signature independently', async () => {
    const { ctx, asked } = context()
    const message = toHex('Sign in to Portico')
    const signature = (await handleRpc({ method: 'personal_sign', params: [message, ADDRESS] }, ctx)) as `0x${string}`
    expect(await verifyMessage({ address: ADDRESS, message: { raw: message }, signature })).toBe(true)
    expect(asked[0].method).toBe('personal_sign')
    expect(asked[0].rows.find((r) => r.label === 'Message')?.value).toBe('Sign in to Portico')
  })

  test('behavior: eth_signTypedData_v4 (JSON string) shows domain, primary type and message; the signature verifies', async () => {
    const { ctx, asked } = context()
    const signature = (await handleRpc({ method: 'eth_signTypedData_v4', params: [ADDRESS, JSON.stringify(TYPED)] }, ctx)) as `0x${string}`
    const { EIP712Domain: _, ...types } = TYPED.types
    expect(await verifyTypedData({ address: ADDRESS, domain: TYPED.domain, types, primaryType: 'Mail', message: TYPED.message, signature })).toBe(true)
    const labels = asked[0].rows.map((r) => r.label)
    expect(labels).toEqual(['Account', 'Domain', 'Primary type', 'Message'])
    expect(asked[0].rows[1].value).toContain('Portico Test')
  })

  test('error: a rejected approval signs nothing and answers "User rejected the request."', async () => {
    const { ctx } = context('reject')
    const withEntropy = vi.spyOn(ctx, 'withEntropy')
    await expect(handleRpc({ method: 'personal_sign', params: ['0x68', ADDRESS] }, ctx)).rejects.toThrow('User rejected the request.')
    expect(withEntropy).not.toHaveBeenCalled()
  })

  test('error: a request for another address is refused before asking', async () => {
    const { ctx, asked } = context()
    await expect(handleRpc({ method: 'personal_sign', params: ['0x68', '0x0000000000000000000000000000000000000001'] }, ctx)).rejects.toThrow(
      'The request is for another account.',
    )
    expect(asked).toEqual([])
  })

  test('error: solana methods are not available yet; unknown methods are not allowed', async () => {
    const { ctx } = context()
    await expect(handleRpc({ method: 'solana_signMessage', params: { message: 'aGk=', pubkey: 'x' } }, ctx)).rejects.toThrow(
      'Solana signing is not available yet',
    )
    await expect(handleRpc({ method: 'getBalance', params: [], chainNamespace: 'solana' }, ctx)).rejects.toThrow('Solana signing is not available yet')
    await expect(handleRpc({ method: 'eth_magic', params: [] }, ctx)).rejects.toThrow('Requested RPC call is not allowed')
    await expect(handleRpc({ method: 'eth_sign', params: [] }, ctx)).rejects.toThrow('Requested RPC call is not allowed')
  })

  test('behavior: eth_accounts, eth_chainId and wallet_getCapabilities are answered locally', async () => {
    const { ctx } = context()
    expect(await handleRpc({ method: 'eth_accounts', params: [] }, ctx)).toEqual([ADDRESS])
    expect(await handleRpc({ method: 'eth_chainId', params: [] }, ctx)).toBe('0x7a69')
    expect(await handleRpc({ method: 'wallet_getCapabilities', params: [ADDRESS] }, ctx)).toEqual({ '0x7a69': {} })
  })

  test('behavior: safe methods are forwarded to the chain RPC url', async () => {
    const calls: any[] = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body))
      calls.push({ url, body })
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0xde0b6b3a7640000' }), { headers: { 'content-type': 'application/json' } })
    })
    const { ctx } = context()
    expect(await handleRpc({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] }, ctx)).toBe('0xde0b6b3a7640000')
    expect(calls[0]).toMatchObject({ url: RPC, body: { method: 'eth_getBalance', params: [ADDRESS, 'latest'] } })
  })

  test('error: without an RPC url the request says how to give one', async () => {
    const { ctx } = context()
    await ctx.chain.set(1)
    await expect(handleRpc({ method: 'eth_blockNumber', params: [] }, ctx)).rejects.toThrow(/No RPC URL for chain 1/)
  })

  test('behavior: personal_sign messages show as text when they are UTF-8, else as hex', () => {
    expect(displayMessage(toHex('héllo'))).toBe('héllo')
    expect(displayMessage('0x00ff01')).toBe('0x00ff01')
    expect(displayMessage('plain')).toBe('plain')
  })
})
