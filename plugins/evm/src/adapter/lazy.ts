import { defineChainAdapter, forwardMethods, lazyInstance, type ChainAdapter } from '@portico/contracts/plugin'
import { configuredNetworks } from '../networks.js'
import type { EvmAdapterParameters } from './context.js'
import type { EvmAdapter } from './index.js'

/** The methods of the adapter, each forwarded to the real one once its code has loaded. */
const METHODS = [
  'connect',
  'reconnect',
  'disconnect',
  'switchNetwork',
  'getBalance',
  'signMessage',
  'signTypedData',
  'sendTransaction',
  'estimateGas',
  'getCapabilities',
  'sendCalls',
  'getCallsStatus',
  'request',
  'waitForTransaction',
  'watch',
] as const satisfies readonly (keyof ChainAdapter)[]

/** The eip155 adapter whose viem-based code loads on its first call; `load` starts it early. */
export type LazyEvmAdapter = ChainAdapter & { load: () => Promise<EvmAdapter>; destroy: () => void }

/**
 * The eip155 adapter as the modal first needs it: its networks and capabilities at once, and viem (the RPC
 * transports, encoders and errors, the largest part of the plugin) only when a wallet is connected, a session
 * restored or a balance read. The Connect view shows without it.
 *
 * @example
 * const adapter = createLazyEvmAdapter({ rpcUrls: { 31337: ['http://127.0.0.1:8545'] } })
 * adapter.networks // at once
 * await adapter.connect({ connector }) // loads the adapter's code first
 */
export function createLazyEvmAdapter(parameters: EvmAdapterParameters = {}): LazyEvmAdapter {
  const instance = lazyInstance(() => import('./index.js').then((m) => m.createEvmAdapter(parameters)))
  const load = instance.load
  const methods = forwardMethods(load, METHODS) as Pick<ChainAdapter, (typeof METHODS)[number]>
  return {
    ...defineChainAdapter({
      namespace: 'eip155',
      networks: configuredNetworks(parameters).networks,
      capabilities: ['signTypedData', 'estimateGas', 'getCapabilities', 'sendCalls', 'getCallsStatus', 'request', 'waitForTransaction'],
      ...methods,
    }),
    load,
    destroy: instance.destroy,
  }
}
