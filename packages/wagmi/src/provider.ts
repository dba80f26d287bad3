import type { Kernel } from '@portico/kernel'
import { numberToHex, ProviderDisconnectedError, type EIP1193Provider } from 'viem'
import { readEip155Connection, watchEip155Connection } from './eip155.js'

type Listener = (...args: unknown[]) => void
type RequestArguments = { method: string; params?: unknown }
type Request = (args: RequestArguments) => Promise<unknown>

/** The EIP-1193 provider of the kernel's active eip155 connector, or `undefined` when none is connected. */
export async function getActiveEip1193Provider(kernel: Pick<Kernel, 'getState' | 'getConnector'>): Promise<{ request: Request } | undefined> {
  const connection = readEip155Connection(kernel)
  if (!connection) return undefined
  const provider = await kernel.getConnector(connection.connectorId)?.getProvider('eip155')
  return provider && typeof (provider as { request?: unknown }).request === 'function' ? (provider as { request: Request }) : undefined
}

/**
 * One EIP-1193 provider that stands for whatever eip155 wallet the visitor connected through Portico: requests go
 * to the active connector's provider, `eth_accounts` and `eth_chainId` are answered from the kernel, and
 * `accountsChanged`, `chainChanged`, `connect` and `disconnect` follow the kernel's connection (a switch in the
 * modal, a wallet moving by itself, another wallet connected). Without a connection requests reject with
 * viem's `ProviderDisconnectedError` (code 4900).
 *
 * @example
 * const provider = createPorticoEip1193Provider(kernel)
 * const client = createWalletClient({ transport: custom(provider) })
 */
export function createPorticoEip1193Provider(kernel: Pick<Kernel, 'getState' | 'subscribe' | 'getConnector'>): EIP1193Provider & {
  /** Stops following the kernel. */
  destroy: () => void
} {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const stop = watchEip155Connection(kernel, (next, previous) => {
    if (!next) return emit('accountsChanged', []), emit('disconnect', new ProviderDisconnectedError(new Error('The wallet disconnected.')))
    if (!previous) emit('connect', { chainId: numberToHex(next.chainId) })
    if (next.address !== previous?.address || next.accounts.join() !== previous.accounts.join()) emit('accountsChanged', [...next.accounts])
    if (next.chainId !== previous?.chainId) emit('chainChanged', numberToHex(next.chainId))
  })
  const request: Request = async ({ method, params }) => {
    const connection = readEip155Connection(kernel)
    if (method === 'eth_accounts') return connection ? [...connection.accounts] : []
    if (method === 'eth_chainId' && connection) return numberToHex(connection.chainId)
    const provider = await getActiveEip1193Provider(kernel)
    if (!provider) throw new ProviderDisconnectedError(new Error('No eip155 wallet is connected through Portico.'))
    return provider.request(params === undefined ? { method } : { method, params })
  }
  const provider = {
    request,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    destroy() {
      stop()
      listeners.clear()
    },
  }
  return provider as unknown as EIP1193Provider & { destroy: () => void }
}
