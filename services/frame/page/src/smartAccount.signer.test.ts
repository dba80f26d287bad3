import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { hashMessage, recoverMessageAddress, type Address, type Hex } from 'viem'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { ApprovalRequest } from './approval.js'
import { ChainState } from './chain.js'
import type { SmartAccountTarget } from './smartAccount.js'
import { handleRpc, type SignerContext } from './signer.js'
import type { FrameStore } from './store.js'

// the smart-account chunk stood in for: what the signer hands it is what these tests check
const smart = vi.hoisted(() => ({
  sendSmartCalls: vi.fn(),
  signSmartMessage: vi.fn(),
  signSmartTypedData: vi.fn(),
  userOperationStatus: vi.fn(),
}))
vi.mock('./smartAccount.js', () => smart)

const ENTROPY = mnemonicToEntropy('test test test test test test test test test test test junk', wordlist)
const OWNER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SMART: Address = '0x5a5A5a5a5A5a5a5a5a5A5a5A5A5a5a5A5A5A5A5A'
const TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const RPC = 'http://rpc.test/'
const TARGET: SmartAccountTarget = {
  chainId: 31337,
  rpcUrl: RPC,
  owner: OWNER,
  config: { bundlerUrl: 'http://bundler.test', factoryAddress: `0x${'f'.repeat(40)}`, entryPoint: `0x${'e'.repeat(40)}` },
}
const USER_OP = `0x${'ab'.repeat(32)}` as Hex
const TX = `0x${'cd'.repeat(32)}` as Hex

function context() {
  const asked: ApprovalRequest[] = []
  const store = { chain: async () => undefined, saveChain: async () => undefined } as unknown as FrameStore
  const ctx: SignerContext = {
    chain: new ChainState(store, { chainId: 31337, rpcUrl: RPC }),
    account: async (chainId) =>
      chainId === undefined || chainId === 31337
        ? { userId: 'u1', address: SMART, owner: OWNER, smart: TARGET, offered: TARGET }
        : { userId: 'u1', address: OWNER, owner: OWNER },
    approve: async (request) => void asked.push(request),
    withEntropy: async (_, operation) => operation(ENTROPY.slice()),
  }
  return { ctx, asked }
}

beforeEach(() => {
  for (const fn of Object.values(smart)) fn.mockReset()
})

describe('signer: the smart account in use', () => {
  test('behavior: eth_sendTransaction is one user operation, shown for approval like an eoa send; the answer is the transaction hash', async () => {
    smart.sendSmartCalls.mockResolvedValue({ hash: USER_OP, receipt: async () => ({ receipt: { transactionHash: TX } }) })
    const { ctx, asked } = context()
    const hash = await handleRpc({ method: 'eth_sendTransaction', params: [{ from: SMART, to: TO, value: '0x2386f26fc10000' }] }, ctx)
    expect(hash).toBe(TX)
    expect(asked[0]!.method).toBe('eth_sendTransaction')
    expect(asked[0]!.rows[0]).toMatchObject({ value: SMART })
    const [target, , calls] = smart.sendSmartCalls.mock.calls[0]!
    expect(target).toBe(TARGET)
    expect(calls).toEqual([{ to: TO, value: 10n ** 16n }])
  })

  test('behavior: wallet_sendCalls with three calls is ONE user operation; its id is the user operation hash, which wallet_getCallsStatus asks the bundler about', async () => {
    smart.sendSmartCalls.mockResolvedValue({ hash: USER_OP, receipt: async () => ({}) })
    smart.userOperationStatus.mockResolvedValue({ status: 200, atomic: true })
    const { ctx } = context()
    const calls = [{ to: TO, value: '0x1' }, { to: TO, value: '0x2', data: '0xabcd' }, { to: OWNER }]
    expect(await handleRpc({ method: 'wallet_sendCalls', params: [{ from: SMART, chainId: '0x7a69', calls }] }, ctx)).toEqual({ id: USER_OP })
    expect(smart.sendSmartCalls).toHaveBeenCalledTimes(1)
    expect(smart.sendSmartCalls.mock.calls[0]![2]).toEqual([{ to: TO, value: 1n }, { to: TO, value: 2n, data: '0xabcd' }, { to: OWNER }])
    expect(await handleRpc({ method: 'wallet_getCallsStatus', params: [USER_OP] }, ctx)).toEqual({ status: 200, atomic: true })
    expect(smart.userOperationStatus).toHaveBeenCalledWith(TARGET, USER_OP)
  })

  test('behavior: personal_sign of the smart account goes through its signing, whose owner signature comes from the wallet key', async () => {
    smart.signSmartMessage.mockImplementation(async (_target, owner, message) => owner.signMessage({ raw: hashMessage(message) }))
    const { ctx } = context()
    const signature = (await handleRpc({ method: 'personal_sign', params: ['hello', SMART] }, ctx)) as Hex
    expect(smart.signSmartMessage).toHaveBeenCalledWith(TARGET, expect.anything(), 'hello')
    expect(await recoverMessageAddress({ message: { raw: hashMessage('hello') }, signature })).toBe(OWNER)
  })

  test('behavior: wallet_getCapabilities says atomic batches where the smart account is in use, nothing elsewhere', async () => {
    const { ctx } = context()
    expect(await handleRpc({ method: 'wallet_getCapabilities', params: [SMART, ['0x7a69', '0x1']] }, ctx)).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x1': {},
    })
  })

  test('error: a request for the eoa while the smart account is in use is refused; a contract creation is refused', async () => {
    const { ctx } = context()
    await expect(handleRpc({ method: 'personal_sign', params: ['hi', OWNER] }, ctx)).rejects.toThrow('The request is for another account.')
    await expect(handleRpc({ method: 'eth_sendTransaction', params: [{ from: SMART, data: '0x6000' }] }, ctx)).rejects.toThrow(
      'A smart account cannot create a contract with a transaction.',
    )
    expect(smart.sendSmartCalls).not.toHaveBeenCalled()
  })
})
