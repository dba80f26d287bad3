import { defineChainAdapter, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import { configuredSolanaNetworks } from '../networks.js'
import type { SolanaAdapterParameters } from './context.js'
import type { SolanaAdapter, SolanaAdapterExtras } from './index.js'

/** The methods forwarded to the real adapter once its code has loaded. */
const METHODS = [
  'connect',
  'reconnect',
  'disconnect',
  'switchNetwork',
  'getBalance',
  'signMessage',
  'sendTransaction',
  'waitForTransaction',
  'watch',
  'signTransaction',
  'signAllTransactions',
  'signAndSendTransaction',
  'getTokenBalances',
] as const satisfies readonly (keyof ChainAdapter | keyof SolanaAdapterExtras)[]

/** The solana adapter whose `@solana/kit` code loads on its first call; `load` starts it early. */
export type LazySolanaAdapter = ChainAdapter &
  SolanaAdapterExtras & { load: () => Promise<SolanaAdapter>; getNetwork: (connector: Connector) => CaipNetworkLike | undefined; destroy: () => void }

/**
 * The solana adapter as the modal first needs it: its networks at once, `@solana/kit` only when a wallet connects,
 * a session is restored or a balance is read.
 *
 * @example
 * const adapter = createLazySolanaAdapter({ local: { caipNetworkId, rpcUrl } })
 * adapter.networks // at once
 * await adapter.connect({ connector }) // loads the adapter's code first
 */
export function createLazySolanaAdapter(parameters: SolanaAdapterParameters = {}): LazySolanaAdapter {
  let real: Promise<SolanaAdapter> | undefined
  let loaded: SolanaAdapter | undefined
  let destroyed = false
  const load = () =>
    (real ??= import('./index.js')
      .then((m) => {
        const adapter = m.createSolanaAdapter(parameters)
        if (destroyed) adapter.destroy()
        return (loaded = adapter)
      })
      .catch((error: unknown) => {
        real = undefined // a chunk that failed to download is fetched again on the next call
        throw error
      }))
  const methods = Object.fromEntries(
    METHODS.map((name) => [name, async (params: never) => ((await load())[name] as (p: never) => Promise<unknown>)(params)]),
  ) as unknown as Pick<SolanaAdapter, (typeof METHODS)[number]>
  return {
    ...defineChainAdapter({
      namespace: 'solana',
      networks: configuredSolanaNetworks(parameters),
      capabilities: ['waitForTransaction'],
      ...methods,
    }),
    signTransaction: methods.signTransaction,
    signAllTransactions: methods.signAllTransactions,
    signAndSendTransaction: methods.signAndSendTransaction,
    getTokenBalances: methods.getTokenBalances,
    load,
    getNetwork: (connector) => loaded?.getNetwork(connector),
    destroy() {
      destroyed = true
      void real?.then((a) => a.destroy(), () => {})
    },
  }
}
