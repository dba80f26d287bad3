/*
 * Test helpers for Portico's React bindings and for plugin views: a real kernel with in-memory storage and a
 * wrapper that provides it. Used by tests only; not exported from the package.
 */
import type { ReactNode } from 'react'
import type { CaipNetworkLike, ComponentModule, PluginDefinition, ViewEntry } from '@portico/contracts'
import { createKernel } from '../kernel/createKernel.js'
import type { Kernel } from '../kernel/types.js'
import type { KernelOptions } from '../options/kernelOptions.js'
import { createMemoryStorage } from '../storage/createStorage.js'
import { PorticoProvider } from './PorticoProvider.js'

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
