// Integration: wagmi actions (the ones wagmi's hooks call) on a real kernel with the evm adapter and the injected
// connector, the Portico Dev Wallet and two real anvils; the kernel and wagmi stay in sync both ways.
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { createKernel, type Kernel } from '@portico/kernel'
import evm from '@portico/plugin-evm'
import injected from '@portico/plugin-injected'
import { deployTestToken, localChain, testTokenAbi } from '@portico/service-api/testing'
import { announceDevWallet, createDevWallet, type DevWallet } from '@portico/tests/wallets/evm'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import { createPublicClient, http as viemHttp, parseEther, parseUnits, verifyMessage, type Chain } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStorage, type Config } from 'wagmi'
import {
  connect,
  disconnect,
  getAccount,
  getBalance,
  readContract,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions'
import { createPorticoWagmiConfig } from './config.js'
import { createPorticoEip1193Provider } from './provider.js'

const DEV_WALLET = 'dev.portico.wallet'
const [alice, bob] = ANVIL_ACCOUNTS
let chainA: Anvil
let chainB: Anvil
let chains: readonly [Chain, Chain]
let token: `0x${string}`
let wallet: DevWallet
let kernelStorage: KeyValueStorage
let wagmiStore: Map<string, string>
const kernels: Kernel[] = []
const stops: (() => void)[] = []

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  chains = [localChain(31337, chainA.url), localChain(31338, chainB.url)]
  token = (await deployTestToken({ rpcUrl: chainA.url, chain: chains[0] })).address
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})
beforeEach(() => {
  wallet = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url } })
  const map = new Map<string, unknown>()
  kernelStorage = {
    getItem: async (k) => structuredClone(map.get(k)) as never,
    setItem: async (k, v) => void map.set(k, structuredClone(v)),
    removeItem: async (k) => void map.delete(k),
  }
  wagmiStore = new Map()
})
afterEach(() => {
  for (const k of kernels.splice(0)) k.destroy()
  for (const s of stops.splice(0)) s()
})

/** A page load: a kernel and a wagmi config over the same (persisted) storages. */
async function load(): Promise<{ kernel: Kernel; config: Config }> {
  stops.push(announceDevWallet(wallet))
  const kernel = createKernel({
    projectId: 'test',
    networks: ['eip155:31337', 'eip155:31338'],
    storage: kernelStorage,
    plugins: [evm({ rpcUrls: { 31337: [chainA.url], 31338: [chainB.url] } }), injected()],
  })
  kernels.push(kernel)
  const storage = createStorage({
    storage: { getItem: (k) => wagmiStore.get(k) ?? null, setItem: (k, v) => void wagmiStore.set(k, v), removeItem: (k) => void wagmiStore.delete(k) },
  })
  const config = createPorticoWagmiConfig({ kernel, chains, storage }) as unknown as Config
  return { kernel, config }
}

const kernelNetwork = (kernel: Kernel) => kernel.getState().chains.activeCaipNetworkId
const kernelAccount = (kernel: Kernel) => kernel.getState().chains.accounts.eip155

describe('@portico/wagmi: the modal drives wagmi', () => {
  it('behavior: connecting, switching and disconnecting in the kernel update wagmi\'s account', async () => {
    const { kernel, config } = await load()
    await reconnect(config)
    expect(getAccount(config).status).toBe('disconnected')

    await kernel.connect(DEV_WALLET)
    await vi.waitFor(() => expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice.address, chainId: 31337 }))
    expect(getAccount(config).connector?.id).toBe('portico')

    await kernel.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(getAccount(config).chainId).toBe(31338))

    wallet.moveToChain(31337) // the wallet moving by itself reaches wagmi through the kernel
    await vi.waitFor(() => expect(getAccount(config).chainId).toBe(31337))

    await kernel.disconnect('eip155')
    await vi.waitFor(() => expect(getAccount(config).status).toBe('disconnected'))
  })
})

describe('@portico/wagmi: wagmi drives the kernel', () => {
  it('behavior: balance, signMessage (verified), sendTransaction (mined) and a contract read and write', async () => {
    const { kernel, config } = await load()
    await kernel.connect(DEV_WALLET)
    await vi.waitFor(() => expect(getAccount(config).status).toBe('connected'))

    const balance = await getBalance(config, { address: alice.address })
    expect(balance.value).toBeGreaterThan(parseEther('1000'))

    const signature = await signMessage(config, { message: 'hello from wagmi' })
    expect(await verifyMessage({ address: alice.address, message: 'hello from wagmi', signature })).toBe(true)

    const hash = await sendTransaction(config, { to: bob.address, value: parseEther('0.5') })
    const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 50 })
    expect(receipt).toMatchObject({ status: 'success', from: alice.address.toLowerCase(), to: bob.address.toLowerCase() })

    const before = await readContract(config, { address: token, abi: testTokenAbi, functionName: 'balanceOf', args: [bob.address] })
    const write = await writeContract(config, { address: token, abi: testTokenAbi, functionName: 'transfer', args: [bob.address, parseUnits('2', 6)] })
    expect((await waitForTransactionReceipt(config, { hash: write, pollingInterval: 50 })).status).toBe('success')
    const after = await readContract(config, { address: token, abi: testTokenAbi, functionName: 'balanceOf', args: [bob.address] })
    expect(after - before).toBe(parseUnits('2', 6))
    expect(wallet.requests.map((r) => r.method)).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction']))
  })

  it('behavior: switchChain moves the kernel and the wallet; disconnect through wagmi disconnects the kernel', async () => {
    const { kernel, config } = await load()
    await kernel.connect(DEV_WALLET)
    await vi.waitFor(() => expect(getAccount(config).status).toBe('connected'))

    const chain = await switchChain(config, { chainId: 31338 })
    expect(chain.id).toBe(31338)
    expect(kernelNetwork(kernel)).toBe('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(getAccount(config).chainId).toBe(31338)
    // a send after the switch lands on the second chain
    const hash = await sendTransaction(config, { to: bob.address, value: parseEther('0.1'), chainId: 31338 })
    const onB = createPublicClient({ chain: chains[1], transport: viemHttp(chainB.url) })
    expect((await onB.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')

    await disconnect(config)
    expect(getAccount(config).status).toBe('disconnected')
    await vi.waitFor(() => expect(kernelAccount(kernel)?.status ?? 'disconnected').toBe('disconnected'))
  })

  it('error: a chain wagmi was not configured with is refused before the kernel is asked', async () => {
    const { kernel, config } = await load()
    await kernel.connect(DEV_WALLET)
    await vi.waitFor(() => expect(getAccount(config).status).toBe('connected'))
    await expect(switchChain(config, { chainId: 1 })).rejects.toMatchObject({ name: 'SwitchChainError', cause: { name: 'ChainNotConfiguredError' } })
    expect(kernelNetwork(kernel)).toBe('eip155:31337')
  })

  it('behavior: wagmi\'s connect opens the modal and resolves when the visitor connects there', async () => {
    const { kernel, config } = await load()
    await reconnect(config)
    const connecting = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(kernel.getState().modal.open).toBe(true))
    await kernel.connect(DEV_WALLET) // what the modal's wallet button does
    await expect(connecting).resolves.toMatchObject({ accounts: [alice.address, bob.address], chainId: 31337 })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice.address })
  })

  it('error: closing the modal without connecting rejects wagmi\'s connect as a user rejection', async () => {
    const { kernel, config } = await load()
    await reconnect(config)
    const connecting = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(kernel.getState().modal.open).toBe(true))
    kernel.close()
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(getAccount(config).status).toBe('disconnected')
  })
})

describe('@portico/wagmi: reload', () => {
  it('behavior: wagmi\'s reconnect restores the kernel\'s session with no prompt', async () => {
    const first = await load()
    await first.kernel.connect(DEV_WALLET)
    await first.kernel.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(getAccount(first.config)).toMatchObject({ status: 'connected', chainId: 31338 }))
    for (const k of kernels.splice(0)) k.destroy()
    for (const s of stops.splice(0)) s()

    wallet.setMode('reject') // a prompt would fail now: the restore must not prompt
    const prompts = wallet.requests.length
    const second = await load()
    const restored = await reconnect(second.config)
    expect(restored).toHaveLength(1)
    expect(getAccount(second.config)).toMatchObject({ status: 'connected', address: alice.address, chainId: 31338 })
    expect(kernelAccount(second.kernel)).toMatchObject({ status: 'connected', address: alice.address })
    const asked = wallet.requests.slice(prompts).map((r) => r.method)
    expect(asked).not.toContain('eth_requestAccounts')
  })
})

describe('@portico/wagmi: the EIP-1193 provider that stands for the Portico connection', () => {
  it('behavior: answers accounts and chain from the kernel, forwards requests, and emits the kernel\'s changes', async () => {
    const { kernel } = await load()
    await kernel.ready
    const provider = createPorticoEip1193Provider(kernel)
    const events: [string, unknown][] = []
    for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect']) provider.on(name as never, ((value: unknown) => events.push([name, value])) as never)

    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', alice.address] })).rejects.toMatchObject({ code: 4900 })

    await kernel.connect(DEV_WALLET)
    expect(events.slice(0, 3)).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [alice.address, bob.address]],
      ['chainChanged', '0x7a69'],
    ])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const signature = await provider.request({ method: 'personal_sign', params: ['0x68690a', alice.address] })
    expect(await verifyMessage({ address: alice.address, message: { raw: '0x68690a' }, signature: signature as `0x${string}` })).toBe(true)

    await kernel.switchNetwork('eip155:31338')
    expect(events.at(-1)).toEqual(['chainChanged', '0x7a6a'])
    await kernel.disconnect('eip155')
    expect(events.at(-1)?.[0]).toBe('disconnect')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    provider.destroy()
  })
})
