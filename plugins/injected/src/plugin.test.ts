import { createKernel, type Kernel } from '@portico/kernel'
import { announceDevWallet, createDevWallet, DEV_WALLET_ICON, type DevWallet } from '@portico/tests/wallets/evm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import injected from './plugin.js'

let kernel: Kernel | undefined
let wallet: DevWallet
const stops: (() => void)[] = []

beforeEach(() => {
  wallet = createDevWallet()
})
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
  for (const stop of stops.splice(0)) stop()
  delete (window as { ethereum?: unknown }).ethereum
  vi.restoreAllMocks()
})

async function start(parameters?: Parameters<typeof injected>[0], features?: Record<string, unknown>) {
  kernel = createKernel({ projectId: 'test', plugins: [injected(parameters)], ...(features ? { features: features as never } : {}) })
  await kernel.ready
  return kernel
}

const announce = (w: unknown, info: Record<string, unknown> = {}) => {
  const stop = announceDevWallet(w as DevWallet, info as never)
  stops.push(stop)
  return stop
}
const listed = () => kernel!.getState().connectors.list

describe('injected plugin: EIP-6963', () => {
  it('behavior: asks wallets to announce on setup and lists each as ANNOUNCED, id = rdns, icon and name from its info', async () => {
    announce(wallet)
    await start()
    expect(listed()).toEqual([
      { id: 'dev.portico.wallet', name: 'Portico Dev Wallet', type: 'ANNOUNCED', chains: ['eip155'], imageUrl: DEV_WALLET_ICON, info: { rdns: 'dev.portico.wallet' } },
    ])
    const connector = kernel!.getConnector('dev.portico.wallet')!
    expect(await connector.getProvider('eip155')).toBe(wallet)
    await expect(connector.getProvider('solana')).rejects.toMatchObject({ code: 'UNSUPPORTED_NAMESPACE' })
  })

  it('behavior: a wallet announcing after setup is listed too', async () => {
    await start()
    expect(listed()).toEqual([])
    announce(wallet)
    expect(listed().map((c) => c.id)).toEqual(['dev.portico.wallet'])
  })

  it('behavior: announcements are folded by rdns; the first provider stays', async () => {
    announce(wallet)
    const other = createDevWallet()
    announce(other, { name: 'Impostor' })
    await start()
    expect(listed().map((c) => [c.id, c.name])).toEqual([['dev.portico.wallet', 'Portico Dev Wallet']])
    expect(await kernel!.getConnector('dev.portico.wallet')!.getProvider('eip155')).toBe(wallet)
    announce(createDevWallet(), { rdns: 'io.example.other', name: 'Other' })
    expect(listed().map((c) => c.id)).toEqual(['dev.portico.wallet', 'io.example.other'])
  })

  it.each([
    ['an https icon', { icon: 'https://tracker.example/icon.png' }],
    ['a javascript: icon', { icon: 'javascript:alert(1)' }],
    ['a bad rdns', { rdns: 'not a domain' }],
    ['an empty name', { name: '  ' }],
  ])('error: an announcement with %s is ignored with a warning', async (_, info) => {
    const warn = vi.spyOn(console, 'warn')
    await start()
    announce(wallet, info)
    expect(listed()).toEqual([])
    expect(warn).toHaveBeenCalledWith('[injected]', 'ignoring an invalid EIP-6963 announcement:', expect.any(String))
  })

  it('error: an announcement without a provider, or without a detail, is ignored', async () => {
    await start()
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: '1', name: 'X', icon: DEV_WALLET_ICON, rdns: 'io.x' }, provider: {} } }))
    window.dispatchEvent(new Event('eip6963:announceProvider'))
    expect(listed()).toEqual([])
  })

  it('behavior: teardown unlists the wallets and stops listening', async () => {
    announce(wallet)
    await start()
    kernel!.destroy()
    expect(listed()).toEqual([])
    announce(createDevWallet(), { rdns: 'io.example.late' })
    expect(listed()).toEqual([])
  })
})

describe('injected plugin: window.ethereum', () => {
  it('behavior: window.ethereum is the INJECTED connector, named from its flags', async () => {
    ;(window as { ethereum?: unknown }).ethereum = Object.assign(createDevWallet(), { isMetaMask: true })
    await start()
    expect(listed()).toEqual([{ id: 'injected', name: 'MetaMask', type: 'INJECTED', chains: ['eip155'] }])
    expect(await kernel!.getConnector('injected')!.getProvider('eip155')).toBe((window as { ethereum?: unknown }).ethereum)
  })

  it('behavior: without a known flag it is a Browser Wallet; a Brave wallet that also claims MetaMask is Brave', async () => {
    ;(window as { ethereum?: unknown }).ethereum = createDevWallet()
    await start()
    expect(listed()[0]?.name).toBe('Browser Wallet')
    kernel!.destroy()
    ;(window as { ethereum?: unknown }).ethereum = Object.assign(createDevWallet(), { isMetaMask: true, isBraveWallet: true })
    await start()
    expect(listed()[0]?.name).toBe('Brave Wallet')
  })

  it('behavior: window.ethereum is not listed twice when an announced wallet is the same provider, even announced later', async () => {
    ;(window as { ethereum?: unknown }).ethereum = wallet
    announce(wallet)
    await start()
    expect(listed().map((c) => c.id)).toEqual(['dev.portico.wallet'])
    kernel!.destroy()

    stops.splice(0).forEach((s) => s())
    await start()
    expect(listed().map((c) => c.id)).toEqual(['injected'])
    announce(wallet)
    expect(listed().map((c) => c.id)).toEqual(['dev.portico.wallet'])
  })

  it('behavior: a wallet injected after setup is picked up on ethereum#initialized', async () => {
    await start()
    ;(window as { ethereum?: unknown }).ethereum = wallet
    window.dispatchEvent(new Event('ethereum#initialized'))
    expect(listed().map((c) => c.id)).toEqual(['injected'])
  })

  it('behavior: windowEthereum: false leaves window.ethereum out', async () => {
    ;(window as { ethereum?: unknown }).ethereum = wallet
    await start({ windowEthereum: false })
    expect(listed()).toEqual([])
  })

  it('behavior: something on window.ethereum without request() is not a wallet', async () => {
    ;(window as { ethereum?: unknown }).ethereum = { isMetaMask: true }
    await start()
    expect(listed()).toEqual([])
  })
})
