import { defineChainAdapter, forwardMethods, lazyInstance, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import { configuredPolkadotNetworks } from '../networks.js'
import type { PolkadotAdapterParameters } from './context.js'
import type { PolkadotAdapter } from './index.js'

const METHODS = ['connect', 'reconnect', 'disconnect', 'switchNetwork', 'getBalance', 'signMessage', 'sendTransaction', 'watch'] as const satisfies readonly (keyof ChainAdapter)[]

/** The polkadot adapter whose code (`@polkadot/util-crypto`) loads on its first call; `load` starts it early. */
export type LazyPolkadotAdapter = ChainAdapter & { load: () => Promise<PolkadotAdapter>; getNetwork: (connector: Connector) => CaipNetworkLike | undefined; destroy: () => void }

/**
 * The polkadot adapter as the modal first needs it: its networks at once, the SS58 and signing code only when a
 * wallet connects, a session is restored or a balance is read.
 *
 * @example
 * const adapter = createLazyPolkadotAdapter({ appName: 'My dapp' })
 * adapter.networks // at once
 * await adapter.connect({ connector }) // loads the adapter's code first
 */
export function createLazyPolkadotAdapter(parameters: PolkadotAdapterParameters = {}): LazyPolkadotAdapter {
  const instance = lazyInstance(() => import('./index.js').then((m) => m.createPolkadotAdapter(parameters)))
  const load = instance.load
  const methods = forwardMethods(load, METHODS) as Pick<PolkadotAdapter, (typeof METHODS)[number]>
  return {
    ...defineChainAdapter({ namespace: 'polkadot', networks: configuredPolkadotNetworks(parameters), capabilities: [], ...methods }),
    load,
    getNetwork: (connector) => instance.current()?.getNetwork(connector),
    destroy: instance.destroy,
  }
}
