// Integration: ethers v6 on the kernel's eip155 connection (evm adapter + injected connector) with the Portico Dev
// Wallet against two real anvils: sign, send, a contract read and write, and following the connection.
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { createKernel, type Kernel } from '@portico/kernel'
import evm from '@portico/plugin-evm'
import injected from '@portico/plugin-injected'
import { deployTestToken, localChain, testTokenAbi } from '@portico/service-api/testing'
import { announceDevWallet, createDevWallet, type DevWallet } from '@portico/tests/wallets/evm'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import { Contract, JsonRpcProvider, parseEther, parseUnits, verifyMessage } from 'ethers'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getPorticoBrowserProvider, getPorticoSigner, watchPorticoEthers, type PorticoEthersState } from './index.js'

const DEV_WALLET = 'dev.portico.wallet'
const [alice, bob] = ANVIL_ACCOUNTS
let chainA: Anvil
let chainB: Anvil
let token: string
let wallet: DevWallet
let kernel: Kernel
const stops: (() => void)[] = []

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  token = (await deployTestToken({ rpcUrl: chainA.url, chain: localChain(31337, chainA.url) })).address
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})
beforeEach(async () => {
  wallet = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url } })
  stops.push(announceDevWallet(wallet))
  const map = new Map<string, unknown>()
  const storage: KeyValueStorage = {
    getItem: async (k) => structuredClone(map.get(k)) as never,
    setItem: async (k, v) => void map.set(k, structuredClone(v)),
    removeItem: async (k) => void map.delete(k),
  }
  kernel = createKernel({
    projectId: 'test',
    networks: ['eip155:31337', 'eip155:31338'],
    storage,
    plugins: [evm({ rpcUrls: { 31337: [chainA.url], 31338: [chainB.url] } }), injected()],
  })
  await kernel.ready
})
afterEach(() => {
  kernel.destroy()
  for (const s of stops.splice(0)) s()
})

describe('@portico/ethers', () => {
  it('error: nothing to sign with before a wallet connects', async () => {
    expect(await getPorticoBrowserProvider(kernel)).toBeUndefined()
    await expect(getPorticoSigner(kernel)).rejects.toMatchObject({ name: 'NotConnectedError', code: 'NOT_CONNECTED' })
  })

  it('behavior: signMessage is verified; sendTransaction is mined', async () => {
    await kernel.connect(DEV_WALLET)
    const signer = await getPorticoSigner(kernel)
    expect(await signer.getAddress()).toBe(alice.address)
    const signature = await signer.signMessage('hello from ethers 6')
    expect(verifyMessage('hello from ethers 6', signature)).toBe(alice.address)

    const chain = new JsonRpcProvider(chainA.url, 31337, { staticNetwork: true, cacheTimeout: -1 })
    const before = await chain.getBalance(bob.address)
    const tx = await signer.sendTransaction({ to: bob.address, value: parseEther('0.25') })
    const receipt = await tx.wait()
    expect(receipt?.status).toBe(1)
    expect((await chain.getBalance(bob.address)) - before).toBe(parseEther('0.25'))
    chain.destroy()
  })

  it('behavior: a contract read and a contract write (the test ERC-20)', async () => {
    await kernel.connect(DEV_WALLET)
    const erc20 = new Contract(token, testTokenAbi as never, await getPorticoSigner(kernel))
    expect(await erc20.getFunction('symbol')()).toBe('PTD')
    const before: bigint = await erc20.getFunction('balanceOf')(bob.address)
    const tx = await erc20.getFunction('transfer')(bob.address, parseUnits('3', 6))
    expect((await tx.wait())?.status).toBe(1)
    expect((await erc20.getFunction('balanceOf')(bob.address)) - before).toBe(parseUnits('3', 6))
  })

  it('behavior: follows network switches and disconnects', async () => {
    const seen: (PorticoEthersState | undefined)[] = []
    const stop = watchPorticoEthers(kernel, (state) => seen.push(state))
    expect(seen).toEqual([undefined])

    await kernel.connect(DEV_WALLET)
    await vi.waitFor(() => expect(seen.at(-1)?.chainId).toBe(31337))
    const first = seen.at(-1)!.provider
    expect((await first.getNetwork()).chainId).toBe(31337n)

    await kernel.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(seen.at(-1)?.chainId).toBe(31338))
    const second = await getPorticoBrowserProvider(kernel)
    expect(second).not.toBe(first)
    expect((await second!.getNetwork()).chainId).toBe(31338n)
    // a send now lands on the second chain
    const tx = await (await getPorticoSigner(kernel)).sendTransaction({ to: bob.address, value: parseEther('0.01') })
    expect((await tx.wait())?.status).toBe(1)
    expect(await seen.at(-1)!.provider.getTransaction(tx.hash)).toMatchObject({ chainId: 31338n })

    await kernel.disconnect('eip155')
    await vi.waitFor(() => expect(seen.at(-1)).toBeUndefined())
    await expect(getPorticoSigner(kernel)).rejects.toMatchObject({ name: 'NotConnectedError' })
    stop()
  })
})
