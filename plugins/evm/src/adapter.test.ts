import { defineConnector, type Connector } from '@portico/contracts/plugin'
import { isSignedMessage, isTransactionHash } from '@portico/contracts/spec'
import { createDevWallet, type DevWallet } from '@portico/tests/wallets/evm'
import { createPublicClient, getAddress, http, numberToHex, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import { createEvmAdapter, type EvmAdapter } from './adapter/index.js'
import { anvil, anvil2, defineEvmNetwork, withRpcUrls, type EvmNetwork } from './networks.js'

let chainA: Anvil
let chainB: Anvil
let wallet: DevWallet
let adapter: EvmAdapter
let connector: Connector
let networkA: EvmNetwork
let networkB: EvmNetwork

const [alice, bob] = ANVIL_ACCOUNTS

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})

/** A connector over a given EIP-1193 provider, the way the injected plugin builds one. */
function connectorFor(provider: unknown, id = 'dev'): Connector {
  return defineConnector({ id, name: 'Dev', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => provider })
}

beforeEach(() => {
  wallet = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url } })
  adapter = createEvmAdapter({ rpcUrls: { 31337: [chainA.url], 31338: [chainB.url] } })
  connector = connectorFor(wallet)
  networkA = adapter.networks.find((n) => n.id === 31337) as EvmNetwork
  networkB = adapter.networks.find((n) => n.id === 31338) as EvmNetwork
})
afterEach(() => adapter.destroy())

const failure = (p: Promise<unknown>) => p.then(() => expect.fail('expected a failure'), (e) => e as { code: string; shortMessage: string; rpcCode?: number; name: string })

describe('evm adapter: networks', () => {
  it('behavior: rpcUrls overrides replace the local chains\' URLs; other networks keep theirs', () => {
    expect(networkA.rpcUrls.default.http).toEqual([chainA.url])
    expect(networkA.rpcUrls.chainDefault?.http).toEqual([chainA.url])
    expect(adapter.networks.find((n) => n.id === 1)?.rpcUrls.default.http).toEqual(['https://ethereum.reth.rs/rpc'])
    expect(adapter.namespace).toBe('eip155')
  })
})

describe('evm adapter: connect, reconnect, disconnect', () => {
  it('behavior: connect asks for accounts then the chain, and returns checksummed addresses', async () => {
    const result = await adapter.connect({ connector, network: networkA })
    expect(result).toEqual({ address: alice.address, accounts: [alice.address, bob.address], chainId: 31337 })
    expect(wallet.requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_chainId'])
    expect(adapter.getChainId(connector)).toBe(31337)
  })

  it('error: a declined connection is USER_REJECTED with the wallet code kept', async () => {
    wallet.setMode('reject')
    const error = await failure(adapter.connect({ connector }))
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined', rpcCode: 4001, name: 'UserRejectedError' })
  })

  it('behavior: reconnect never prompts: undefined before authorisation, the same account after', async () => {
    expect(await adapter.reconnect({ connector })).toBeUndefined()
    expect(wallet.requests.map((r) => r.method)).toEqual(['eth_accounts'])
    const connected = await adapter.connect({ connector })
    wallet.setMode('reject') // a prompt would now fail: reconnect must not prompt
    expect(await adapter.reconnect({ connector })).toEqual(connected)
  })

  it('behavior: disconnect revokes permissions, so reconnect yields undefined, and stops this connector\'s events', async () => {
    await adapter.connect({ connector })
    const seen: unknown[] = []
    await adapter.watch({ connector, onAccountsChanged: (a) => seen.push(a) })
    await adapter.disconnect({ connector })
    expect(wallet.requests.at(-1)).toEqual({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(seen).toEqual([]) // the wallet's accountsChanged([]) after revoking is not relayed
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
    expect(await adapter.reconnect({ connector })).toBeUndefined()
    expect(adapter.getChainId(connector)).toBeUndefined()
  })

  it('behavior: disconnect ignores a wallet without wallet_revokePermissions', async () => {
    const legacy = {
      request: (args: { method: string; params?: unknown }) =>
        args.method === 'wallet_revokePermissions' ? Promise.reject(Object.assign(new Error('no'), { code: 4200 })) : wallet.request(args),
    }
    await expect(adapter.disconnect({ connector: connectorFor(legacy) })).resolves.toBeUndefined()
  })

  it('error: a connector without an EIP-1193 provider is PROVIDER_NOT_FOUND', async () => {
    const error = await failure(adapter.connect({ connector: connectorFor({ notAProvider: true }) }))
    expect(error.code).toBe('PROVIDER_NOT_FOUND')
    const throwing = defineConnector({ id: 'x', name: 'X', type: 'INJECTED', chains: ['eip155'], getProvider: () => Promise.reject(new Error('gone')) })
    expect((await failure(adapter.reconnect({ connector: throwing }))).code).toBe('PROVIDER_NOT_FOUND')
  })
})

describe('evm adapter: signing and sending', () => {
  beforeEach(async () => {
    await adapter.connect({ connector })
  })

  it('behavior: signMessage uses personal_sign and the signature verifies', async () => {
    const signature = await adapter.signMessage({ connector, address: alice.address, message: 'Sign in to Portico' })
    expect(isSignedMessage(signature)).toBe(true)
    expect(wallet.requests.at(-1)?.method).toBe('personal_sign')
    expect(await verifyMessage({ address: alice.address, message: 'Sign in to Portico', signature: signature as Hex })).toBe(true)
  })

  it('error: a declined signature is USER_REJECTED "Signature declined"; a failing wallet is WALLET_REQUEST_FAILED', async () => {
    wallet.setMode('reject')
    expect(await failure(adapter.signMessage({ connector, address: alice.address, message: 'x' }))).toMatchObject({
      code: 'USER_REJECTED',
      shortMessage: 'Signature declined',
    })
    wallet.setMode('fail')
    expect(await failure(adapter.signMessage({ connector, address: alice.address, message: 'x' }))).toMatchObject({
      code: 'WALLET_REQUEST_FAILED',
      rpcCode: -32603,
    })
  })

  it('behavior: signTypedData sends eth_signTypedData_v4 with the domain type and bigint values; the signature verifies', async () => {
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: { Transfer: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }] },
      primaryType: 'Transfer',
      message: { to: bob.address, amount: 12345678901234567890123n },
    } as const
    const signature = await adapter.signTypedData!({ connector, address: alice.address, typedData })
    expect(wallet.requests.at(-1)?.method).toBe('eth_signTypedData_v4')
    expect(await verifyTypedData({ ...typedData, address: alice.address, signature: signature as Hex })).toBe(true)
    wallet.setMode('reject')
    expect((await failure(adapter.signTypedData!({ connector, address: alice.address, typedData }))).shortMessage).toBe('Signature declined')
  })

  it('behavior: sendTransaction returns the hash of a mined transfer, and getBalance sees the change', async () => {
    const to = getAddress('0x00000000000000000000000000000000000b0b00')
    const before = await adapter.getBalance({ address: to, network: networkA })
    expect(before).toEqual({ balance: '0', symbol: 'ETH' })
    const hash = await adapter.sendTransaction({ connector, address: alice.address, network: networkA, transaction: { to, value: parseEther('0.01') } })
    expect(isTransactionHash(hash)).toBe(true)
    const receipt = await createPublicClient({ transport: http(chainA.url) }).waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe('success')
    expect(await adapter.getBalance({ address: to, network: networkA })).toEqual({ balance: '0.01', symbol: 'ETH' })
    // the request carried the chain, so a wallet on another chain refuses instead of sending there
    expect(wallet.requests.find((r) => r.method === 'eth_sendTransaction')?.params).toEqual([
      { from: alice.address, to, value: numberToHex(parseEther('0.01')), chainId: numberToHex(31337) },
    ])
  })

  it('behavior: waitForTransaction settles only once the transaction is mined', async () => {
    const rpc = createPublicClient({ transport: http(chainA.url) })
    await rpc.request({ method: 'evm_setAutomine' as never, params: [false] as never })
    try {
      const hash = await adapter.sendTransaction({ connector, address: alice.address, network: networkA, transaction: { to: bob.address, value: 1n } })
      let settled = false
      const waiting = adapter.waitForTransaction!({ network: networkA, hash }).then(() => void (settled = true))
      await new Promise((r) => setTimeout(r, 1_500))
      expect(settled).toBe(false) // still pending: no receipt yet
      await rpc.request({ method: 'evm_mine' as never })
      await waiting
      expect(settled).toBe(true)
    } finally {
      await rpc.request({ method: 'evm_setAutomine' as never, params: [true] as never })
    }
  })

  it('error: waitForTransaction gives up after its timeout on a transaction the chain never saw', async () => {
    const unknown = `0x${'ab'.repeat(32)}`
    await expect(adapter.waitForTransaction!({ network: networkA, hash: unknown, timeoutMs: 1_500 })).rejects.toMatchObject({
      code: 'RPC_REQUEST_FAILED',
    })
  })

  it('error: a declined transaction is USER_REJECTED "Signature declined"', async () => {
    wallet.setMode('reject')
    const error = await failure(adapter.sendTransaction({ connector, address: alice.address, network: networkA, transaction: { to: bob.address, value: 1n } }))
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
  })

  it('behavior: getBalance formats the native balance in ether', async () => {
    const address = getAddress('0x000000000000000000000000000000000000ba1a')
    await createPublicClient({ transport: http(chainA.url) }).request({ method: 'anvil_setBalance' as never, params: [address, numberToHex(parseEther('1.5'))] as never })
    expect(await adapter.getBalance({ address, network: networkA })).toEqual({ balance: '1.5', symbol: 'ETH' })
  })

  it('behavior: estimateGas asks the chain (21000 for a plain transfer)', async () => {
    expect(await adapter.estimateGas!({ connector, address: alice.address, network: networkA, transaction: { to: bob.address, value: 1n } })).toBe(21000n)
  })

  it('behavior: getCapabilities, sendCalls and getCallsStatus go through EIP-5792', async () => {
    const capabilities = await adapter.getCapabilities!({ connector, address: alice.address })
    expect(capabilities[numberToHex(31337)]).toEqual({ atomic: { status: 'unsupported' } })
    const id = await adapter.sendCalls!({ connector, address: alice.address, network: networkA, calls: [{ to: bob.address, value: 1n }, { to: bob.address, value: 2n }] })
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const sent = wallet.requests.find((r) => r.method === 'wallet_sendCalls')?.params as [{ calls: unknown[]; chainId: string; atomicRequired: boolean }]
    expect(sent[0]).toMatchObject({ chainId: '0x7a69', atomicRequired: false, calls: [{ to: bob.address, value: '0x1' }, { to: bob.address, value: '0x2' }] })
    // The wallet answers 100 (pending) until every call has a receipt; anvil mines them a moment later, so the
    // status is polled the way an app would, until the wallet stops reporting the batch as pending.
    const first = (await adapter.getCallsStatus!({ connector, id })) as { id: string; status: number }
    expect(first).toMatchObject({ id, atomic: false })
    expect([100, 200]).toContain(first.status)
    const settled = await vi.waitFor(async () => {
      const status = (await adapter.getCallsStatus!({ connector, id })) as { status: number; receipts: unknown[] }
      if (status.status === 100) throw new Error('the batch is still pending')
      return status
    }, { timeout: 10_000, interval: 50 })
    expect(settled).toMatchObject({ status: 200, atomic: false, chainId: '0x7a69' })
    expect(settled.receipts).toHaveLength(2)
  })

  it('behavior: request answers eth_chainId from the stored value and forwards the rest', async () => {
    const before = wallet.requests.length
    expect(await adapter.request!({ connector, method: 'eth_chainId' })).toBe('0x7a69')
    expect(wallet.requests.length).toBe(before)
    expect(await adapter.request!({ connector, method: 'eth_blockNumber' })).toMatch(/^0x/)
    expect(wallet.requests.at(-1)?.method).toBe('eth_blockNumber')
  })
})

describe('evm adapter: switching network', () => {
  beforeEach(async () => {
    await adapter.connect({ connector })
  })

  it('behavior: switchNetwork switches the wallet; the chain event fires and eth_chainId follows locally', async () => {
    const chains: unknown[] = []
    const stop = await adapter.watch({ connector, onChainChanged: (id) => chains.push(id) })
    await adapter.switchNetwork({ connector, network: networkB })
    expect(wallet.chainId).toBe(31338)
    expect(chains).toEqual([31338])
    expect(adapter.getChainId(connector)).toBe(31338)
    expect(await adapter.request!({ connector, method: 'eth_chainId' })).toBe('0x7a6a')
    stop()
  })

  it('behavior: a chain the wallet does not know (4902) is added with the network\'s parameters, then switched to', async () => {
    const extra = defineEvmNetwork({ id: 31339, name: 'Anvil 3', rpcUrls: [chainB.url], blockExplorer: { name: 'Scan', url: 'https://scan.example' } })
    await adapter.switchNetwork({ connector, network: extra })
    const methods = wallet.requests.map((r) => r.method)
    expect(methods.slice(-3)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')?.params).toEqual([
      {
        chainId: '0x7a6b',
        chainName: 'Anvil 3',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [chainB.url],
        blockExplorerUrls: ['https://scan.example'],
      },
    ])
    expect(wallet.chainId).toBe(31339)
  })

  it.each([
    ['4902 nested in data.originalError', { code: -1, message: 'wrapped', data: { originalError: { code: 4902 } } }],
    ['5000', { code: 5000, message: 'unknown chain' }],
    ['-32603', { code: -32603, message: 'Unrecognized chain' }],
  ])('behavior: switch error %s also adds the chain and retries', async (_, firstError) => {
    let failedOnce = false
    // a wallet SDK that reports an unknown chain its own way, in front of the real dev wallet
    const sdk = {
      request: (args: { method: string; params?: unknown }) => {
        if (args.method === 'wallet_switchEthereumChain' && !failedOnce) {
          failedOnce = true
          return Promise.reject(firstError)
        }
        return wallet.request(args)
      },
    }
    await adapter.switchNetwork({ connector: connectorFor(sdk), network: networkB })
    expect(wallet.requests.map((r) => r.method).slice(-2)).toEqual(['wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(wallet.chainId).toBe(31338)
  })

  it('error: a declined switch is USER_REJECTED and the stored chain stays', async () => {
    wallet.setMode('reject')
    const error = await failure(adapter.switchNetwork({ connector, network: networkB }))
    expect(error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Network switch declined' })
    expect(adapter.getChainId(connector)).toBe(31337)
  })

  it('error: a wallet that cannot switch is SWITCH_CHAIN_NOT_SUPPORTED; a non-eip155 network is CHAIN_NOT_CONFIGURED', async () => {
    const noSwitch = { request: (a: { method: string }) => (a.method === 'wallet_switchEthereumChain' ? Promise.reject({ code: 4200, message: 'nope' }) : wallet.request(a)) }
    expect((await failure(adapter.switchNetwork({ connector: connectorFor(noSwitch), network: networkB }))).code).toBe('SWITCH_CHAIN_NOT_SUPPORTED')
    const solana = { ...networkB, id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana' as const }
    expect((await failure(adapter.switchNetwork({ connector, network: solana }))).code).toBe('CHAIN_NOT_CONFIGURED')
  })
})

describe('evm adapter: wallet events', () => {
  it('behavior: watch relays accounts, chain and disconnect events; its unsubscribe stops them', async () => {
    const seen: unknown[] = []
    const stop = await adapter.watch({
      connector,
      onAccountsChanged: (a) => seen.push(['accounts', a]),
      onChainChanged: (id) => seen.push(['chain', id]),
      onDisconnect: () => seen.push(['disconnect']),
    })
    await wallet.request({ method: 'eth_requestAccounts' })
    wallet.moveToChain(999)
    wallet.disconnect()
    expect(seen).toEqual([['accounts', [alice.address, bob.address]], ['chain', 999], ['disconnect']])
    stop()
    expect(wallet.listenerCount('chainChanged')).toBe(0)
    wallet.moveToChain(31337)
    expect(seen).toHaveLength(3)
  })

  it('behavior: MetaMask\'s temporary disconnect (1013) is not a disconnect', async () => {
    const listeners: Record<string, (x: unknown) => void> = {}
    const provider = { request: wallet.request, on: (e: string, l: (x: unknown) => void) => void (listeners[e] = l), removeListener: () => {} }
    const seen: unknown[] = []
    await adapter.watch({ connector: connectorFor(provider), onDisconnect: () => seen.push('disconnect') })
    listeners.disconnect!({ code: 1013, message: 'reconnecting' })
    expect(seen).toEqual([])
    listeners.disconnect!({ code: 4900, message: 'gone' })
    expect(seen).toEqual(['disconnect'])
  })
})

describe('evm adapter: RPC', () => {
  it('error: a network without an RPC URL is RPC_URL_MISSING; an unreachable one RPC_REQUEST_FAILED', async () => {
    const bare = withRpcUrls(anvil2, [])
    const local = createEvmAdapter({ networks: [anvil, bare] })
    expect((await failure(local.getBalance({ address: alice.address, network: bare }))).code).toBe('RPC_URL_MISSING')
    const dead = withRpcUrls(anvil, ['http://127.0.0.1:9'])
    expect((await failure(local.getBalance({ address: alice.address, network: dead }))).code).toBe('RPC_REQUEST_FAILED')
    local.destroy()
  })
})
