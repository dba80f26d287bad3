import { defineChainAdapter, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
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
  let real: Promise<PolkadotAdapter> | undefined
  let loaded: PolkadotAdapter | undefined
  let destroyed = false
  const load = () =>
    (real ??= import('./index.js')
      .then((m) => {
        const adapter = m.createPolkadotAdapter(parameters)
        if (destroyed) adapter.destroy()
        return (loaded = adapter)
      })
      .catch((error: unknown) => {
        real = undefined // a chunk that failed to download is fetched again on the next call
        throw error
      }))
  const methods = Object.fromEntries(
    METHODS.map((name) => [name, async (params: never) => ((await load())[name] as (p: never) => Promise<unknown>)(params)]),
  ) as unknown as Pick<PolkadotAdapter, (typeof METHODS)[number]>
  return {
    ...defineChainAdapter({ namespace: 'polkadot', networks: configuredPolkadotNetworks(parameters), capabilities: [], ...methods }),
    load,
    getNetwork: (connector) => loaded?.getNetwork(connector),
    destroy() {
      destroyed = true
      void real?.then((a) => a.destroy(), () => {})
    },
  }
}
