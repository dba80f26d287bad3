import { defineConnector, isPorticoError, type Connector } from '@portico/contracts/plugin'
import { describe, expect, it } from 'vitest'
import { RpcRequestFailedError } from '../errors.js'
import { anvil, anvil2 } from '../networks.js'
import { createEvmContext } from './context.js'
import { createEvmAdapter, type EvmAdapter } from './index.js'
import { bindMethod } from './rejections.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const rpc = (code: number, message = 'wallet says') => Object.assign(new Error(message), { code })

/** How wallets and SDKs reject: the plain EIP-1193 code, WalletConnect's, or wrapped by an SDK. */
const refusals: [string, () => unknown][] = [
  ['4001', () => rpc(4001, 'User rejected the request.')],
  ['5000', () => rpc(5000, 'User rejected.')],
  ['4001 as a nested cause', () => new Error('Request failed', { cause: new Error('inner', { cause: rpc(4001) }) })],
  ['4001 in data.originalError', () => ({ code: -32603, message: 'Internal JSON-RPC error', data: { originalError: { code: 4001 } } })],
]

/** A wallet that has authorised one account on anvil and rejects every other request with `reject()`. */
function refusingConnector(reject: () => unknown): Connector {
  const provider = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      throw reject()
    },
  }
  return defineConnector({ id: 'refusing', name: 'Refusing', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => provider })
}

/** Every adapter method that reaches the wallet, and the words its refusal shows. */
const calls: [string, string, (a: EvmAdapter, connector: Connector) => Promise<unknown>][] = [
  ['connect', 'Connection declined', (a, connector) => a.connect({ connector })],
  ['switchNetwork', 'Network switch declined', (a, connector) => a.switchNetwork({ connector, network: anvil2 })],
  ['signMessage', 'Signature declined', (a, connector) => a.signMessage({ connector, address: ADDRESS, message: 'hi' })],
  ['signTypedData', 'Signature declined', (a, connector) => a.signTypedData!({ connector, address: ADDRESS, typedData: '{}' })],
  ['sendTransaction', 'Signature declined', (a, connector) => a.sendTransaction({ connector, address: ADDRESS, network: anvil, transaction: { to: ADDRESS, value: 1n } })],
  ['sendCalls', 'Signature declined', (a, connector) => a.sendCalls!({ connector, address: ADDRESS, network: anvil, calls: [{ to: ADDRESS }] })],
  ['getCapabilities', 'Request declined', (a, connector) => a.getCapabilities!({ connector, address: ADDRESS })],
  ['getCallsStatus', 'Request declined', (a, connector) => a.getCallsStatus!({ connector, id: '0x01' })],
  ['request', 'Request declined', (a, connector) => a.request!({ connector, method: 'eth_sign', params: [] })],
]

const failure = (p: Promise<unknown>) => p.then(() => expect.fail('expected a failure'), (e) => e as Error & { code: unknown; shortMessage: string; rpcCode?: number })

/** True when `inner` is `error` or somewhere in its `cause` chain. */
function wraps(error: unknown, inner: unknown): boolean {
  for (let e = error, i = 0; e && i < 10; e = (e as { cause?: unknown }).cause, i++) if (e === inner) return true
  return false
}

describe('evm adapter: every refusal surfaces code USER_REJECTED at the top level', () => {
  describe.each(refusals)('the wallet refuses with %s', (_, reject) => {
    it.each(calls)('error: %s', async (_method, words, call) => {
      const adapter = createEvmAdapter({ networks: [anvil, anvil2] })
      let thrown: unknown
      const connector = refusingConnector(() => (thrown = reject()))
      const error = await failure(call(adapter, connector))
      expect(error.code).toBe('USER_REJECTED')
      expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
      expect(error.shortMessage).toBe(words)
      expect(wraps(error, thrown), 'the wallet\'s error is kept as cause').toBe(true)
      adapter.destroy()
    })
  })

  it('error: a wallet that refuses eth_accounts on reconnect is USER_REJECTED too', async () => {
    const adapter = createEvmAdapter({ networks: [anvil] })
    const connector = defineConnector({
      id: 'x',
      name: 'X',
      type: 'INJECTED',
      chains: ['eip155'],
      getProvider: async () => ({ request: async () => Promise.reject(rpc(5000)) }),
    })
    expect(await failure(adapter.reconnect({ connector }))).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined', rpcCode: 5000 })
  })

  it('error: a connector whose getProvider is refused is USER_REJECTED, not PROVIDER_NOT_FOUND; other failures stay PROVIDER_NOT_FOUND', async () => {
    const adapter = createEvmAdapter({ networks: [anvil] })
    const refused = defineConnector({ id: 'x', name: 'X', type: 'AUTH', chains: ['eip155'], getProvider: () => Promise.reject(rpc(4001)) })
    const error = await failure(adapter.connect({ connector: refused }))
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined', rpcCode: 4001 })
    expect((error.cause as { code?: unknown }).code).toBe('PROVIDER_NOT_FOUND')
    expect(await failure(adapter.disconnect({ connector: refused }))).toMatchObject({ code: 'USER_REJECTED' })
    const broken = defineConnector({ id: 'y', name: 'Y', type: 'AUTH', chains: ['eip155'], getProvider: () => Promise.reject(new Error('gone')) })
    expect((await failure(adapter.connect({ connector: broken }))).code).toBe('PROVIDER_NOT_FOUND')
  })

  it('error: failures that are not refusals keep their own code', async () => {
    const adapter = createEvmAdapter({ networks: [anvil, anvil2] })
    const connector = refusingConnector(() => rpc(-32603, 'Internal error'))
    expect(await failure(adapter.signMessage({ connector, address: ADDRESS, message: 'x' }))).toMatchObject({ code: 'WALLET_REQUEST_FAILED', rpcCode: -32603 })
    const pending = refusingConnector(() => rpc(-32002))
    expect((await failure(adapter.connect({ connector: pending }))).code).toBe('REQUEST_PENDING')
  })

  it('behavior: bindMethod maps a refusal wrapped in any error (an RPC failure here) and passes results and other errors through', async () => {
    const ctx = createEvmContext({ networks: [anvil] })
    const refusal = rpc(4001)
    const estimate = bindMethod(ctx, 'estimateGas', async (_ctx, _p: { n: number }) => Promise.reject(new RpcRequestFailedError('Anvil', refusal)))
    const error = await failure(estimate({ n: 1 }))
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Request declined', rpcCode: 4001 })
    expect(wraps(error, refusal)).toBe(true)
    const ok = bindMethod(ctx, 'request', async (c, p: { n: number }) => (c === ctx ? p.n * 2 : -1))
    expect(await ok({ n: 21 })).toBe(42)
    const other = new RpcRequestFailedError('Anvil', rpc(-32000))
    expect(await failure(bindMethod(ctx, 'getBalance', async () => Promise.reject(other))({}))).toBe(other)
  })
})
