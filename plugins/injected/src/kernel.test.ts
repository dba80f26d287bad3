// Integration: the kernel's connection lifecycle, driving the evm adapter (public surface) through this plugin's
// announced connector, against the Portico Dev Wallet and two real anvils.
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { createKernel, type Kernel } from '@portico/kernel'
import evm from '@portico/plugin-evm'
import { announceDevWallet, createDevWallet, type DevWallet } from '@portico/tests/wallets/evm'
import { parseEther, verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import injected from './plugin.js'

let chainA: Anvil
let chainB: Anvil
let wallet: DevWallet
let storage: KeyValueStorage
const kernels: Kernel[] = []
const stops: (() => void)[] = []
const [alice, bob] = ANVIL_ACCOUNTS

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})
beforeEach(() => {
  wallet = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url } })
  stops.push(announceDevWallet(wallet))
  const map = new Map<string, unknown>()
  storage = {
    getItem: async (k) => structuredClone(map.get(k)) as never,
    setItem: async (k, v) => void map.set(k, structuredClone(v)),
    removeItem: async (k) => void map.delete(k),
  }
})
afterEach(() => {
  for (const k of kernels.splice(0)) k.destroy()
  for (const s of stops.splice(0)) s()
})

async function start() {
  const kernel = createKernel({
    projectId: 'test',
    networks: ['eip155:31337', 'eip155:31338'],
    storage,
    plugins: [evm({ rpcUrls: { 31337: [chainA.url], 31338: [chainB.url] } }), injected()],
  })
  kernels.push(kernel)
  await kernel.ready
  return kernel
}

const account = (k: Kernel) => k.getState().chains.accounts.eip155

describe('kernel + evm + injected + dev wallet', () => {
  it('behavior: connect shows the account and its balance; switching network moves the wallet', async () => {
    const kernel = await start()
    const info = await kernel.connect('dev.portico.wallet')
    expect(info).toMatchObject({ namespace: 'eip155', connectorId: 'dev.portico.wallet', address: alice.address, caipAddress: `eip155:31337:${alice.address}` })
    expect(account(kernel)).toMatchObject({ address: alice.address, status: 'connected', connectorId: 'dev.portico.wallet' })
    await vi.waitFor(() => expect(account(kernel)?.balanceSymbol).toBe('ETH'))
    expect(Number(account(kernel)?.balance)).toBeGreaterThan(9000)

    await kernel.switchNetwork('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338')
  })

  it('behavior: sign and send through the kernel; a declined signature shows "Signature declined"', async () => {
    const kernel = await start()
    await kernel.connect('dev.portico.wallet')
    const signature = await kernel.signMessage('hello from the kernel')
    expect(await verifyMessage({ address: alice.address, message: 'hello from the kernel', signature: signature as Hex })).toBe(true)
    const hash = await kernel.sendTransaction({ to: bob.address, value: parseEther('0.01') })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    wallet.setMode('reject')
    await expect(kernel.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED' })
    // a toast replacing an open one shows after the swap delay
    await vi.waitFor(() => expect(kernel.getState().notifications.toast).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' }))
  })

  it('behavior: the wallet moving to an unlisted chain makes the network unsupported and shows UnsupportedChain', async () => {
    const kernel = await start()
    await kernel.connect('dev.portico.wallet')
    wallet.moveToChain(999)
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:999')
    await vi.waitFor(() => expect(kernel.getState().router.history.at(-1)?.view).toBe('UnsupportedChain'))
  })

  it('behavior: a reload restores the session without prompting; disconnect clears it and revokes', async () => {
    const first = await start()
    await first.connect('dev.portico.wallet')
    first.destroy()

    wallet.setMode('reject') // restoring must not prompt
    const second = await start()
    expect(account(second)).toMatchObject({ address: alice.address, status: 'connected' })
    expect(second.getState().connection.status).toBe('connected')

    await second.disconnect()
    expect(second.getState().connection.status).toBe('disconnected')
    expect(account(second)?.address).toBeUndefined()
    expect(wallet.authorized).toBe(false)
  })
})
