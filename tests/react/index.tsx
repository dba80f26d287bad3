/*
 * `@portico/tests/react`: test helpers for Portico's React bindings and for plugin views: a real kernel with
 * in-memory storage, a wrapper that provides it, view stubs and a scripted eip155 wallet. Used by the kernel's and
 * the plugins' tests; not part of `@portico/kernel`, which it uses through its public entry only.
 */
import type { ReactNode } from 'react'
import {
  defineChainAdapter,
  defineConnector,
  definePlugin,
  type CaipNetworkLike,
  type ComponentModule,
  type PluginDefinition,
  type ViewEntry,
} from '@portico/contracts/plugin'
import { createKernel, createMemoryStorage, PorticoProvider, type Kernel, type KernelOptions } from '@portico/kernel'

export const anvil: CaipNetworkLike = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
export const anvil2: CaipNetworkLike = { ...anvil, id: 31338, caipNetworkId: 'eip155:31338', name: 'Anvil Two' }

/** A real kernel for tests: a project id, the eip155 adapter slot, two local networks, memory storage. */
export function createTestKernel(options: KernelOptions = {}): Kernel {
  return createKernel({
    projectId: 'test-project',
    adapters: ['eip155'],
    networks: [anvil, anvil2],
    storage: createMemoryStorage(),
    ...options,
  })
}

/** A view entry whose component renders `render(data)` inside `data-testid="view-<id>"`. */
export function testView(id: string, render: (data: unknown) => ReactNode = () => id, extra: Partial<ViewEntry> = {}): ViewEntry {
  const View = ({ data }: { data: unknown }) => <div data-testid={`view-${id}`}>{render(data)}</div>
  return { load: async () => ({ default: View }) as ComponentModule<any>, title: id, ...extra }
}

/** A plugin that only provides views. */
export function viewsPlugin(views: Record<string, ViewEntry>, name = 'test-views'): PluginDefinition {
  return { name, version: '0.0.0', contracts: '^1.0.0', kind: 'feature', views }
}

/** Wraps `ui` in a provider for `kernel`. */
export function withKernel(kernel: Kernel, ui?: ReactNode) {
  return <PorticoProvider kernel={kernel}>{ui}</PorticoProvider>
}

export const TEST_ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

/**
 * A scripted eip155 wallet behind the real adapter and connector interfaces, so views can be tested against the
 * kernel's real connect, disconnect and switchNetwork. `mode` makes the next wallet call approve, reject (user
 * declined: the wallet's 4001, surfaced as USER_REJECTED) or fail.
 */
export function scriptedWalletPlugin(options: { address?: string; balance?: string; chainId?: number } = {}) {
  const wallet = {
    mode: 'approve' as 'approve' | 'reject' | 'fail',
    chainId: options.chainId ?? 31337,
    calls: [] as string[],
    /** While true, balance reads fail as an unreachable RPC does. */
    balanceDown: false,
  }
  const check = () => {
    // an adapter maps its wallet's rejection (4001 here) to the stable USER_REJECTED code the kernel knows
    if (wallet.mode === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 'USER_REJECTED', cause: { code: 4001 } })
    if (wallet.mode === 'fail') throw Object.assign(new Error('Internal error'), { code: -32603 })
  }
  const address = options.address ?? TEST_ADDRESS
  const connector = defineConnector({ id: 'test-wallet', name: 'Test Wallet', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => wallet })
  const adapter = defineChainAdapter({
    namespace: 'eip155',
    networks: [],
    capabilities: [],
    async connect() {
      wallet.calls.push('connect')
      check()
      return { address, accounts: [address], chainId: wallet.chainId }
    },
    async reconnect() {
      return undefined
    },
    async disconnect() {
      wallet.calls.push('disconnect')
      check()
    },
    async switchNetwork({ network }) {
      wallet.calls.push(`switch:${network.caipNetworkId}`)
      check()
      wallet.chainId = Number(network.id)
    },
    async getBalance() {
      if (wallet.balanceDown) throw new Error('HTTP request failed. Status: 502')
      return { balance: options.balance ?? '12.3456789', symbol: 'ETH' }
    },
    async signMessage() {
      check()
      return `0x${'ab'.repeat(65)}`
    },
    async sendTransaction() {
      check()
      return `0x${'cd'.repeat(32)}`
    },
    async watch() {
      return () => {}
    },
  })
  const plugin = definePlugin({
    name: 'test-wallet',
    version: '0.0.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    setup(ctx) {
      ctx.registerAdapter(adapter)
      ctx.registerConnector(connector)
    },
  })
  return { wallet, plugin, connector }
}
