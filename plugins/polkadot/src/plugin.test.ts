import { vi } from 'vitest'

// jsdom's Uint8Array is not Node's: @polkadot/util would take the TextEncoder's (Node) arrays for plain objects and
// compute wrong SS58 checksums. In a browser there is one realm; here the encoder answers in the page's arrays.
vi.hoisted(() => {
  const Base = globalThis.TextEncoder
  globalThis.TextEncoder = class extends Base {
    override encode(input?: string) {
      return new Uint8Array(super.encode(input))
    }
  } as typeof TextEncoder
})

import { createKernel, type Kernel } from '@portico/kernel'
import { createPolkadotDevWallet, injectPolkadotDevWallet, POLKADOT_DEV_WALLET_CONNECTOR_ID, POLKADOT_DEV_WALLET_ICON } from '@portico/tests/wallets/polkadot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSubstrateRpc, type SubstrateRpc } from './__fixtures__/substrateRpc.js'
import { ACCOUNT_PICKER_VIEW, type AccountPickerData } from './picker.js'
import polkadot from './plugin.js'

let kernel: Kernel | undefined
let rpc: SubstrateRpc
const stops: (() => void)[] = []
beforeAll(async () => void (rpc = await startSubstrateRpc()))
afterAll(() => rpc.close())
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
  for (const stop of stops.splice(0)) stop()
})

function memoryStorage() {
  const map = new Map<string, unknown>()
  return {
    getItem: async (k: string) => structuredClone(map.get(k)) as never,
    setItem: async (k: string, v: unknown) => void map.set(k, structuredClone(v)),
    removeItem: async (k: string) => void map.delete(k),
  }
}

const NETWORKS = ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'polkadot:b0a8d493285c2df73290dfb7e61f870f'] as const

async function start(uris?: string[]) {
  const wallet = createPolkadotDevWallet(uris ? { uris } : {})
  stops.push(injectPolkadotDevWallet(wallet, window))
  kernel = createKernel({ projectId: 'test', storage: memoryStorage(), adapters: ['polkadot'], networks: [...NETWORKS], metadata: { name: 'Plugin test', description: '', url: 'http://localhost', icons: [] }, plugins: [polkadot({ rpcUrls: Object.fromEntries(NETWORKS.map((id) => [id, [rpc.url]])) })] })
  await kernel.ready
  await vi.waitFor(() => expect(kernel!.getConnector(POLKADOT_DEV_WALLET_CONNECTOR_ID)).toBeDefined())
  return { kernel, wallet }
}
const top = () => kernel!.getState().router.history.at(-1)

describe('polkadot plugin', () => {
  it('behavior: registers the adapter with the host\'s networks and lists the injected extension with its name and icon', async () => {
    await start()
    expect(kernel!.getState().plugins.byName.polkadot).toMatchObject({ status: 'ready', version: '0.1.0' })
    expect(kernel!.getState().chains.networks.map((n) => [n.caipNetworkId, n.name])).toEqual([
      [NETWORKS[0], 'Polkadot'],
      [NETWORKS[1], 'Kusama'],
    ])
    expect(kernel!.getState().connectors.list).toEqual([
      { id: POLKADOT_DEV_WALLET_CONNECTOR_ID, name: 'Portico Dev Wallet', type: 'ANNOUNCED', chains: ['polkadot'], imageUrl: POLKADOT_DEV_WALLET_ICON, info: { rdns: POLKADOT_DEV_WALLET_CONNECTOR_ID } },
    ])
  })

  it('behavior: connecting an extension with two accounts shows the picker; the pick is the connected account', async () => {
    const { wallet } = await start()
    const connecting = kernel!.connect(POLKADOT_DEV_WALLET_CONNECTOR_ID)
    await vi.waitFor(() => expect(top()?.view).toBe(ACCOUNT_PICKER_VIEW))
    const data = top()!.data as AccountPickerData
    expect(data).toMatchObject({ wallet: 'Portico Dev Wallet', walletIcon: POLKADOT_DEV_WALLET_ICON })
    expect(data.accounts.map((a) => a.name)).toEqual(['Alice', 'Bob'])
    expect(wallet.requests[0]).toMatchObject({ method: 'enable', origin: 'Plugin test' })
    const { pickAccount } = await import('./picker.js')
    pickAccount(data.requestId, data.accounts[1]!.address)
    const info = await connecting
    expect(info.address).toBe(data.accounts[1]!.address)
    expect(info.caipAddress).toBe(`${NETWORKS[0]}:${data.accounts[1]!.address}`)
    expect(kernel!.getState().chains.accounts.polkadot).toMatchObject({ status: 'connected', address: data.accounts[1]!.address })
  })

  it('behavior: going back from the picker declines the connection', async () => {
    await start()
    const { pickerHidden } = await import('./picker.js')
    const connecting = kernel!.connect(POLKADOT_DEV_WALLET_CONNECTOR_ID).catch((e: unknown) => e)
    await vi.waitFor(() => expect(top()?.view).toBe(ACCOUNT_PICKER_VIEW))
    // what the view does when it unmounts
    pickerHidden((top()!.data as AccountPickerData).requestId)
    const error = await connecting
    expect((error as { code?: string }).code).toBe('USER_REJECTED')
    expect(kernel!.getState().connection.connectError).toMatchObject({ declined: true })
  })

  it('behavior: one account connects without a picker', async () => {
    await start(['//Charlie'])
    const info = await kernel!.connect(POLKADOT_DEV_WALLET_CONNECTOR_ID)
    expect(info.address).toBe('14Gjs1TD93gnwEBfDMHoCgsuf1s2TVKUP6Z1qKmAZnZ8cW5q')
    expect(kernel!.getState().router.history.some((h) => h.view === ACCOUNT_PICKER_VIEW)).toBe(false)
  })

  it('behavior: an extension that goes away is unlisted; one that arrives later is listed', async () => {
    const { wallet } = await start()
    const injected = (window as unknown as { injectedWeb3: Record<string, unknown> }).injectedWeb3
    delete injected['portico-dev']
    injected.talisman = { enable: wallet.entry.enable }
    await vi.waitFor(() => expect(kernel!.getState().connectors.list.map((c) => [c.id, c.name])).toEqual([['polkadot.talisman', 'Talisman']]), { timeout: 4000 })
    delete injected.talisman
  })
})
